import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import type { SendOutcome } from '../../src/shared/outbox/classify';
import { OutboxSender, type SenderStore } from '../../src/renderer/src/outbox/sender/sender';

// The sender's orchestration with a fake clock and an in-memory store: which rows go when, in
// what order, and when it stops. The store's own rules (claiming in a transaction, funding
// dependencies, key age) are tested with the repository in Chromium.

interface Row {
  id: string;
  source: string;
  state: 'approved' | 'sending' | 'sent' | 'failed' | 'review';
  dueAt: number;
  attempts: number;
}

class MemoryStore implements SenderStore<Row> {
  rows: Row[] = [];
  recovered = 0;
  log: string[] = [];
  add(id: string, source: string, dueAt = 0): void {
    this.rows.push({ id, source, state: 'approved', dueAt, attempts: 0 });
  }
  async recoverInterrupted(): Promise<number> {
    let n = 0;
    for (const r of this.rows) {
      if (r.state !== 'sending') continue;
      r.state = 'approved';
      n++;
    }
    this.recovered += n;
    return n;
  }
  async expireKeys(): Promise<number> {
    return 0;
  }
  async claimDue(now: number, only?: string): Promise<Row[]> {
    const heads = new Map<string, Row>();
    for (const r of this.rows) {
      if (heads.has(r.source) || r.state === 'sent' || r.state === 'failed' || r.state === 'review') continue;
      heads.set(r.source, r);
    }
    const due = [...heads.values()].filter(
      (r) => r.state === 'approved' && r.dueAt <= now && (only === undefined || r.source === only),
    );
    for (const r of due) r.state = 'sending';
    this.log.push(...due.map((r) => `claim ${r.id}`));
    return due;
  }
  async record(row: Row, outcome: SendOutcome<unknown>, now: number, claimNext: boolean): Promise<Row[]> {
    this.log.push(`${row.id}:${outcome.type}${claimNext ? '' : ' (stop)'}`);
    if (outcome.type === 'ok') row.state = 'sent';
    else if (outcome.type === 'retryable')
      Object.assign(row, {
        state: 'approved',
        dueAt: now + (outcome.retryAfterMs ?? 1000),
        attempts: row.attempts + 1,
      });
    else if (outcome.type === 'blocked') row.state = 'approved';
    else if (outcome.type === 'ambiguous') row.state = 'review';
    else row.state = 'failed';
    return claimNext ? this.claimDue(now, row.source) : [];
  }
  async nextDueAt(): Promise<number | null> {
    const waiting = this.rows.filter((r) => r.state === 'approved').map((r) => r.dueAt);
    return waiting.length ? Math.min(...waiting) : null;
  }
}

const free = async <T>(_name: string, work: () => Promise<T>): Promise<T | null> => work();

function sender(
  store: MemoryStore,
  opts: {
    online?: () => boolean;
    outcomes?: Record<string, SendOutcome<unknown>[]>;
    lock?: typeof free;
    onBlocked?: (m: string | null) => void;
    delayMs?: (row: Row) => number;
    during?: (row: Row) => void;
  } = {},
) {
  const sent: string[] = [];
  const inFlight = new Set<string>();
  let maxParallel = 0;
  const s = new OutboxSender<Row>({
    profileId: 'p1',
    store,
    online: opts.online ?? (() => true),
    lock: opts.lock ?? free,
    now: () => Date.now(),
    ...(opts.onBlocked ? { onBlocked: opts.onBlocked } : {}),
    send: async (row) => {
      inFlight.add(row.id);
      maxParallel = Math.max(maxParallel, inFlight.size);
      opts.during?.(row);
      const delay = opts.delayMs?.(row) ?? 0;
      await (delay > 0 ? new Promise((r) => setTimeout(r, delay)) : Promise.resolve());
      inFlight.delete(row.id);
      sent.push(row.id);
      return opts.outcomes?.[row.id]?.shift() ?? { type: 'ok', value: {} };
    },
  });
  return { s, sent, parallel: () => maxParallel };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 31, 12));
});
afterEach(() => vi.useRealTimers());

describe('OutboxSender', () => {
  it('sends FIFO per source and independent sources in parallel', async () => {
    const store = new MemoryStore();
    store.add('a1', 'A');
    store.add('b1', 'B');
    store.add('a2', 'A');
    store.add('a3', 'A');
    const { s, sent, parallel } = sender(store);
    await s.kick();
    expect(sent.filter((id) => id.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect(sent).toContain('b1');
    expect(parallel()).toBe(2);
    expect(store.rows.every((r) => r.state === 'sent')).toBe(true);
    expect(s.state).toBe('idle');
  });

  it('each source moves on as its own row finishes: a slow source holds up no other', async () => {
    const store = new MemoryStore();
    for (const id of ['a1', 'a2', 'b1', 'b2', 'b3']) store.add(id, id[0]?.toUpperCase() as string);
    const { s, sent } = sender(store, { delayMs: (row) => (row.source === 'A' ? 100 : 10) });
    const done = s.kick();
    await vi.advanceTimersByTimeAsync(35);
    expect(sent).toEqual(['b1', 'b2', 'b3']);
    await vi.advanceTimersByTimeAsync(200);
    await done;
    expect(sent).toEqual(['b1', 'b2', 'b3', 'a1', 'a2']);
    // The next row of a source is claimed with the outcome of the one before it.
    expect(store.log.slice(store.log.indexOf('b1:ok'), store.log.indexOf('b1:ok') + 2)).toEqual(['b1:ok', 'claim b2']);
  });

  it('paused during a send: the outcome is recorded, nothing more is claimed, the rest stays approved', async () => {
    const store = new MemoryStore();
    store.add('a1', 'A');
    store.add('a2', 'A');
    const { s, sent } = sender(store, { during: (row) => (row.id === 'a1' ? s.pause() : undefined) });
    await s.kick();
    expect(sent).toEqual(['a1']);
    expect(store.log).toEqual(['claim a1', 'a1:ok (stop)']);
    expect(store.rows.map((r) => r.state)).toEqual(['sent', 'approved']);
    expect(s.state).toBe('paused');
    await s.resume();
    expect(sent).toEqual(['a1', 'a2']);
  });

  it('waits for a retryable row’s backoff, and wakes to resend it', async () => {
    const store = new MemoryStore();
    store.add('a1', 'A');
    const { s, sent } = sender(store, {
      outcomes: { a1: [{ type: 'retryable', message: 'busy', retryAfterMs: 5_000 }] },
    });
    await s.kick();
    expect(sent).toEqual(['a1']);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent).toEqual(['a1']);
    await vi.advanceTimersByTimeAsync(1);
    await s.kick();
    expect(sent).toEqual(['a1', 'a1']);
    expect(store.rows[0]?.state).toBe('sent');
  });

  it('sends nothing while paused or offline, and everything once resumed and online', async () => {
    const store = new MemoryStore();
    store.add('a1', 'A');
    let online = false;
    const { s, sent } = sender(store, { online: () => online });
    await s.kick();
    expect(s.state).toBe('offline');
    s.pause();
    online = true;
    await s.kick();
    expect(sent).toEqual([]);
    expect(s.state).toBe('paused');
    await s.resume();
    expect(sent).toEqual(['a1']);
  });

  it('a row left in sending by a crash is recovered and sent by the next drain', async () => {
    const store = new MemoryStore();
    store.add('a1', 'A');
    (store.rows[0] as Row).state = 'sending';
    const { s, sent } = sender(store);
    await s.kick();
    expect(store.recovered).toBe(1);
    expect(sent).toEqual(['a1']);
  });

  it('blocked (no key): stops, says why, the row stays approved; nothing else is tried', async () => {
    const store = new MemoryStore();
    store.add('a1', 'A');
    store.add('a2', 'A');
    const reasons: (string | null)[] = [];
    const { s, sent } = sender(store, {
      outcomes: { a1: [{ type: 'blocked', message: 'No API key for this profile.' }] },
      onBlocked: (m) => reasons.push(m),
    });
    await s.kick();
    expect(sent).toEqual(['a1']);
    expect(s.state).toBe('blocked');
    expect(reasons).toEqual(['No API key for this profile.']);
    expect(store.rows.map((r) => r.state)).toEqual(['approved', 'approved']);
  });

  it('another window holding the lock sends instead: this one sends nothing', async () => {
    const store = new MemoryStore();
    store.add('a1', 'A');
    const { s, sent } = sender(store, { lock: async () => null });
    await s.kick();
    expect(sent).toEqual([]);
    expect(s.state).toBe('elsewhere');
  });
});
