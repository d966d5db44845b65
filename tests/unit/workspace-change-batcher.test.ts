import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeBatcher, GATHER_MS, MAX_KEYS } from '../../src/main/workspace/change-batcher';
import type { Events } from '../../src/shared/ipc';

type Changed = Events['workspace:changed'];
const W = 'ws-1';

describe('workspace changes gathered per burst', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a commit of 100 decisions and its row updates is one event per table, naming each row once', () => {
    const out: Changed[] = [];
    const b = new ChangeBatcher((c) => out.push(c));
    for (let i = 0; i < 100; i++) b.add({ workspaceId: W, table: 'decision', keys: [`r${i % 50}`] });
    b.add({ workspaceId: W, table: 'queue_row', keys: ['r1'] });
    b.add({ workspaceId: W, table: 'queue_row', keys: ['r2'] });
    b.add({ workspaceId: W, table: 'queue_row', keys: ['r1'] });
    expect(out).toEqual([]);
    vi.advanceTimersByTime(GATHER_MS);
    expect(out).toHaveLength(2);
    expect(out[0]?.table).toBe('decision');
    expect(new Set(out[0]?.keys)).toEqual(new Set(Array.from({ length: 50 }, (_, i) => `r${i}`)));
    expect(out[0]?.keys).toHaveLength(50);
    expect(out[1]).toEqual({ workspaceId: W, table: 'queue_row', keys: ['r1', 'r2'] });
  });

  it('a burst naming more than a read takes, or a change naming nothing, names nothing: everything is read', () => {
    const out: Changed[] = [];
    const b = new ChangeBatcher((c) => out.push(c));
    for (let i = 0; i <= MAX_KEYS; i++) b.add({ workspaceId: W, table: 'queue_row', keys: [`r${i}`] });
    b.add({ workspaceId: W, table: 'decision', keys: ['r1'] });
    b.add({ workspaceId: W, table: 'decision' });
    b.add({ workspaceId: W, table: 'decision', keys: ['r2'] });
    vi.advanceTimersByTime(GATHER_MS);
    expect(out).toEqual([
      { workspaceId: W, table: 'queue_row' },
      { workspaceId: W, table: 'decision' },
    ]);
  });

  it('the next burst is its own', () => {
    const out: Changed[] = [];
    const b = new ChangeBatcher((c) => out.push(c));
    b.add({ workspaceId: W, table: 'queue_row', keys: ['r1'] });
    vi.advanceTimersByTime(GATHER_MS);
    b.add({ workspaceId: W, table: 'queue_row', keys: ['r2'] });
    b.add({ workspaceId: W, table: 'audit', keys: ['9'] });
    vi.advanceTimersByTime(GATHER_MS);
    expect(out).toEqual([
      { workspaceId: W, table: 'queue_row', keys: ['r1'] },
      { workspaceId: W, table: 'queue_row', keys: ['r2'] },
      { workspaceId: W, table: 'audit', keys: ['9'] },
    ]);
  });

  it('a resync and a directory change go at once, and nothing gathered is sent after dispose', () => {
    const out: Changed[] = [];
    const b = new ChangeBatcher((c) => out.push(c));
    b.add({ workspaceId: W, table: 'decision', keys: ['r1'] });
    b.add({ workspaceId: W, table: 'resync' });
    b.add({ workspaceId: W, table: 'directory', keys: ['7'] });
    expect(out).toEqual([
      { workspaceId: W, table: 'resync' },
      { workspaceId: W, table: 'directory', keys: ['7'] },
    ]);
    b.dispose();
    vi.advanceTimersByTime(GATHER_MS * 10);
    expect(out).toHaveLength(2);
  });
});
