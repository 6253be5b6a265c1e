import type { AppModule } from '../module.js';
import { uploadRoutes } from './uploads.routes.js';
import { uploadsService } from './uploads.service.js';

/** Uploaded files: checked by content, stored under random names, served to those allowed to read them. */
export const uploadsModule: AppModule = {
  name: 'uploads',
  async register(app, { db, clock, providers }) {
    await app.register(uploadRoutes, { uploads: uploadsService({ db, clock, storage: providers.storage }) });
  },
};
