import { apiRequest, type RequestOptions } from '../api/client';

/** Staff sessions are kept apart from the shopper's, under their own key. */
export const ADMIN_TOKEN_KEY = 'adminToken';

export const adminRequest = <T>(path: string, options: Omit<RequestOptions, 'token'> = {}) =>
  apiRequest<T>(path, { ...options, token: localStorage.getItem(ADMIN_TOKEN_KEY) });
