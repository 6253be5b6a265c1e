import { type ComponentType, createElement, lazy, useState } from 'react';

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
    // The server's renderer has no page to reload.
    if (typeof window === 'undefined') throw error;
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < RELOAD_INTERVAL_MS) throw error;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
    // Render nothing (Suspense keeps its fallback) while the page reloads.
    return new Promise<T>(() => {});
  }
}

/**
 * React.lazy through importWithReload; `load` resolves to the component (usually a named export). `preload()`
 * loads it ahead: once loaded, new instances render it at once instead of suspending, which is what hydrating a
 * server-rendered page needs (a suspended part stays unhydrated). An instance keeps the kind it started with, so
 * a mounted part is never remounted when the chunk arrives.
 */
export function lazyWithReload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    loaded = await importWithReload(load);
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function LazyComponent(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(LazyComponent, { preload });
}
