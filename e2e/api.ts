import { expect } from 'vitest';

const ANSWER_WITHIN_MS = 30_000;

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
  /** The answer's envelope and its text as the server sent it (for checks on the bytes, e.g. a secret absent). */
  async function answer<T>(path: string, init: CallInit = {}, status = 200) {
    const sends = init.body !== undefined || init.form !== undefined;
    const method = sends ? 'POST' : 'GET';
    const res = await fetch(`${url()}/api/${path}`, {
      method,
      // A shop that never answers fails the journey here, naming the call, not at the test's own time limit.
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      headers: {
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    }).catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new Error(`the shop did not answer ${method} /api/${path} within ${ANSWER_WITHIN_MS / 1000} s`);
      }
      throw error;
    });
    const text = await res.text();
    expect(res.status, `${path}: ${text}`).toBe(status);
    return { envelope: JSON.parse(text) as Envelope<T>, text };
  }
  async function envelope<T>(path: string, init: CallInit = {}, status = 200): Promise<Envelope<T>> {
    return (await answer<T>(path, init, status)).envelope;
  }
  return {
    envelope,
    /** The answer's data. */
    call: async <T>(path: string, init: CallInit = {}, status = 200) => (await envelope<T>(path, init, status)).data,
    /** The answer's raw text. */
    text: async (path: string, init: CallInit = {}, status = 200) => (await answer(path, init, status)).text,
  };
}
