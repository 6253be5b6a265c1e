import { sendChannelMessage } from '../../jobs/messaging.job.js';
import type { AppModule } from '../module.js';
import { registerGroupRoutes } from './groups.routes.js';
import { groupsService } from './groups.service.js';

/** Study groups: buyers' codes, announced to the group's LINE or Facebook channel by a job. */
export const groupsModule: AppModule = {
  name: 'groups',
  register(app, { db, clock, transact, jobs, providers }) {
    jobs.handle(sendChannelMessage, (m, job) => providers.messenger.send(m, `${sendChannelMessage.name}:${job.id}`));
    registerGroupRoutes(app, groupsService({ db, clock, transact, jobs }));
  },
};
