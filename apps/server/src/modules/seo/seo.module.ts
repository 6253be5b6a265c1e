import { gatewayOrigins } from '../../providers/payments/index.js';
import type { AppModule } from '../module.js';
import { registerCookieConsentForm, registerSitemapRoutes, registerWebApp } from './seo.routes.js';
import { seoService } from './seo.service.js';

/** Shareable pages: the web app's HTML with each page's title and meta, the sitemap and robots.txt. */
export const seoModule: AppModule = {
  name: 'seo',
  async register(app, { db, config, webDir, readCache }) {
    const seo = seoService(db, config.publicUrl);
    registerSitemapRoutes(app, seo);
    await registerCookieConsentForm(app);
    await registerWebApp(app, seo, {
      webDir,
      https: config.publicUrl.startsWith('https:'),
      readCache,
      gateway: gatewayOrigins(config.payments),
      videoHosts: config.videoHosts,
    });
  },
};
