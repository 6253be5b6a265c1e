import type { AppModule } from '../modules/module.js';
import { registerJobRoutes } from './jobs.routes.js';
import { sendMail } from './mail.job.js';

/** The job queue's state for the back office, and the handlers of the providers' jobs (mail). */
export const jobsModule: AppModule = {
  name: 'jobs',
  register(app, { db, jobs, providers }) {
    jobs.handle(sendMail, (mail) => providers.mailer.send(mail));
    registerJobRoutes(app, db);
  },
};
