import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type CallArgs, type ServiceClient } from '../../src/main/service';
import { endpoints, IDEMPOTENCY_HEADER, type EndpointName, type ResponseOf } from '../../src/shared/service';
import {
  goOffline,
  json,
  ledgerCount,
  realIds,
  sampleCalls,
  startEnv,
  startStub,
  type Env,
  type Samples,
} from '../support/service-client-helpers';
import { freshKey } from '../support/fresh-key';
import { caught } from '../support/errors';

/**
 * The ServiceClient against the sandbox over real HTTP: every generated method, the vault, the
 * request it sends, pagination and the probe. Failures and faults are in service-client-errors.
 */

let env: Env;
let samples: Samples;
beforeAll(async () => {
  env = await startEnv({ pageSize: 50 });
  samples = sampleCalls(env.sandbox.world);
});
afterAll(() => env.close());
afterEach(() => env.sandbox.resetFaults());

const names = Object.keys(endpoints) as EndpointName[];

/** Calls `name` through its generated method (the mapped type is not callable for a generic N). */
function callMethod<N extends EndpointName>(client: ServiceClient, name: N, args: CallArgs<N>): Promise<ResponseOf<N>> {
  const method = client[name] as unknown as (a: CallArgs<N>) => Promise<ResponseOf<N>>;
  return method(args);
}

const callSample = <N extends EndpointName>(name: N) => callMethod(env.client, name, samples[name]);

describe('generated methods', () => {
  it('has exactly one method per endpoint of the table, plus call, listAll, probe and revealCard', () => {
    for (const name of names) expect(typeof env.client[name], name).toBe('function');
    expect(Object.keys(env.client).sort()).toEqual([...names, 'call', 'listAll', 'probe', 'revealCard'].sort());
    expect(Object.isFrozen(env.client)).toBe(true);
  });

  it.each(names)('%s answers through its generated method with a body that matches the contract', async (name) => {
    const before = env.outcomes.length;
    const result = await callSample(name);
    expect(endpoints[name].response.safeParse(result).success).toBe(true);
    expect(env.outcomes.slice(before)).toEqual([{ ok: true }]);
  });

  it('call() is the same thing by name', async () => {
    const id = realIds(env.sandbox.world);
    const card = await env.client.call('getCard', { params: { cardId: id.cardId } });
    expect(card.id).toBe(id.cardId);
  });

  it('lets endpoints without required arguments be called bare', async () => {
    const page = await env.client.listCards();
    expect(page.items.length).toBeGreaterThan(0);
    expect((await env.client.getOwnSvcHandle()).id).toBe(env.sandbox.world.ownSvcHandleId);
  });
});

describe('vault', () => {
  it('reveals PAN and CVV only from the vault with the flags set', async () => {
    const cardId = realIds(env.sandbox.world).cardId;
    const revealed = await env.client.revealCard({ cardId, pan: true, cvv: true });
    expect(revealed.pan).toBe(env.sandbox.world.cards.get(cardId)?.pan);
    expect(revealed.cvv).toMatch(/^\d{3,4}$/);
    expect(revealed.pan?.endsWith(revealed.last4)).toBe(true);

    const fromApi = await env.client.getCard({
      params: { cardId },
      query: { include_pan: 'true', include_cvv: 'true' },
    });
    expect(fromApi.pan).toBeUndefined();
    expect(fromApi.cvv).toBeUndefined();

    const noFlags = await env.client.getCard({ params: { cardId }, vault: true });
    expect(noFlags.pan).toBeUndefined();

    // The generic read at the vault with both flags set: the vault sends them, the client drops
    // them. Only revealCard keeps them.
    const genericAtVault = await env.client.getCard({
      params: { cardId },
      query: { include_pan: 'true', include_cvv: 'true' },
      vault: true,
    });
    expect(genericAtVault.pan).toBeUndefined();
    expect(genericAtVault.cvv).toBeUndefined();
    const generic = await env.client.call('getCard', {
      params: { cardId },
      query: { include_pan: 'true', include_cvv: 'true' },
      vault: true,
    });
    expect(JSON.stringify(generic)).not.toContain(env.sandbox.world.cards.get(cardId)?.pan ?? 'no pan in the world');

    // Only what was asked for comes back.
    const codeOnly = await env.client.revealCard({ cardId, pan: false, cvv: true });
    expect(codeOnly.pan).toBeUndefined();
    expect(codeOnly.cvv).toBe(revealed.cvv);
  });

  it('refuses vault:true on an endpoint the vault does not serve, sending nothing', async () => {
    // Only reachable from untyped callers (IPC); the type forbids it.
    const args = { vault: true } as unknown as CallArgs<'listCards'>;
    const error = await caught(env.client.listCards(args));
    expect(error).toMatchObject({ kind: 'invalid-request', sentRequest: false, retryable: false });
  });
});

describe('the request it sends', () => {
  it('sends the key, JSON content type, the idempotency key, encoded path params and only defined query values', async () => {
    const stub = await startStub((req, res) => {
      if (req.method === 'GET')
        json(res, 200, {
          id: 'a/b',
          accountId: 'acc',
          last4: '1234',
          name: 'n',
          expiryMonth: '01',
          expiryYear: '2030',
          status: 'active',
          isPhysical: false,
        });
      else json(res, 200, { transferId: 'tr_1' });
    });
    try {
      const client = createServiceClient({
        baseUrl: `${stub.url}/v1//`,
        vaultUrl: `${stub.url}/vault/`,
        getApiKey: async () => 'key-123',
      });
      await client.getCard({ params: { cardId: 'a/b?c' }, query: { include_pan: 'true', include_cvv: undefined } });
      await client.getCard({ params: { cardId: 'x' }, vault: true });
      await client.transferBetweenVirtualAccounts({
        body: { source: 's', destination: 'd', amountCents: 5 },
        idempotencyKey: 'idem-1',
      });
      await client.pay({ body: { amountCents: 5, svcHandle: 'h' } }).catch(() => undefined);
      await client
        .pay({ body: { amountCents: 5, svcHandle: 'h' }, idempotencyKey: 'row-key-1' })
        .catch(() => undefined);
      await expect(client.listCards({ idempotencyKey: 'k' } as never)).rejects.toThrow(
        'does not take an idempotency key',
      );

      const [get, vault, transfer, pay, payWithKey] = stub.requests;
      expect(get?.url).toBe('/v1/card/a%2Fb%3Fc?include_pan=true');
      expect(get?.headers['x-api-key']).toBe('key-123');
      expect(get?.headers['content-type']).toBeUndefined();
      expect(get?.headers[IDEMPOTENCY_HEADER]).toBeUndefined();
      expect(vault?.url).toBe('/vault/card/x');
      expect(transfer?.method).toBe('POST');
      expect(transfer?.url).toBe('/v1/transfer/virtual-account');
      expect(transfer?.headers[IDEMPOTENCY_HEADER]).toBe('idem-1');
      expect(transfer?.headers['content-type']).toBe('application/json');
      // POST /pay documents no idempotency: the outbox's key goes along when given, and only then.
      expect(pay?.headers[IDEMPOTENCY_HEADER]).toBeUndefined();
      expect(payWithKey?.headers[IDEMPOTENCY_HEADER]).toBe('row-key-1');
      expect(stub.requests).toHaveLength(5);
    } finally {
      await stub.close();
    }
  });

  it('sends the same idempotency key twice: one transfer, the same transferId', async () => {
    const id = realIds(env.sandbox.world);
    const ledger = ledgerCount(env.sandbox);
    const args = {
      body: { source: id.primaryVaId, destination: id.vaId, amountCents: 250 },
      idempotencyKey: freshKey('twice'),
    };
    const a = await env.client.transferBetweenVirtualAccounts(args);
    const b = await env.client.transferBetweenVirtualAccounts(args);
    expect(b.transferId).toBe(a.transferId);
    expect(ledgerCount(env.sandbox)).toBe(ledger + 1);
    expect(env.sandbox.world.ledger.at(-1)).toMatchObject({ idempotencyKey: args.idempotencyKey, amountCents: 250 });
  });

  it('validates before sending: invalid input never reaches the server', async () => {
    const id = realIds(env.sandbox.world);
    const ledger = ledgerCount(env.sandbox);
    const outcomes = env.outcomes.length;
    const bad = [
      env.client.transferBetweenVirtualAccounts({
        body: { source: id.primaryVaId, destination: id.vaId, amountCents: -5 },
        idempotencyKey: freshKey(),
      }),
      env.client.transferBetweenVirtualAccounts({
        body: { source: id.vaId, destination: id.vaId, amountCents: 5 },
        idempotencyKey: freshKey(),
      }),
      env.client.pay({ body: { amountCents: 10.5, svcHandle: 'someone' } }),
      env.client.listCards({ query: { 'filter:cardGroupId': 'a', 'filter:cardGroupName': 'b' } }),
      // Untyped callers: a missing key, a missing path param.
      env.client.transferBetweenVirtualAccounts({
        body: { source: id.primaryVaId, destination: id.vaId, amountCents: 5 },
      } as unknown as CallArgs<'transferBetweenVirtualAccounts'>),
      env.client.getCard({} as unknown as CallArgs<'getCard'>),
    ];
    for (const p of bad) {
      const error = await caught(p);
      expect(error).toMatchObject({ kind: 'invalid-request', sentRequest: false, retryable: false });
      expect(error.message).toMatch(/Nothing was sent|required/);
    }
    expect((await caught(bad[0] as Promise<unknown>)).message).toContain('amountCents');
    expect(ledgerCount(env.sandbox)).toBe(ledger);
    // No HTTP attempt happened, so the connectivity monitor heard nothing.
    expect(env.outcomes.length).toBe(outcomes);

    // And on the wire: a stub counts requests.
    const stub = await startStub((_req, res) => json(res, 200, { success: true }));
    try {
      const client = createServiceClient({ baseUrl: stub.url, vaultUrl: stub.url, getApiKey: () => 'k-abcdef' });
      await caught(client.pay({ body: { amountCents: 0, svcHandle: 'x' } }));
      expect(stub.requests).toHaveLength(0);
    } finally {
      await stub.close();
    }
  });

  it('refuses to call without an API key', async () => {
    const client = env.clientWith({ getApiKey: () => '' });
    expect(await caught(client.listCards())).toMatchObject({ kind: 'invalid-request', sentRequest: false });
    const failing = env.clientWith({
      getApiKey: () => {
        throw new Error('keychain locked');
      },
    });
    const error = await caught(failing.listCards());
    expect(error.kind).toBe('invalid-request');
    expect(error.message).toContain('keychain');
  });

  it('rejects a base address that is not http(s)', () => {
    expect(() => createServiceClient({ baseUrl: 'ftp://x', vaultUrl: 'https://v', getApiKey: () => 'k' })).toThrow(
      /https/,
    );
    expect(() => createServiceClient({ baseUrl: 'not a url', vaultUrl: 'https://v', getApiKey: () => 'k' })).toThrow(
      /not a valid address/,
    );
  });
});

describe('listAll', () => {
  it('follows metadata.nextCursor to the end, every item once', async () => {
    const pages: number[] = [];
    const ids = new Set<string>();
    let last: ResponseOf<'listTransactions'> | undefined;
    for await (const page of env.client.listAll('listTransactions')) {
      pages.push(page.items.length);
      for (const tx of page.items) ids.add(tx.id);
      last = page;
    }
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.slice(0, -1).every((n) => n === 50)).toBe(true);
    expect(ids.size).toBe(pages.reduce((a, b) => a + b, 0));
    expect(last?.metadata?.nextCursor).toBeUndefined();
  });

  it('keeps the filters on every page and stops at maxPages', async () => {
    const pages = [];
    for await (const page of env.client.listAll(
      'listTransactions',
      { query: { 'filter:status': 'posted' } },
      { maxPages: 2 },
    ))
      pages.push(page);
    expect(pages).toHaveLength(2);
    expect(pages.flatMap((p) => p.items).every((t) => t.status === 'posted')).toBe(true);
    expect(pages[1]?.metadata?.nextCursor).toBeDefined();
  });
});

describe('probe', () => {
  it('is ok while the service answers, and reports the error once offline, without retrying', async () => {
    expect(await env.client.probe()).toEqual({ ok: true });
    let attempts = 0;
    const client = env.clientWith({
      fetch: (url, init) => {
        attempts++;
        return fetch(url, init);
      },
    });
    await goOffline(env);
    const result = await client.probe();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'network', sentRequest: false });
    expect(attempts).toBe(1);
  });
});

describe('onOutcome', () => {
  it('hears every attempt: ok, then the error kind and status', async () => {
    const start = env.outcomes.length;
    await env.client.listCardProducts();
    await caught(env.client.getCard({ params: { cardId: 'no-such-card' } }));
    expect(env.outcomes.slice(start)).toEqual([
      { ok: true },
      expect.objectContaining({ ok: false, kind: 'http', status: 404 }),
    ]);
  });

  it('a throwing listener does not break the call', async () => {
    const client = env.clientWith({
      onOutcome: () => {
        throw new Error('listener bug');
      },
    });
    expect((await client.listCardProducts()).items.length).toBeGreaterThan(0);
  });
});

// Compile-time checks of the generated surface (never run).
export function typeChecks(c: ServiceClient): void {
  // @ts-expect-error the transfer requires an idempotency key
  void c.transferBetweenVirtualAccounts({ body: { source: 'a', destination: 'b', amountCents: 1 } });
  // @ts-expect-error a read takes no key
  void c.listCards({ idempotencyKey: 'k' });
  // pay takes one, optionally (sent, never relied on)
  void c.pay({ body: { amountCents: 1, svcHandle: 'x' }, idempotencyKey: 'k' });
  void c.pay({ body: { amountCents: 1, svcHandle: 'x' } });
  // @ts-expect-error only getCard may go to the vault
  void c.listCards({ vault: true });
  // @ts-expect-error getCard needs its cardId
  void c.getCard({});
  // @ts-expect-error getCard takes no body
  void c.getCard({ params: { cardId: 'x' }, body: {} });
  // @ts-expect-error unknown query member
  void c.listCards({ query: { nope: 'x' } });
  void c.getCard({ params: { cardId: 'x' }, vault: true, query: { include_pan: 'true' } });
}
