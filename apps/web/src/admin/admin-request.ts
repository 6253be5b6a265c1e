import type { RouteName, RouteResponse } from '@sikkha/contract';
import { ADMIN_TOKEN_KEY, apiRequest, type RequestOptions } from '../api/client';
import { callRoute, type RouteCall } from '../api/routes';

export const adminRequest = <T>(path: string, options: Omit<RequestOptions, 'token'> = {}) =>
  apiRequest<T>(path, { ...options, token: localStorage.getItem(ADMIN_TOKEN_KEY) });

/** A hand-written route of the contract's table, called with the staff token; typed by its schemas. */
export const adminRoute = <K extends RouteName>(
  name: K,
  call: Omit<RouteCall<K>, 'token'>,
): Promise<RouteResponse<K>> =>
  (callRoute as (n: K, c: RouteCall<K>) => Promise<RouteResponse<K>>)(name, {
    ...call,
    token: localStorage.getItem(ADMIN_TOKEN_KEY),
  } as RouteCall<K>);
