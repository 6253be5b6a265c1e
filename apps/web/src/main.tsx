// Only the Thai and Latin subsets of the weights the theme uses (regular, medium, bold).
import '@fontsource/sarabun/thai-400.css';
import '@fontsource/sarabun/latin-400.css';
import '@fontsource/sarabun/thai-500.css';
import '@fontsource/sarabun/latin-500.css';
import '@fontsource/sarabun/thai-700.css';
import '@fontsource/sarabun/latin-700.css';
import './app/page.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { getToken, prefetchSession } from './api/session';
import { createQueryClient, Providers } from './app/providers';
import { preloadRendered, routes } from './app/router';
import { createStyleCache } from './app/style-cache';
import { currentLanguage } from './i18n';
import { hydratingAddress } from './lib/server-markup';

declare global {
  interface Window {
    /** The buttons tapped since the page loaded, from the page's loader (load-app.js); it stops keeping them. */
    sikkhaTapsBeforeApp?: () => HTMLElement[];
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Lets the browser paint and answer a tap between two steps of starting the app. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The server renders public pages in Thai for a visitor: that is what hydrates. A member's page (what they own,
// dialogs their session opens) and a browser that chose English render their own over the server's paint, still
// starting from the inlined answers.
const hydrating = root.hasChildNodes() && currentLanguage() === 'th' && getToken() === null;

// The modules evaluate in one task; starting the app takes the next ones, each short, so no single task holds a
// phone's main thread for all of it (Lighthouse's total blocking time counts every long task after the first paint).
async function start(container: HTMLElement) {
  if (hydrating) await preloadRendered(location.pathname, location.search);
  else await nextTask();
  // The API answers the server rendered the page with (entry-server.tsx): the page's queries start from them.
  const client = createQueryClient();
  const serverData = document.getElementById('page-data')?.textContent;
  if (serverData) hydrate(client, JSON.parse(serverData));
  prefetchSession(client);
  await nextTask();
  // Hydration data (the routes have no loaders) tells the router the page was rendered on the server: without it,
  // its scroll restoration scrolls to the top once hydrated, under a reader who scrolled while the page hydrated.
  const router = createBrowserRouter(routes, hydrating ? { hydrationData: {} } : undefined);
  await nextTask();
  const app = (
    <StrictMode>
      <Providers client={client} emotionCache={createStyleCache()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // Buttons tapped before the app took the page over (load-app.js), in their order.
  const taps = window.sikkhaTapsBeforeApp?.() ?? [];
  if (hydrating) {
    hydratingAddress(location.pathname + location.search);
    // As a transition, hydration works in slices and lets the browser answer in between (a tap, a scroll, a paint)
    // instead of holding a phone's main thread for the whole page; a click on a part not yet hydrated hurries it.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    // Each in a task of its own, as they were made: the next tap sees what the last one changed.
    for (const button of taps) {
      await nextTask();
      if (button.isConnected) button.click();
    }
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start(root);
