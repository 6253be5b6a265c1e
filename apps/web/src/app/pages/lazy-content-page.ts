import { lazyWithReload } from '../../lib/lazy-with-reload';

export type { ContentPageName } from './ContentPage';

/**
 * The one loader of the content pages' chunk, shared by the router and the home page's latest news: a second
 * import() site would put a second loader and chunk list in the first load.
 */
export const LazyContentPage = lazyWithReload(() => import('./ContentPage').then((m) => m.ContentPage));
