import { sendMail } from '../../jobs/mail.job.js';
import type { AppModule } from '../module.js';
import { registerJobRoutes } from './jobs.routes.js';

/** The job queue's state for the back office, and the handlers of the providers' jobs (mail). */
export const jobsModule: AppModule = {
  name: 'jobs',
  register(app, { db, jobs, providers }) {
    jobs.handle(sendMail, (mail, job) => providers.mailer.send(mail, `sikkha-mail-${job.id}`));
    registerJobRoutes(app, db);
  },
};
