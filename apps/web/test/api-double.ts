import { setApiTransport } from '../src/api/client';

/** A request the component made, as the server would see it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  token: string | null;
}

type Answer = { status?: number; body: unknown };
type Route = (request: SeenRequest) => Answer | Promise<Answer>;

/**
 * A double of the shop's API for component tests: routes by method and path answer in the contract's envelope,
 * through the client's transport seam (`setApiTransport`), the one the server's renderer also uses. Every request
 * is kept for the test to read; a request no route answers is a 404 in the envelope, as the server says it.
 */
export function apiDouble(routes: Record<string, Route>) {
  const seen: SeenRequest[] = [];
  setApiTransport(async (url, init) => {
    const parsed = new URL(url, 'http://shop.test');
    const method = init.method ?? 'GET';
    const auth = new Headers(init.headers).get('authorization');
    const request: SeenRequest = {
      method,
      path: parsed.pathname,
      query: parsed.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      token: auth?.replace(/^Bearer /, '') ?? null,
    };
    seen.push(request);
    const route = routes[`${method} ${parsed.pathname}`];
    const answer = route ? await route(request) : { status: 404, body: { result: false, message: 'ไม่พบ', data: null } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { seen };
}

/** The contract's envelope of a successful answer. */
export const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({
  body: { result: true, message: 'ok', data, ...extra },
});
