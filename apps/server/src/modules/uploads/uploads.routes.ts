import fastifyMultipart from '@fastify/multipart';
import {
  errorEnvelope,
  fileTypeInfo,
  MAX_UPLOAD_FILES,
  message,
  storedFileParams,
  UPLOAD_FIELD,
  type UploadKind,
  uploadKinds,
  uploadResponse,
} from '@sikkha/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fail, notFound } from '../../errors.js';
import { requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { detectFileType } from './file-type.js';
import type { IncomingFile, IncomingStream, UploadsService } from './uploads.service.js';

const kinds: readonly UploadKind[] = uploadKinds;
const largestFile = Math.max(...kinds.map((k) => Math.max(k.maxBytes, k.media?.maxBytes ?? 0)));
const uploadErrors = { ...errorResponses, 413: errorEnvelope, 415: errorEnvelope } as const;
/**
 * The multipart body is read as a stream by the handler, so it is not validated here: this schema accepts
 * anything and only describes the form in the OpenAPI document.
 */
const multipartBody = (many: boolean) =>
  z.unknown().meta({
    type: 'object',
    properties: {
      [UPLOAD_FIELD]: many
        ? { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: MAX_UPLOAD_FILES }
        : { type: 'string', format: 'binary' },
    },
    required: [UPLOAD_FIELD],
  });
// A stream, never serialized; described for the OpenAPI document only.
const fileBody = z.any().meta({ description: 'The file itself, with its Content-Type', format: 'binary' });

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/**
 * Uploads (POST /api/upload{Endpoint}) and stored files (GET /api/{serve}/{file}) for every kind of the
 * contract's table. A plugin of its own, so multipart bodies are parsed on these routes only.
 *
 * Protected files (slips, signatures, course documents) need the bearer token. An `<img src>` or a plain link
 * cannot send one, so the web fetches them with the Authorization header and shows the response as a blob
 * (`URL.createObjectURL`); public files are plain URLs (`fileUrl` in the contract) and cached for good.
 */
export async function uploadRoutes(app: FastifyInstance, { uploads }: { uploads: UploadsService }) {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: largestFile,
      files: MAX_UPLOAD_FILES,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: MAX_UPLOAD_FILES + 10,
      headerPairs: 50,
    },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of kinds) {
    const many = kind.multiple === true;
    const types = kind.types.map((t) => fileTypeInfo[t].extension).join(', ');
    const media = kind.media
      ? ` Or a video (${kind.media.types.map((t) => fileTypeInfo[t].extension).join(', ')}) of at most ` +
        `${megabytes(kind.media.maxBytes)}, streamed to disk and never served: name it in a video's \`video_file\` ` +
        'to package it.'
      : '';
    const who = kind.uploader === 'staff' ? 'Staff' : 'A signed-in member (or staff)';
    const reader = {
      public: 'anyone',
      owner: 'the member who uploaded it, and staff',
      buyer: 'staff, and members with a finished order of a course that lists the file',
      certificate: 'staff, and the member the certificate is made out to',
    }[kind.access];

    api.post(
      `/api/upload${kind.endpoint}`,
      {
        schema: {
          tags: ['uploads'],
          summary: `Upload ${many ? 'files' : 'a file'} to /api/${kind.serve}`,
          description:
            `multipart/form-data with the file${many ? `s (up to ${MAX_UPLOAD_FILES})` : ''} in the field ` +
            `\`${UPLOAD_FIELD}\`. ${who} may upload. Types (checked by content): ${types}; at most ` +
            `${megabytes(kind.maxBytes)} each.${media} Answers the stored file name${many ? 's' : ''}.`,
          consumes: ['multipart/form-data'],
          body: multipartBody(many),
          response: { 200: uploadResponse(many), ...uploadErrors },
        },
      },
      async (request) => {
        const actor = requireSignedIn(request);
        await uploads.authorizeUpload(actor, kind);
        const files = await readFiles(request, kind, (file) => uploads.storeStream(actor, kind, file));
        const names = await uploads.store(actor, kind, files);
        return { result: true, data: many ? names : names[0]!, message: message('uploaded') };
      },
    );

    api.get(
      `/api/${kind.serve}/:file`,
      {
        schema: {
          tags: ['uploads'],
          summary: `A file uploaded through /api/upload${kind.endpoint}`,
          description: `Readable by ${reader}.`,
          params: storedFileParams,
          response: { 200: fileBody, ...errorResponses },
        },
      },
      async (request, reply) => {
        const name = request.params.file;
        if (kind.access !== 'public') await uploads.authorizeRead(requireSignedIn(request), kind, name);
        const file = await uploads.open(kind, name);
        if (!file) throw notFound();
        const disposition = file.image ? 'inline' : 'attachment';
        return reply
          .type(file.mime)
          .header('content-length', file.size)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `${disposition}; ${dispositionName(file.downloadName)}`)
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .header(
            'cache-control',
            // Stored names are random and never reused, so a public file can be cached for good.
            kind.access === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
          )
          .send(file.stream);
      },
    );
  }
}

/**
 * The files of the `images` field, read into memory within the kind's size limit; except a kind's large media
 * (videos), which go to `stream` as they arrive and are answered as already stored (their names).
 */
async function readFiles(
  request: FastifyRequest,
  kind: UploadKind,
  stream: (file: IncomingStream) => Promise<string>,
): Promise<(IncomingFile | string)[]> {
  if (!request.isMultipart()) throw fail('BAD_REQUEST', 'fileMissing');
  const files: (IncomingFile | string)[] = [];
  const limits = { fileSize: kind.media?.maxBytes ?? kind.maxBytes, files: kind.multiple ? MAX_UPLOAD_FILES : 1 };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== UPLOAD_FIELD) {
        part.file.resume();
        continue;
      }
      if (!kind.media) {
        const data = await part.toBuffer();
        // A browser sends an empty part when no file was chosen.
        if (data.length > 0) files.push({ data, filename: part.filename });
        continue;
      }
      const { head, all } = await peek(part.file, 64);
      const type = detectFileType(head);
      if (type && kind.media.types.includes(type)) {
        files.push(await stream({ type, filename: part.filename, data: all, truncated: () => part.file.truncated }));
        continue;
      }
      const data = await collect(all, kind.maxBytes);
      if (data.length > 0) files.push({ data, filename: part.filename });
    }
  } catch (error) {
    throw multipartError(request, error);
  }
  if (files.length === 0) throw fail('BAD_REQUEST', 'fileMissing');
  return files;
}

/** The first `size` bytes of a stream (to tell its type), and the whole stream, those bytes included. */
async function peek(source: AsyncIterable<Buffer>, size: number) {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    if (head.length > 0) yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, all: all() };
}

/** A stream read into memory, refused (413) once it passes `max` bytes. */
async function collect(source: AsyncIterable<Buffer>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    length += chunk.length;
    if (length > max) throw fail('PAYLOAD_TOO_LARGE', 'tooLarge');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Limits say so in Thai with 413; a malformed body is the client's fault (400), never a 500. */
function multipartError(request: FastifyRequest, error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return fail('PAYLOAD_TOO_LARGE', 'tooLarge');
    case 'FST_FILES_LIMIT':
      return fail('PAYLOAD_TOO_LARGE', 'tooManyFiles');
    default:
      request.log.info({ err: error }, 'unreadable multipart body');
      return fail('BAD_REQUEST', 'invalidInput');
  }
}

/** `filename="<ascii>"; filename*=UTF-8''<encoded>` so Thai names survive the download (RFC 6266). */
function dispositionName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
