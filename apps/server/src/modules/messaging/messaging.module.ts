import { deliverBroadcast } from '../../jobs/send.job.js';
import { facebookPage } from '../../providers/facebook-messenger.js';
import { lineClient } from '../../providers/line.js';
import type { AppModule } from '../module.js';
import { deliverer } from './deliver.js';
import { linksService } from './links.service.js';
import { registerMessagingRoutes } from './messaging.routes.js';
import { sendService } from './send.service.js';
import { lineEvents, pageEvents } from './webhooks.js';

/**
 * Messaging (spec 2 §7): the Send screen's messages to members over the bell, LINE, Messenger and e-mail, sent in
 * batches by jobs with a delivery log; members' links to the shop's LINE account and Facebook Page, made through
 * the platforms' webhooks.
 */
export const messagingModule: AppModule = {
  name: 'messaging',
  register(app, { db, clock, transact, jobs, providers, config }) {
    const line = config.line ? lineClient(config.line) : undefined;
    const page = config.facebookPage ? facebookPage(config.facebookPage) : undefined;
    const links = linksService({ db, clock, transact, config });
    jobs.handle(
      deliverBroadcast,
      deliverer({ db, clock, transact, mailer: providers.mailer, line, facebook: page, publicUrl: config.publicUrl }),
    );
    registerMessagingRoutes(app, {
      send: sendService({ db, clock, transact, jobs, storage: providers.storage, config }),
      links,
      line:
        config.line && line
          ? { channelSecret: config.line.channelSecret, handle: lineEvents(links, line, app.log) }
          : undefined,
      page:
        config.facebookPage && page
          ? {
              appSecret: config.facebookPage.appSecret,
              verifyToken: config.facebookPage.verifyToken,
              handle: pageEvents(links, page, app.log, clock.now),
            }
          : undefined,
    });
  },
};
