import { type ComponentType, lazy } from 'react';

const RELOADED_AT_KEY = 'chunk-reload-at';
const RELOAD_INTERVAL_MS = 60_000;

/**
 * After a deploy, an open tab still asks for the old, now deleted, code chunks. One reload fetches the new
 * index.html and chunk names. The timestamp stops a reload loop when the chunk is really broken or the
 * network is down: then the error reaches the route's error page instead.
 */
export async function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < RELOAD_INTERVAL_MS) throw error;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
    // Render nothing (Suspense keeps its fallback) while the page reloads.
    return new Promise<T>(() => {});
  }
}

/** React.lazy through importWithReload; `load` resolves to the component (usually a named export). */
export function lazyWithReload<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await importWithReload(load) }));
}
