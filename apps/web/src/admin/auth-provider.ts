import type { AuthProvider } from 'react-admin';
import { type ApiError, apiRequest } from '../api/client';
import { ADMIN_TOKEN_KEY } from './admin-request';

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const { data } = await apiRequest<{ token: string }>('loginPersonnel', {
      method: 'POST',
      body: { username, password },
      token: null,
    });
    localStorage.setItem(ADMIN_TOKEN_KEY, data.token);
  },

  async logout() {
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
};
