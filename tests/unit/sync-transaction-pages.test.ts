import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { TransactionPage } from '../../src/shared/ipc';
import type { Page, Transaction } from '../../src/shared/service';
import { startCore, type CoreHarness } from '../support/core-helpers';

// sync:transactionPages, through dispatch as the renderer calls it: main walks one window's
// cursor several pages at a time, each page with its cursor, for the profile named.

const NOW = Date.UTC(2026, 5, 15, 12);
let a: Sandbox;
let b: Sandbox;
beforeAll(async () => {
  a = await startSandbox({ seed: 3, transactions: 230, pageSize: 50, now: () => NOW });
  b = await startSandbox({ seed: 4, transactions: 70, pageSize: 50, now: () => NOW });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

let h: CoreHarness;
afterEach(async () => {
  await a.resetFaults();
  await h?.close();
});

async function profileFor(s: Sandbox, name: string): Promise<string> {
  return (
    await h.ok('profiles:create', {
      name,
      baseUrl: s.apiUrl,
      vaultUrl: s.vaultUrl,
      apiKey: s.apiKey,
      sessionOnly: true,
    })
  ).id;
}

/** Every page of the window, `maxPages` per call, following the cursor of each answer's last page. */
async function walk(
  profileId: string,
  maxPages: number,
  query?: Record<string, string>,
): Promise<{ calls: number; pages: TransactionPage[] }> {
  const pages: TransactionPage[] = [];
  let cursor: string | undefined;
  let calls = 0;
  do {
    const r = await h.ok('sync:transactionPages', {
      profileId,
      requestId: `w${calls}`,
      maxPages,
      ...(query ? { query } : {}),
      ...(cursor ? { cursor } : {}),
    });
    calls++;
    expect(r.pages.length).toBeGreaterThan(0);
    expect(r.pages.length).toBeLessThanOrEqual(maxPages);
    pages.push(...r.pages);
    cursor = r.pages.at(-1)?.nextCursor ?? undefined;
  } while (cursor);
  return { calls, pages };
}

describe('sync:transactionPages', () => {
  it('walks the whole list in calls of several pages, every row once, one service request per page', async () => {
    h = await startCore();
    const id = await profileFor(a, 'A');
    const before = a.requests.lastSeq;
    const { calls, pages } = await walk(id, 2);
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 50, 50, 30]);
    expect(calls).toBe(3);
    // Every page but the last says where the next starts; the last says there is none.
    expect(pages.slice(0, -1).every((p) => typeof p.nextCursor === 'string')).toBe(true);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    const ids = pages.flatMap((p) => p.items.map((t) => t.id));
    expect(new Set(ids).size).toBe(230);
    expect(a.world.transactions.size).toBe(230);
    expect(ids.every((x) => a.world.transactions.get(x) !== undefined)).toBe(true);
    const sent = a.requests.all().filter((r) => r.seq > before && r.path.startsWith('/transaction'));
    expect(sent).toHaveLength(5);
  });

  it('answers with the same pages as service:call page by page, filters included', async () => {
    h = await startCore();
    const id = await profileFor(a, 'A');
    const query = { 'filter:status': 'pending' };
    const batched = (await walk(id, 32, query)).pages;
    const single: TransactionPage[] = [];
    let cursor: string | undefined;
    do {
      const r = (await h.ok('service:call', {
        profileId: id,
        requestId: 'one',
        endpoint: 'listTransactions',
        query: { ...query, ...(cursor ? { cursor } : {}) },
      })) as Page<Transaction>;
      cursor = r.metadata?.nextCursor || undefined;
      single.push({ items: r.items, nextCursor: cursor ?? null });
    } while (cursor);
    expect(batched).toEqual(single);
    expect(batched.flatMap((p) => p.items).every((t) => t.status === 'pending')).toBe(true);
  });

  it("reads the named profile's service, not another's", async () => {
    h = await startCore();
    const ia = await profileFor(a, 'A');
    const ib = await profileFor(b, 'B');
    const fromB = (await walk(ib, 32)).pages.flatMap((p) => p.items.map((t) => t.id));
    expect(new Set(fromB).size).toBe(b.world.transactions.size);
    expect(fromB.every((x) => b.world.transactions.get(x) !== undefined)).toBe(true);
    const fromA = (await walk(ia, 32)).pages.flatMap((p) => p.items.map((t) => t.id));
    expect(fromA).toHaveLength(230);
    expect(fromA.some((x) => b.world.transactions.get(x) !== undefined)).toBe(false);
  });

  it('refuses a page count out of bounds and a cursor hidden in the query, sending nothing', async () => {
    h = await startCore();
    const id = await profileFor(a, 'A');
    const before = a.requests.lastSeq;
    for (const arg of [
      { profileId: id, requestId: 'r', maxPages: 0 },
      { profileId: id, requestId: 'r', maxPages: 33 },
      { profileId: id, requestId: 'r', maxPages: 1.5 },
      { profileId: id, requestId: 'r', maxPages: 2, query: { cursor: 'abc' } },
    ]) {
      const r = await h.invoke('sync:transactionPages', arg);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('invalid-argument');
    }
    expect(a.requests.lastSeq).toBe(before);
  });

  it("a failure on the first page is the service's own error: a forgotten cursor is a 400, offline a network error", async () => {
    h = await startCore();
    const id = await profileFor(a, 'A');
    const bad = await h.invoke('sync:transactionPages', {
      profileId: id,
      requestId: 'bad',
      maxPages: 4,
      cursor: 'not-a-cursor',
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.service?.status).toBe(400);
    await a.setFaults({ offline: true });
    const off = await h.invoke('sync:transactionPages', { profileId: id, requestId: 'off', maxPages: 4 });
    expect(off.ok).toBe(false);
    if (!off.ok) expect(off.error.service?.kind).toBe('network');
  });
});
