// Only the Thai and Latin subsets of the weights the theme uses (regular, medium, bold).
import '@fontsource/sarabun/thai-400.css';
import '@fontsource/sarabun/latin-400.css';
import '@fontsource/sarabun/thai-500.css';
import '@fontsource/sarabun/latin-500.css';
import '@fontsource/sarabun/thai-700.css';
import '@fontsource/sarabun/latin-700.css';
import { hydrate } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { getToken } from './api/session';
import { createQueryClient, Providers } from './app/providers';
import { preloadRendered, routes } from './app/router';
import { createStyleCache } from './app/style-cache';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The API answers the server rendered the page with (entry-server.tsx): the page's queries start from them.
const client = createQueryClient();
const serverData = document.getElementById('page-data')?.textContent;
if (serverData) hydrate(client, JSON.parse(serverData));

const app = (
  <StrictMode>
    <Providers client={client} emotionCache={createStyleCache()}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </Providers>
  </StrictMode>
);

// The server renders public pages in Thai for a visitor: that is what hydrates. A member's page (what they own,
// dialogs their session opens) and a browser that chose English render their own over the server's paint, still
// starting from the inlined answers.
if (root.hasChildNodes() && i18next.language === 'th' && getToken() === null) {
  // As a transition, hydration works in slices and lets the browser answer in between (a tap, a scroll, a paint)
  // instead of holding a phone's main thread for the whole page; an event on a part not yet hydrated hurries it.
  void preloadRendered(location.pathname, location.search).then(() =>
    startTransition(() => {
      hydrateRoot(root, app);
    }),
  );
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
