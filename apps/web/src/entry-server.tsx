import type { EmotionCache } from '@emotion/cache';
import { type StorefrontPage, scriptJson, storefrontPages } from '@sikkha/contract/rules/pages';
import type { ApiAnswer, RenderedPage, RenderPage } from '@sikkha/contract/rules/server-rendering';
import { dehydrate, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { setApiTransport } from './api/client';
import { createQueryClient, Providers } from './app/providers';
import { preloadRendered, routes } from './app/router';
import { createStyleCache } from './app/style-cache';
import { RequestCookies } from './lib/request-cookies';

/**
 * The storefront pages the server renders: what a visitor reads and shares. Members' own pages (checkout, coins,
 * learning), the legal texts (a lazy chunk inside the content pages' chunk) and the back office render in the
 * browser only. main.tsx preloads the lazy parts of these pages before it hydrates them (preloadRendered).
 */
const RENDERED: readonly StorefrontPage[] = [
  'home',
  'product',
  'courses',
  'pricing',
  'news',
  'allNews',
  'contact',
  'inspire',
];

/** Queries resolve in rounds: a page's first render asks for its data, the next shows it (and may ask for more). */
const MAX_ROUNDS = 4;

/** How many pages' queries are remembered (each a few keys and functions). */
const REMEMBERED_PAGES = 500;

/** How React marks a Suspense boundary whose content comes later in the stream, put in place by an inline script. */
const PENDING_BOUNDARY = '<!--$?-->';

/**
 * The renderer the server loads from the SSR build: `api` answers the pages' API calls (the server's read cache),
 * so a page renders from memory.
 */
export function createRenderer(api: ApiAnswer): RenderPage {
  setApiTransport(async (url) => {
    const answer = await api(url);
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  const handler = createStaticHandler(routes);
  // The queries each page asked for last time: fetched before the first render, so a page renders once instead of
  // once to ask and once to show. Their answers are fresh each time (the read cache's); only what to ask is kept.
  const askedBefore = new Map<string, FetchQueryOptions[]>();

  /** The page at `url` as a visitor sees it, or null when it is not one the server renders. */
  return async function render(url: string, cookies: string): Promise<RenderedPage | null> {
    const location = new URL(url, 'http://localhost');
    if (!isRendered(location.pathname)) return null;
    const context = await handler.query(new Request(location));
    if (context instanceof Response) return null;
    // The lazy parts the page shows, loaded before it renders: a part still loading would reach the HTML as
    // React's streaming placeholder, which needs an inline script the page's CSP does not run.
    await preloadRendered(location.pathname, location.search);
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    const key = location.pathname + location.search;
    await Promise.all((askedBefore.get(key) ?? []).map((options) => client.prefetchQuery(options)));

    for (let round = 1; ; round++) {
      const emotionCache = createStyleCache();
      // Compat mode keeps each style's rules in the cache instead of writing <style> beside the elements.
      emotionCache.compat = true;
      const router = createStaticRouter(handler.dataRoutes, context);
      const { prelude } = await prerender(
        <StrictMode>
          <RequestCookies value={cookies}>
            <Providers client={client} emotionCache={emotionCache}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </Providers>
          </RequestCookies>
        </StrictMode>,
        // Every boundary inline, however large: React would move a large one to the end of the stream, to be put in
        // place by an inline script the page's CSP does not run.
        { progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      const html = await new Response(prelude).text();
      // A boundary that suspended (a lazy part loaded during this round) renders whole in the next one.
      const suspended = html.includes(PENDING_BOUNDARY);
      const asked = unfetched(client);
      if (!suspended && asked.length === 0) {
        remember(askedBefore, key, client);
        return { html, styles: styleTags(emotionCache, html), data: scriptJson(dehydrate(client)) };
      }
      if (round === MAX_ROUNDS) return null;
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    }
  };
}

function remember(askedBefore: Map<string, FetchQueryOptions[]>, key: string, client: QueryClient) {
  if (!askedBefore.has(key) && askedBefore.size >= REMEMBERED_PAGES) {
    askedBefore.delete(askedBefore.keys().next().value as string);
  }
  askedBefore.set(
    key,
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'success' && typeof query.options.queryFn === 'function')
      .map((query) => ({ queryKey: query.queryKey, queryFn: query.options.queryFn })),
  );
}

function isRendered(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return RENDERED.some((page) => matchPath(`/${storefrontPages[page]}`, pathname) !== null);
}

/** The queries a render asked for and that have no answer yet (a disabled one, like a member's, stays out). */
function unfetched(client: QueryClient) {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => {
      // The observer's options, which the query keeps (its own type leaves `enabled` out).
      const { enabled } = query.options as { enabled?: boolean | ((q: typeof query) => boolean) };
      const on = typeof enabled === 'function' ? enabled(query) : enabled;
      return on !== false && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
    });
}

/**
 * The styles the render used, as @emotion/server writes them: the browser's emotion cache finds `data-emotion="css
 * <ids>"`, marks those ids as written and keeps the tags; a global style (CssBaseline) has a tag of its own. A
 * class style no element carries (a step MUI composed into another) is left out.
 */
function styleTags(cache: EmotionCache, html: string): string {
  const rules = Object.entries(cache.inserted).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const isClass = ([id]: [string, string]) => cache.registered[`${cache.key}-${id}`] !== undefined;
  const used = rules.filter((rule) => isClass(rule) && html.includes(`${cache.key}-${rule[0]}`));
  const global = rules.filter((rule) => !isClass(rule));
  const tag = (ids: string, css: string) =>
    `<style data-emotion="${ids}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  return [
    ...global.map(([id, css]) => tag(`${cache.key}-global ${id}`, css)),
    tag(`${cache.key} ${used.map(([id]) => id).join(' ')}`, used.map(([, css]) => css).join('')),
  ].join('');
}
