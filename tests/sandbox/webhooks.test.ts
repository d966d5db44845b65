import { describe, expect, it } from 'vitest';
import { clientForFile } from '../support/sandbox-harness';
import { expectError } from '../support/errors';

const c = clientForFile({ pageSize: 2 });

describe('POST /webhook', () => {
  it('registers an active webhook (201) without archivedAt', async () => {
    const res = await c.call('POST', '/webhook', { body: { url: 'https://example.test/hook', name: 'Primary hook' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ url: 'https://example.test/hook', name: 'Primary hook', status: 'active' });
    expect(res.body.id).toMatch(/^wh_/);
    expect(Date.parse(res.body.createdAt)).toBeGreaterThan(0);
    expect('archivedAt' in res.body).toBe(false);
    expect((await c.get(`/webhook/${res.body.id}`)).body).toEqual(res.body);
  });

  it("accepts the key's own legalEntityId and plain http", async () => {
    const res = await c.call('POST', '/webhook', {
      body: { url: 'http://localhost:8080/x', name: 'Local', legalEntityId: c.world.legalEntity.id },
    });
    expect(res.status).toBe(201);
  });

  it('refuses bad urls, missing fields and a foreign legal entity, creating nothing', async () => {
    const count = c.world.webhooks.size;
    for (const body of [
      { url: 'ftp://example.test/hook', name: 'x' },
      { url: '/relative/path', name: 'x' },
      { url: 'not a url', name: 'x' },
      { url: 'https://example.test/hook' },
      { url: 'https://example.test/hook', name: '' },
      { name: 'x' },
      { url: 42, name: 'x' },
    ]) {
      expectError(await c.call('POST', '/webhook', { body }), 400);
    }
    expectError(
      await c.call('POST', '/webhook', {
        body: { url: 'https://example.test/h', name: 'x', legalEntityId: 'le_other' },
      }),
      403,
      'FORBIDDEN',
    );
    expect(c.world.webhooks.size).toBe(count);
  });
});

describe('GET /webhook and /webhook/:id', () => {
  it('lists every webhook, archived included, over pages of 2 without duplicates', async () => {
    const all = await c.all('/webhook');
    const ids = all.map((w) => w.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([...c.world.webhooks.keys()].sort());
    const archived = all.filter((w) => w.archivedAt);
    expect(archived.length).toBeGreaterThan(0);
    // The reference answers only delivery statuses (active, paused, backing-off, disabled); archivedAt marks the soft delete.
    expect(all.every((w) => w.status === 'active')).toBe(true);
    expect(await c.all('/webhook', { 'filter:legalEntityId': c.world.legalEntity.id })).toHaveLength(all.length);
    expect(await c.all('/webhook', { 'filter:legalEntityId': 'le_other' })).toEqual([]);
  });

  it('neither skips nor repeats webhooks registered between page reads', async () => {
    const before = [...c.world.webhooks.keys()];
    const seen: string[] = [];
    let cursor: string | undefined;
    let n = 0;
    do {
      const page = await c.get<{ items: { id: string }[]; metadata: { nextCursor?: string } }>(
        '/webhook',
        cursor ? { cursor } : undefined,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((w) => w.id));
      cursor = page.body.metadata.nextCursor;
      await c.call('POST', '/webhook', { body: { url: `https://example.test/mid/${n++}`, name: 'Mid-walk' } });
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
  });

  it('answers an unknown webhook with 404', async () => {
    expectError(await c.get('/webhook/wh_nope'), 404, 'NOT_FOUND');
  });
});

describe('PATCH /webhook/:id', () => {
  it('archives with a reason; archiving again is idempotent', async () => {
    const created = await c.call('POST', '/webhook', { body: { url: 'https://example.test/a', name: 'To archive' } });
    const id = created.body.id as string;
    const res = await c.call('PATCH', `/webhook/${id}`, { body: { status: 'archived', reason: 'rotating endpoints' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('active');
    const archivedAt = res.body.archivedAt as string;
    expect(Date.parse(archivedAt)).toBeGreaterThan(0);
    expect(c.world.webhooks.get(id)?.reason).toBe('rotating endpoints');
    expect((await c.get(`/webhook/${id}`)).body.archivedAt).toBe(archivedAt);

    await c.call('POST', '/__sandbox/clock', { body: { advanceMs: 5_000 } });
    const again = await c.call('PATCH', `/webhook/${id}`, { body: { status: 'archived', reason: 'other' } });
    expect(again.status).toBe(200);
    expect(again.body.archivedAt).toBe(archivedAt);
    expect(c.world.webhooks.get(id)?.reason).toBe('rotating endpoints');
  });

  it('refuses an invalid status, a missing status and an unknown id, changing nothing', async () => {
    const created = await c.call('POST', '/webhook', { body: { url: 'https://example.test/b', name: 'Stays active' } });
    const id = created.body.id as string;
    for (const body of [{ status: 'active' }, { status: 'deleted' }, {}, { status: 'archived', reason: 7 }]) {
      expectError(await c.call('PATCH', `/webhook/${id}`, { body }), 400);
    }
    expectError(await c.call('PATCH', '/webhook/wh_nope', { body: { status: 'archived' } }), 404, 'NOT_FOUND');
    const read = await c.get(`/webhook/${id}`);
    expect(read.body.status).toBe('active');
    expect(c.world.webhooks.get(id)?.archivedAt).toBeNull();
  });
});
