import { randomUUID } from 'node:crypto';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_WINDOW_MS, mayStillSend, SendJournal, type KeyRecord } from '../../src/main/money/send-journal';
import type { Sandbox } from '../../src/sandbox';
import { startCore, type CoreHarness } from '../support/core-helpers';
import { realIds } from '../support/service-client-helpers';

// main's send journal (src/main/money): what it lets go again, what survives a restart, and that
// main refuses through it whatever the renderer's outbox says, read on the sandbox's ledger.

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const T0 = Date.parse('2025-06-16T09:30:00.000Z');

function record(
  kind: 'transfer' | 'payment',
  answers: KeyRecord['attempts'][number]['answer'][],
  at = T0,
  hash = HASH_A,
): KeyRecord {
  return {
    key: 'k',
    kind,
    service: 'https://api.example.test',
    rowId: 'r',
    attempts: answers.map((answer, i) => ({ at: at + i, hash, origin: 'solo', answer })),
  };
}

describe('what the journal lets go again', () => {
  it('a key never sent goes; a key sent with another payload never does', () => {
    expect(mayStillSend(undefined, HASH_A, T0)).toBeNull();
    expect(mayStillSend(record('transfer', ['ok']), HASH_B, T0)).toMatchObject({ reason: 'other-payload' });
  });

  it('a payment goes again only while every earlier send surely did nothing (never left, held, 429)', () => {
    expect(mayStillSend(record('payment', ['not-processed', 'not-processed']), HASH_A, T0)).toBeNull();
    for (const answer of ['ok', 'unknown', 'refused', null] as const) {
      expect(mayStillSend(record('payment', ['not-processed', answer]), HASH_A, T0), String(answer)).toMatchObject({
        reason: 'sent-before',
      });
    }
  });

  it('a transfer goes again with its key while the service remembers it, and not after', () => {
    expect(mayStillSend(record('transfer', ['unknown', null]), HASH_A, T0 + KEY_WINDOW_MS - 1)).toBeNull();
    expect(mayStillSend(record('transfer', ['unknown']), HASH_A, T0 + KEY_WINDOW_MS)).toMatchObject({
      reason: 'key-window',
    });
    // One the service never processed is a first send whenever it goes.
    expect(mayStillSend(record('transfer', ['not-processed']), HASH_A, T0 + 2 * KEY_WINDOW_MS)).toBeNull();
  });
});

describe('the journal file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'journal-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is read back after a restart, a torn last line skipped, and is one JSON object per line', async () => {
    const path = join(dir, 'p.jsonl');
    const j = await SendJournal.open(path);
    await Promise.all([
      j.sending({
        key: 'k1',
        rowId: 'r1',
        kind: 'payment',
        hash: HASH_A,
        service: 'https://s',
        origin: 'solo',
        at: T0,
      }),
      j.sending({
        key: 'k2',
        rowId: 'r2',
        kind: 'transfer',
        hash: HASH_B,
        service: 'https://s',
        origin: 'team',
        at: T0 + 1,
      }),
    ]);
    await j.answered('k2', 'ok', T0 + 2, 200);
    await j.close();
    // The app stopped in the middle of writing a line.
    await appendFile(path, '{"v":1,"t":"send","key":"k3","rowId":');

    const again = await SendJournal.open(path);
    expect(again.skipped).toBe(1);
    expect(again.record('k1')?.attempts).toEqual([{ at: T0, hash: HASH_A, origin: 'solo', answer: null }]);
    expect(again.record('k2')?.attempts).toEqual([{ at: T0 + 1, hash: HASH_B, origin: 'team', answer: 'ok' }]);
    expect(again.record('k3')).toBeUndefined();
    const lines = (await readFile(path, 'utf8'))
      .split('\n')
      .slice(0, 3)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l['t'], l['key']])).toEqual([
      ['send', 'k1'],
      ['send', 'k2'],
      ['answer', 'k2'],
    ]);
    await again.close();
  });
});

describe('main refuses through its journal, whatever asks', () => {
  let clock = T0;
  let h: CoreHarness;
  let sandbox: Sandbox;
  beforeAll(async () => {
    h = await startCore({ now: () => clock });
    sandbox = await h.core.demo.start();
  });
  afterAll(() => h.close());

  const send = (kind: 'transfer' | 'payment', key: string, amountCents: number) => {
    const ids = realIds(sandbox.world);
    const payload =
      kind === 'transfer'
        ? { source: ids.primaryVaId, destination: ids.vaId, amountCents }
        : { amountCents, svcHandle: ids.payeeHandle };
    return h.invoke('outbox:send', { profileId: 'demo', rowId: randomUUID(), kind, payload, idempotencyKey: key });
  };
  const arrived = (key: string) => sandbox.requests.all().filter((r) => r.idempotencyKey === key).length;
  const moved = (amountCents: number) => sandbox.world.ledger.filter((e) => e.amountCents === amountCents).length;

  it('a transfer is resent with its key within the window (the service deduplicates), and refused after it', async () => {
    const key = randomUUID();
    expect((await send('transfer', key, 7_101)).ok).toBe(true);
    clock += KEY_WINDOW_MS - 60_000;
    expect((await send('transfer', key, 7_101)).ok).toBe(true);
    expect(arrived(key)).toBe(2);
    clock += 120_000;
    const late = await send('transfer', key, 7_101);
    expect(late.ok ? null : late.error).toMatchObject({ code: 'money-refused', money: { reason: 'key-window' } });
    expect(arrived(key)).toBe(2);
    expect(moved(7_101)).toBe(1);
  });

  it('a payment paid once is refused after a restart of the app too (the journal is on disk)', async () => {
    const key = randomUUID();
    expect((await send('payment', key, 7_202)).ok).toBe(true);
    const restarted = await startCore({ now: () => clock, userDataDir: h.dir });
    try {
      const r = await restarted.invoke('outbox:send', {
        profileId: 'demo',
        rowId: randomUUID(),
        kind: 'payment',
        payload: { amountCents: 7_202, svcHandle: realIds(sandbox.world).payeeHandle },
        idempotencyKey: key,
      });
      expect(r.ok ? null : r.error).toMatchObject({ code: 'money-refused', money: { reason: 'sent-before' } });
    } finally {
      await restarted.core.dispose();
    }
    expect(arrived(key)).toBe(1);
    expect(moved(7_202)).toBe(1);
  });
});
