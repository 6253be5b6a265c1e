import type { AppModule } from '../module.js';
import { registerLessonCommentRoutes } from './lesson-comments.routes.js';
import { lessonCommentsService } from './lesson-comments.service.js';

/** Questions and answers under a lesson: buyers ask and answer, staff answer and moderate, askers are told. */
export const lessonCommentsModule: AppModule = {
  name: 'lessonComments',
  register(app, { db, clock, transact, jobs, config }) {
    registerLessonCommentRoutes(app, lessonCommentsService({ db, clock, transact, jobs, publicUrl: config.publicUrl }));
  },
};
