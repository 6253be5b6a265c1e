import { z } from 'zod';
import { envelope } from '../envelope.js';
import { message } from '../messages.js';
import { STORED_FILE_NAME_MAX, storedFileName } from '../uploads.js';

/** GET /api/{serve}/{file}: a stored file name, as an upload answered; anything else is refused. */
export const storedFileParams = z.object({
  file: z
    .string()
    .max(STORED_FILE_NAME_MAX, { error: message('invalidInput') })
    .regex(storedFileName, { error: message('invalidInput') })
    .meta({ description: 'A stored file name, as an upload answered' }),
});

/** POST /api/upload{Endpoint}: the stored name, or the names in order for a kind that takes several files. */
export const uploadResponse = (multiple: boolean) => envelope(multiple ? z.array(z.string()) : z.string());
