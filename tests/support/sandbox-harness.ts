import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';
import { parseInstant } from '../../src/sandbox/world/instant';
import type { World } from '../../src/sandbox/world/world';

export const DAY = 86_400_000;

/**
 * The instant every sandbox of the suite is pinned to, so no test depends on the wall clock:
 * SANDBOX_TEST_NOW (ISO 8601 or unix ms; the awkward-dates suite sets it) or a fixed default.
 * The clock stands still there and moves only when a test advances it.
 */
export const TEST_NOW = testNow(process.env.SANDBOX_TEST_NOW);

function testNow(fromEnv: string | undefined): number {
  if (fromEnv === undefined || fromEnv === '') return Date.parse('2025-06-15T12:34:56.000Z');
  const ms = parseInstant(fromEnv);
  if (ms === undefined)
    throw new Error(`SANDBOX_TEST_NOW must be ISO 8601 with Z or an offset, or unix ms; got "${fromEnv}"`);
  return ms;
}

/** Midnight UTC of the day of `ms`. */
export const startOfUtcDay = (ms: number): number => Math.floor(ms / DAY) * DAY;

/** A response as the tests look at it: status, headers and the parsed JSON body. */
export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies default to `any` in tests:
   each test asserts the fields it cares about, and contract tests parse bodies with the zod schemas. */
export interface Client {
  sandbox: Sandbox;
  /** The sandbox's world as it is now (read at each use). */
  readonly world: World;
  /** The seed's primary virtual account. */
  readonly primaryId: string;
  /** Calls the API host with the right key unless `headers` overrides it. */
  call<T = any>(
    method: string,
    path: string,
    init?: { body?: unknown; rawBody?: string; headers?: Record<string, string>; host?: 'api' | 'vault' },
  ): Promise<Reply<T>>;
  get<T = any>(path: string, query?: Record<string, string>): Promise<Reply<T>>;
  /** Follows `metadata.nextCursor` to the end and returns every item. */
  all<T = any>(path: string, query?: Record<string, string>): Promise<T[]>;
  close(): Promise<void>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Starts a sandbox pinned at TEST_NOW unless `options.now` pins it elsewhere. */
export async function startClient(options: SandboxOptions = {}): Promise<Client> {
  const sandbox = await startSandbox({ transactions: 500, now: () => TEST_NOW, ...options });
  const call: Client['call'] = async (method, path, init = {}) => {
    const base = init.host === 'vault' ? sandbox.vaultUrl : sandbox.apiUrl;
    const headers: Record<string, string> = { 'x-api-key': sandbox.apiKey, ...init.headers };
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
    }
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(base + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed as never };
  };
  const get: Client['get'] = (path, query) => call('GET', query ? `${path}?${new URLSearchParams(query)}` : path);
  const all: Client['all'] = async (path, query = {}) => {
    const items: never[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 100_000; guard++) {
      const page = await get<{ items: never[]; metadata?: { nextCursor?: string } }>(
        path,
        cursor ? { ...query, cursor } : query,
      );
      if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}: ${JSON.stringify(page.body)}`);
      items.push(...page.body.items);
      cursor = page.body.metadata?.nextCursor;
      if (!cursor) return items;
    }
    throw new Error('pagination did not end');
  };
  return {
    sandbox,
    get world() {
      return sandbox.world;
    },
    get primaryId() {
      return sandbox.world.primaryVirtualAccountId;
    },
    call,
    get,
    all,
    close: () => sandbox.close(),
  };
}

/**
 * The file's client: started before its tests and closed after them (with `each`, a new one for
 * every test). Used before it has started, it throws.
 */
export function clientForFile(options: SandboxOptions = {}, { each = false } = {}): Client {
  let started: Client | undefined;
  (each ? beforeEach : beforeAll)(async () => {
    started = await startClient(options);
  });
  (each ? afterEach : afterAll)(async () => {
    await started?.close();
    started = undefined;
  });
  const the = (): Client => {
    if (!started)
      throw new Error('the sandbox client is used outside its tests (it starts before them and closes after)');
    return started;
  };
  return {
    get sandbox() {
      return the().sandbox;
    },
    get world() {
      return the().world;
    },
    get primaryId() {
      return the().primaryId;
    },
    call: (method, path, init) => the().call(method, path, init),
    get: (path, query) => the().get(path, query),
    all: (path, query) => the().all(path, query),
    close: () => the().close(),
  };
}

/** The body of an answer under 300; otherwise it throws, naming `what` was asked and the answer. */
export async function okBody<T>(p: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await p;
  if (r.status >= 300) throw new Error(`${what} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Someone in the sandbox's world to pay: the first handle that is not the company's own. */
export function payeeOf(client: Client): string {
  const world = client.sandbox.world;
  const h = [...world.svcHandles.values()].find((x) => x.id !== world.ownSvcHandleId);
  if (!h) throw new Error('the seed has no payee');
  return h.svcHandle;
}

/** How many payments of exactly `amountCents` the sandbox's ledger holds. */
export const paymentsOf = (client: Client, amountCents: number): number =>
  client.sandbox.world.ledger.filter((e) => e.kind === 'payment' && e.amountCents === amountCents).length;
