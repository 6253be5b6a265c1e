import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CreateRenderer, RenderedPage, RenderPage } from '@sikkha/contract/rules/server-rendering';
import type { FastifyInstance } from 'fastify';

/** The web app's SSR build (apps/web/src/entry-server.tsx). */
interface ServerEntry {
  createRenderer: CreateRenderer;
}

/** Where the web build keeps its server renderer: a dot folder, which the static files never serve. */
export const SERVER_ENTRY = '.ssr/entry-server.js';

/**
 * The storefront's server renderer, when the web build has one. Its API calls are answered in this process
 * (`inject`: the read cache's answers from memory, no socket), always as a visitor: the page is the same for
 * everyone, and a member's parts render in the browser after hydration.
 */
export async function loadPageRenderer(app: FastifyInstance, webDir: string): Promise<RenderPage | undefined> {
  const entry = join(webDir, SERVER_ENTRY);
  if (!existsSync(entry)) return undefined;
  const { createRenderer } = (await import(pathToFileURL(entry).href)) as ServerEntry;
  return createRenderer(async (url) => {
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return { status: answer.statusCode, body: answer.body };
  });
}

/**
 * Preload links for the two Sarabun files the first paint uses (Thai and Latin, regular): the browser would find
 * them only after the stylesheet, then wait on them to draw the text.
 */
export function fontPreloads(webDir: string): string {
  const assets = join(webDir, 'assets');
  if (!existsSync(assets)) return '';
  return readdirSync(assets)
    .filter((name) => /^sarabun-(thai|latin)-400-normal-[\w-]+\.woff2$/.test(name))
    .map((name) => `<link rel="preload" href="/assets/${name}" as="font" type="font/woff2" crossorigin />`)
    .join('\n    ');
}

/** The index.html of a page with the server's markup in #root, its styles and its data. */
export function withRenderedPage(html: string, page: RenderedPage): string {
  // Replacer functions: a `$` in the page's text or styles is no replacement pattern.
  return html
    .replace('</head>', () => `    ${page.styles}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div>\n    <script type="application/json" id="page-data">${page.data}</script>`,
    );
}
