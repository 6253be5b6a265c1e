import { useSyncExternalStore } from 'react';

// In the first load: which account dialog is open. The dialogs themselves load on demand (AccountHost).

/** What a Google or Facebook sign-in hands to the register dialog when no account matched (contract socialResult). */
export interface SocialSignup {
  ticket: string;
  provider: 'google' | 'facebook';
  email: string | null;
  name_th: string | null;
  lname_th: string | null;
}

/** The account dialogs of spec §2. One shows at a time: each step of a flow replaces the previous one. */
export type AccountDialog =
  /** notice: a line above the form; error: a failure to show in the Login alert (a social sign-in the server refused). */
  /** email: the address to prefill (after a password reset). */
  | { name: 'login'; notice?: 'gatewayLogin' | 'passwordChanged'; error?: string; email?: string }
  | { name: 'register'; signup?: SocialSignup }
  | { name: 'confirmEmail' }
  | { name: 'privacyPolicy' }
  /** With a code (from /code/{code}): the new-password step; without: the e-mail step. */
  | { name: 'changePassword'; code?: string }
  /** A signed-in member changing their password with the old one. */
  | { name: 'changeOwnPassword' }
  /** The change-password companion: the server's message and a way back to the change-password dialog. */
  | { name: 'changePasswordMessage'; message: string }
  | { name: 'tokenExpired' }
  | { name: 'facebookFailed' }
  | { name: 'message'; message: string }
  | { name: 'loading' };

export type AccountDialogName = AccountDialog['name'];

let current: AccountDialog | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function set(dialog: AccountDialog | null) {
  current = dialog;
  for (const listener of listeners) listener();
}

export const openAccountDialog = (dialog: AccountDialog) => set(dialog);
export const closeAccountDialog = () => set(null);
export const getAccountDialog = () => current;
// No dialog is open in a server-rendered page.
export const useAccountDialog = () => useSyncExternalStore(subscribe, getAccountDialog, noDialog);
const noDialog = () => null;
