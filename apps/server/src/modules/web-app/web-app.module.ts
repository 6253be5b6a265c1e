import { gatewayOrigins } from '../../providers/payments/index.js';
import type { AppModule } from '../module.js';
import { registerCookieConsentForm } from './cookie-consent.routes.js';
import { pageMetaService } from './page-meta.js';
import { registerSitemapRoutes } from './sitemap.routes.js';
import { registerWebApp } from './web-app.routes.js';

/**
 * The web server: the built app's files, every page's HTML rendered on the server with its title, meta and data
 * (kept in the page cache until that data changes), the sitemap and robots.txt, and the cookie banner's plain form.
 */
export const webAppModule: AppModule = {
  name: 'webApp',
  async register(app, { db, config, webDir, readCache }) {
    const meta = pageMetaService(db, config.publicUrl);
    registerSitemapRoutes(app, meta);
    await registerCookieConsentForm(app);
    await registerWebApp(app, meta, {
      webDir,
      https: config.publicUrl.startsWith('https:'),
      readCache,
      gateway: gatewayOrigins(config.payments),
      videoHosts: config.videoHosts,
    });
  },
};
