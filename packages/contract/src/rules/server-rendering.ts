// What the web's server-rendering build (apps/web/src/entry-server.tsx) and the server that loads it
// (apps/server/src/modules/web-app/page-renderer.ts) agree on.

/** A page's HTML for #root, its styles for <head>, and the API answers it used, for the browser's query cache. */
export interface RenderedPage {
  html: string;
  styles: string;
  data: string;
}

/** How the server answers an API path (`/api/...`) in its own process. */
export type ApiAnswer = (url: string) => Promise<{ status: number; body: string }>;

/** Renders one page for a URL and the visitor's cookies; null when the web app has no such page. */
export type RenderPage = (url: string, cookies: string) => Promise<RenderedPage | null>;

/** The server entry's one export. */
export type CreateRenderer = (api: ApiAnswer) => RenderPage;
