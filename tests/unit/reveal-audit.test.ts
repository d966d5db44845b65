import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RevealAudit } from '../../src/main/audit/reveal-audit';
import type { RevealAuditEntry } from '../../src/shared/ipc';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'treasury-audit-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const entry = (i: number, over: Partial<RevealAuditEntry> = {}): RevealAuditEntry => ({
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  user: 'ada',
  profileId: 'demo',
  profileName: 'Demo',
  cardId: `card_${i % 3}`,
  last4: '4242',
  pan: true,
  cvv: i % 2 === 0,
  outcome: 'revealed',
  ...over,
});

describe('the reveal audit file', () => {
  it('appends one JSON line per reveal and lists a profile and card newest first', async () => {
    const path = join(dir, 'audit', 'card-reveals.jsonl');
    const audit = new RevealAudit({ path });
    // Concurrent appends are serialized: every line whole.
    await Promise.all(Array.from({ length: 9 }, (_, i) => audit.append(entry(i))));
    await audit.append(entry(9, { profileId: 'other' }));
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(10);
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();

    const card1 = await audit.list({ profileId: 'demo', cardId: 'card_1' });
    expect(card1.map((e) => e.at)).toEqual([entry(7).at, entry(4).at, entry(1).at]);
    expect(await audit.list({ profileId: 'other' })).toHaveLength(1);
    expect(await audit.list({ profileId: 'demo' }, 2)).toEqual([entry(8), entry(7)]);
  });

  it('writes only the known fields, and scrubs a number out of a reason', async () => {
    const path = join(dir, 'a.jsonl');
    const audit = new RevealAudit({ path });
    const sneaky = { ...entry(1, { outcome: 'failed', reason: 'vault said 4111 1111 1111 1111 is bad' }), pan: true, extra: '4111111111111111' } as RevealAuditEntry;
    await audit.append(sneaky);
    const text = await readFile(path, 'utf8');
    expect(text).not.toMatch(/4111.?1111.?1111.?1111/);
    expect(text).not.toContain('extra');
    expect((await audit.list({ profileId: 'demo' }))[0]?.reason).toBe('vault said [redacted] is bad');
  });

  it('stays bounded: past twice the limit it keeps the newest entries', async () => {
    const path = join(dir, 'a.jsonl');
    const audit = new RevealAudit({ path, max: 5 });
    for (let i = 0; i < 23; i++) await audit.append(entry(i, { cardId: 'card_x' }));
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(10);
    const listed = await audit.list({ profileId: 'demo' });
    expect(listed[0]).toEqual(entry(22, { cardId: 'card_x' }));
    expect(listed.length).toBe(lines.length);
    // A new instance (the next start) counts what is there and keeps to the bound.
    const again = new RevealAudit({ path, max: 5 });
    for (let i = 23; i < 40; i++) await again.append(entry(i, { cardId: 'card_x' }));
    expect((await readFile(path, 'utf8')).trim().split('\n').length).toBeLessThanOrEqual(10);
  });

  it('skips a torn or foreign line rather than failing the whole list', async () => {
    const path = join(dir, 'a.jsonl');
    const audit = new RevealAudit({ path });
    await audit.append(entry(1));
    await appendFile(path, '{"at":"2026-01-01T00:00:0\n{"hello":1}\n');
    await audit.append(entry(2));
    expect((await audit.list({ profileId: 'demo' })).map((e) => e.at)).toEqual([entry(2).at, entry(1).at]);
  });

  it('lists nothing before the first reveal', async () => {
    expect(await new RevealAudit({ path: join(dir, 'none.jsonl') }).list({ profileId: 'demo' })).toEqual([]);
  });
});
