import type { AppModule } from '../module.js';
import { registerQuizRoutes } from './quizzes.routes.js';
import { quizzesService } from './quizzes.service.js';

/** Tests (quizzes; the seed's `test` menu, beyond the spec): building, taking, scoring and results. */
export const quizzesModule: AppModule = {
  name: 'quizzes',
  register(app, ctx) {
    registerQuizRoutes(app, quizzesService({ db: ctx.db, clock: ctx.clock, transact: ctx.transact, jobs: ctx.jobs }));
  },
};
