import { createServer, connect as dial, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test puts between the shop and an outside part (the database): it can drop every connection at
 * once, refuse new ones for a while (the listening socket is closed, so a client gets ECONNREFUSED as from a server
 * that is down), delay what it forwards, or swallow it (a server that accepts and never answers).
 */
export interface TcpProxy {
  port: number;
  /** Connections open through the proxy now. */
  open(): number;
  /** Drops every open connection (both sides reset) and refuses new ones for `ms`; resolves when it accepts again. */
  cut(ms: number): Promise<void>;
  /** Forwards each chunk after `ms` (0: at once). */
  delay(ms: number): void;
  /** While on, connections are accepted (and kept) but nothing is forwarded either way. */
  stall(on: boolean): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let lag = 0;
  let stalled = false;
  const forward = (from: Socket, to: Socket) =>
    from.on('data', (chunk) => {
      if (stalled) return;
      if (lag === 0) to.write(chunk);
      else setTimeout(() => to.writable && to.write(chunk), lag);
    });
  const accept = (client: Socket) => {
    const upstream = dial(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream);
    forward(upstream, client);
  };
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  let server = createServer(accept);
  const port = await listen(server, 0);
  return {
    port,
    open: () => sockets.size / 2,
    async cut(ms) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.resetAndDestroy();
      });
      await new Promise((r) => setTimeout(r, ms));
      server = createServer(accept);
      await listen(server, port);
    },
    delay(ms) {
      lag = ms;
    },
    stall(on) {
      stalled = on;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
