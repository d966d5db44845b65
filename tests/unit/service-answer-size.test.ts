import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../src/main/service';
import { MAX_ANSWER_BYTES } from '../../src/main/service/read-body';
import { caught } from '../support/errors';
import { startStub } from '../support/service-client-helpers';

// Issue 23, finding 7: main reads at most MAX_ANSWER_BYTES of an answer. A length declared over
// it is refused before the body is read; a body that goes on past it is cut off there.

type Stub = Awaited<ReturnType<typeof startStub>>;
let stub: Stub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

// The time limit is far beyond anything the test waits for: a client that read the whole endless
// answer would end on it as a timeout, which the assertions tell apart from the refusal.
const clientOf = (s: Stub) =>
  createServiceClient({
    baseUrl: s.url,
    vaultUrl: '',
    getApiKey: () => 'size-key-0123456789',
    readRetries: 0,
    timeoutMs: 120_000,
  });

const PAGE_START = '{"items":[';
const ROW = JSON.stringify({ id: 'svc_1', svcHandle: 'acme', name: 'A'.repeat(900), accountId: 'acc_1' });

/** Writes rows, far past the limit, then holds the connection open without ending the answer. */
function endless(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(PAGE_START);
  let written = 0;
  const pump = () => {
    while (!res.destroyed && written < 8 * MAX_ANSWER_BYTES) {
      written += ROW.length + 1;
      if (!res.write(`${ROW},`)) return void res.once('drain', pump);
    }
  };
  pump();
}

describe('the size of an answer main reads', () => {
  it('cuts off an answer with no length that does not end, and says so', async () => {
    stub = await startStub((req, res) => {
      req.resume();
      endless(res);
    });
    const error = await caught(clientOf(stub).listSvcHandles());
    expect(error).toMatchObject({ kind: 'invalid-response', sentRequest: true, retryable: false });
    expect(error.message).toBe(
      "The service's answer to listSvcHandles is larger than 8 MB, far more than one answer should be, so it was not read. The service may be misbehaving; try again later or report it.",
    );
  });

  it('refuses a declared length over the limit without waiting for the body', async () => {
    stub = await startStub((req, res) => {
      req.resume();
      // Declares 1 GB and sends a few bytes, then nothing: only the header can end this call.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 ** 3) });
      res.write(PAGE_START);
    });
    const error = await caught(clientOf(stub).listSvcHandles());
    expect(error).toMatchObject({ kind: 'invalid-response', sentRequest: true });
    expect(error.message).toMatch(/is larger than 8 MB/);
  });

  it('counts the unpacked bytes: a small compressed body that unpacks past the limit is cut off', async () => {
    const huge = `${PAGE_START}${Array.from({ length: Math.ceil(MAX_ANSWER_BYTES / ROW.length) + 10 }, () => ROW).join(',')}]}`;
    const packed = gzipSync(huge);
    expect(packed.length).toBeLessThan(MAX_ANSWER_BYTES / 10);
    stub = await startStub((req, res) => {
      req.resume();
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(packed.length),
      });
      res.end(packed);
    });
    const error = await caught(clientOf(stub).listSvcHandles());
    expect(error).toMatchObject({ kind: 'invalid-response' });
    expect(error.message).toMatch(/is larger than 8 MB/);
  });

  it('reads an answer just under the limit, and an error status whose body is too large still says its status', async () => {
    const rows = Math.floor((MAX_ANSWER_BYTES - 100) / (ROW.length + 1));
    const page = `${PAGE_START}${Array.from({ length: rows }, () => ROW).join(',')}]}`;
    expect(Buffer.byteLength(page)).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
    stub = await startStub((req, res) => {
      req.resume();
      if (req.url?.startsWith('/svc-handle')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(page);
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ message: 'x'.repeat(200_000), name: 'NotFound', identifier: 'NOT_FOUND', rawStatus: 404 }),
        );
      }
    });
    const client = clientOf(stub);
    const answer = await client.listSvcHandles();
    expect(answer.items).toHaveLength(rows);
    const error = await caught(client.getCard({ params: { cardId: 'card_1' } }));
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(error.message).toBe('Not found (404). It may have been removed; refresh and try again.');
  });
});
