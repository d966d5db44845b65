import type { IncomingMessage } from 'node:http';
import { json, startStub } from './service-client-helpers';

export interface CaptureServer {
  url: string;
  /** Every request received, in order (method, url, headers). */
  seen: IncomingMessage[];
  close(): Promise<void>;
}

/**
 * A server that records every request and answers 200 with `body`: the stand-in for a server the
 * person never meant to trust, to prove what would reach it.
 */
export async function startCaptureServer(
  body: (url: string) => unknown = () => ({ items: [], metadata: {} }),
): Promise<CaptureServer> {
  const stub = await startStub((req, res) => {
    req.resume();
    req.on('end', () => json(res, 200, body(req.url ?? '')));
  });
  return { url: stub.url, seen: stub.requests, close: stub.close };
}
