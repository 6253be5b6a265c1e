import type { CurrentStaff, CurrentUser, RouteData } from '@sikkha/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { LANGUAGE_KEY } from '../i18n';
import { sessionKeys } from '../lib/query-keys';
import { ADMIN_TOKEN_KEY, ApiError, TOKEN_KEY } from './client';
import { callRoute, routeData } from './routes';

// This module is in the storefront's first load: token presence and the session query only. Logging in,
// registering and the dialogs live in lazily loaded chunks (features/account).

export type { CurrentUser };
/** What loginPing answers: a member, or a staff member whose token ended up in the shopper's slot. */
export type SessionUser = RouteData<'loginPing'>;

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const emit = () => {
  for (const listener of listeners) listener();
};
// Another tab logging in or out changes what this tab should show. (The server renders pages without a window.)
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) emit();
  });
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  emit();
}

/** Logout (spec §4): everything in localStorage goes, except the chosen language. */
export function forgetSession() {
  const language = localStorage.getItem(LANGUAGE_KEY);
  localStorage.clear();
  if (language) localStorage.setItem(LANGUAGE_KEY, language);
  emit();
}

/**
 * Ends the tokens on the server too (each request takes its token before it is forgotten), whatever they answer:
 * the shopper's, and a staff session's, which /logout ends as well (spec §6: staff on the storefront go there).
 */
export function endSession() {
  for (const token of [getToken(), getStaffToken()]) {
    if (token) void callRoute('logout', { token }).catch(() => undefined);
  }
  forgetSession();
}

export const getStaffToken = () => localStorage.getItem(ADMIN_TOKEN_KEY);

/** Staff sign-in (POST loginPersonnel), from /admin/login or the storefront's login dialog: a staff session. */
export async function startStaffSession(username: string, password: string) {
  const { data } = await callRoute('loginPersonnel', { method: 'POST', body: { username, password }, token: null });
  localStorage.setItem(ADMIN_TOKEN_KEY, data.token);
}

/** The server renders a visitor's page: no token there (the server snapshot); main.tsx hydrates only a visitor's. */
export const useToken = () => useSyncExternalStore(subscribe, getToken, noToken);
const noToken = () => null;

export const isStaff = (user: SessionUser | null | undefined): user is CurrentStaff => user?.position === 'personnel';

/**
 * The session ping (spec §4): with a token, GET loginPing gives the current user. A refused token (401) marks
 * the visitor as signed out; other failures (network) keep the token for the next try.
 */
async function ping(): Promise<SessionUser | null> {
  // A logout clears the cache while pages rendered with the token may still ask: no token, no session to ask for.
  if (!getToken()) return null;
  try {
    return await routeData('loginPing');
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    localStorage.removeItem(TOKEN_KEY);
    emit();
    return null;
  }
}

/**
 * A member's page asks who they are as it starts (main.tsx), beside rendering and loading the top bar's member
 * part, instead of after them: the bell and the user menu show that much sooner.
 */
export function prefetchSession(client: QueryClient) {
  if (getToken()) void client.prefetchQuery({ queryKey: sessionKeys.current, queryFn: ping, retry: false });
}

export function useSession() {
  const token = useToken();
  const query = useQuery({ queryKey: sessionKeys.current, queryFn: ping, enabled: token !== null, retry: false });
  const user = token ? (query.data ?? null) : null;
  return {
    token,
    /** The signed-in member; null for visitors, while loading, and for a staff token. */
    user: user && !isStaff(user) ? user : null,
    staff: isStaff(user),
    isSignedIn: token !== null,
  };
}
