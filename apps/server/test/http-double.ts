import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small HTTP server on a free local port, for the third-party APIs tests talk to. */
export async function startHttpDouble(handle: (request: IncomingMessage, url: URL, response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    handle(request, new URL(request.url ?? '/', 'http://localhost'), response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Cuts the connection without an answer: the caller gets a socket error, whatever the double did meanwhile. */
export function hangUp(response: ServerResponse) {
  response.socket?.destroy();
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

/** A request's whole body as text. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A request's JSON body, or undefined when it is not JSON (the double then answers as the real API would). */
export async function readJson<T = unknown>(request: IncomingMessage): Promise<T | undefined> {
  try {
    return JSON.parse(await readBody(request)) as T;
  } catch {
    return undefined;
  }
}
