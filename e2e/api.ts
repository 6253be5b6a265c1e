import { expect } from 'vitest';

export interface CallInit {
  token?: string;
  /** A JSON body: the call is a POST. */
  body?: unknown;
  /** A multipart body (uploads): the call is a POST. */
  form?: FormData;
}

export interface Envelope<T> {
  data: T;
  insertId?: number;
}

/**
 * The shop's API as a journey's setup and checks use it: GET without a body, POST with one; the status is checked
 * (200 unless said) with the answer in the failure's message. `url` is read at each call, since the shop starts in
 * a `beforeAll`.
 */
export function shopApi(url: () => string) {
  async function envelope<T>(path: string, init: CallInit = {}, status = 200): Promise<Envelope<T>> {
    const sends = init.body !== undefined || init.form !== undefined;
    const res = await fetch(`${url()}/api/${path}`, {
      method: sends ? 'POST' : 'GET',
      headers: {
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const json = (await res.json()) as Envelope<T>;
    expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(status);
    return json;
  }
  return {
    envelope,
    /** The answer's data. */
    call: async <T>(path: string, init: CallInit = {}, status = 200) => (await envelope<T>(path, init, status)).data,
  };
}
