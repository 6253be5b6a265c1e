import type { CurrentStaff } from '@sikkha/contract';
import type { AuthProvider } from 'react-admin';
import { ADMIN_TOKEN_KEY, type ApiError } from '../api/client';
import { startStaffSession } from '../api/session';
import { adminRequest } from './admin-request';

/**
 * Staff sign in at /admin/login with POST /api/loginPersonnel; the token lives under its own key ('adminToken'),
 * never in the shopper's 'token', so a staff token is never used on the storefront (spec §6). The router's
 * AdminGate keeps members and visitors out of the admin pages.
 */
export const authProvider: AuthProvider = {
  login: ({ username, password }: { username: string; password: string }) => startStaffSession(username, password),

  // The token is ended on the server too, so a copied token stops working.
  async logout() {
    if (localStorage.getItem(ADMIN_TOKEN_KEY)) await adminRequest('logout').catch(() => undefined);
    localStorage.removeItem(ADMIN_TOKEN_KEY);
  },

  // Only the presence of a token is checked here; the server verifies it on every call.
  checkAuth() {
    return localStorage.getItem(ADMIN_TOKEN_KEY) ? Promise.resolve() : Promise.reject();
  },

  // 401 means the token expired or was revoked: drop it, and react-admin sends the user to the login page.
  // 403 is a refusal of one action and keeps the session.
  checkError(error: ApiError) {
    if (error.status !== 401) return Promise.resolve();
    localStorage.removeItem(ADMIN_TOKEN_KEY);
    return Promise.reject();
  },

  // The staff member shown in the app bar, from the session ping with the staff token.
  async getIdentity() {
    const { data } = await adminRequest<CurrentStaff>('loginPing');
    const fullName = [data.personnel_name, data.personnel_lname].filter(Boolean).join(' ') || data.username;
    return { id: data.id, fullName };
  },
};
