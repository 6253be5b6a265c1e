import type { ApiRoutes, RouteBody, RouteData, RouteName, RouteResponse } from '@sikkha/contract';
import { apiRequest, type QueryValue, type RequestOptions } from './client';

// Types only from the contract: its schemas (and zod) stay out of the storefront's first load.

type MethodOf<K extends RouteName> = ApiRoutes[K]['method'] extends readonly (infer M)[] ? M : ApiRoutes[K]['method'];

/** How a route is called: GET unless the route takes only POST, with the body its schema accepts. */
export type RouteCall<K extends RouteName> = {
  query?: Record<string, QueryValue>;
  body?: ApiRoutes[K] extends { body: unknown } ? RouteBody<K> : Record<string, never>;
  /** Bearer token; defaults to the shopper's session token. */
  token?: string | null;
} & ('GET' extends MethodOf<K> ? { method?: MethodOf<K> } : { method: MethodOf<K> });

/** A GET route may be called with nothing more; a POST route says so. */
type CallArgs<K extends RouteName> = 'GET' extends MethodOf<K> ? [call?: RouteCall<K>] : [call: RouteCall<K>];

/** Calls a hand-written route of the contract's table; its answer is typed by the route's response schema. */
export async function callRoute<K extends RouteName>(name: K, ...[call]: CallArgs<K>): Promise<RouteResponse<K>> {
  // The method union of a route is checked above; the client takes any of them.
  return (await apiRequest(name, call as RequestOptions | undefined)) as RouteResponse<K>;
}

/** The `data` of a route's answer. */
export async function routeData<K extends RouteName>(name: K, ...args: CallArgs<K>): Promise<RouteData<K>> {
  return (await callRoute(name, ...args)).data;
}
