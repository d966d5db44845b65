import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeBatcher, GATHER_MS } from '../../src/main/workspace/change-batcher';
import type { Events } from '../../src/shared/ipc';

type Changed = Events['workspace:changed'];
const W = 'ws-1';

describe('workspace changes gathered per burst', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a commit of 100 decisions and its row updates is one event per table, without keys', () => {
    const out: Changed[] = [];
    const b = new ChangeBatcher((c) => out.push(c));
    for (let i = 0; i < 100; i++) b.add({ workspaceId: W, table: 'decision', key: `d${i}` });
    b.add({ workspaceId: W, table: 'queue_row', key: 'r1' });
    b.add({ workspaceId: W, table: 'queue_row', key: 'r2' });
    expect(out).toEqual([]);
    vi.advanceTimersByTime(GATHER_MS);
    expect(out).toEqual([
      { workspaceId: W, table: 'decision' },
      { workspaceId: W, table: 'queue_row' },
    ]);
  });

  it('one change keeps its key; the next burst is its own', () => {
    const out: Changed[] = [];
    const b = new ChangeBatcher((c) => out.push(c));
    b.add({ workspaceId: W, table: 'queue_row', key: 'r1' });
    b.add({ workspaceId: W, table: 'queue_row', key: 'r1' });
    vi.advanceTimersByTime(GATHER_MS);
    b.add({ workspaceId: W, table: 'audit', key: 'a9' });
    vi.advanceTimersByTime(GATHER_MS);
    expect(out).toEqual([
      { workspaceId: W, table: 'queue_row', key: 'r1' },
      { workspaceId: W, table: 'audit', key: 'a9' },
    ]);
  });

  it('a resync and a directory change go at once, and nothing gathered is sent after dispose', () => {
    const out: Changed[] = [];
    const b = new ChangeBatcher((c) => out.push(c));
    b.add({ workspaceId: W, table: 'decision', key: 'd1' });
    b.add({ workspaceId: W, table: 'resync' });
    b.add({ workspaceId: W, table: 'directory', key: '7' });
    expect(out).toEqual([
      { workspaceId: W, table: 'resync' },
      { workspaceId: W, table: 'directory', key: '7' },
    ]);
    b.dispose();
    vi.advanceTimersByTime(GATHER_MS * 10);
    expect(out).toHaveLength(2);
  });
});
