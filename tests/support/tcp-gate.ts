import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP relay in front of a server, which a test opens and shuts: shut, every
 * connection through it is cut and new ones are refused at once (the port stops listening), as
 * when a desktop loses its network; opened again, on the same port, it relays as before.
 */
export interface TcpGate {
  port: number;
  shut(): Promise<void>;
  open(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpGate(target: { host: string; port: number }): Promise<TcpGate> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((inbound) => {
        const outbound = connect(target.port, target.host);
        for (const [a, b] of [
          [inbound, outbound],
          [outbound, inbound],
        ] as const) {
          sockets.add(a);
          a.on('close', () => sockets.delete(a));
          a.on('error', () => b.destroy());
          a.pipe(b);
        }
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        const address = s.address();
        if (typeof address === 'object' && address) port = address.port;
        server = s;
        resolve();
      });
    });
  const shut = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();
  return { port, shut, open: () => (server ? Promise.resolve() : listen()), close: shut };
}
