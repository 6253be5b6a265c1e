import { ADMIN_TOKEN_KEY, apiRequest, type RequestOptions } from '../api/client';

export const adminRequest = <T>(path: string, options: Omit<RequestOptions, 'token'> = {}) =>
  apiRequest<T>(path, { ...options, token: localStorage.getItem(ADMIN_TOKEN_KEY) });
