import type { AppModule } from '../module.js';
import { registerCatalogueRoutes } from './catalogue.routes.js';
import { catalogueService } from './catalogue.service.js';

/** The course dialog in one request, and course search; the plain catalogue resources are the engine's. */
export const catalogueModule: AppModule = {
  name: 'catalogue',
  register: (app, { db, clock }) => registerCatalogueRoutes(app, catalogueService({ db, clock })),
};
