import { describe, expect, it } from 'vitest';
import { narrowedOneAtATime, type NamedRows } from '../../src/renderer/src/team/commands/per-workspace';
// The page's window.treasury declaration: per-workspace.ts reaches main through the page's bridge.
import type {} from '../../src/renderer/src/env';

// What a burst of workspace changes costs the follower and the sender: one run at a time per
// profile and workspace, and what is asked meanwhile gathered into one run after it, over every
// row named, or over everything once anything asked for everything.

/** A run that waits to be let go, recording what it was asked to cover. */
function heldRuns() {
  const runs: { profileId: string; workspaceId: string; rows: string[] | 'all' }[] = [];
  const gates: (() => void)[] = [];
  const work = (profileId: string, workspaceId: string, rows: NamedRows) => {
    runs.push({ profileId, workspaceId, rows: rows === null ? 'all' : [...rows].sort() });
    return new Promise<void>((resolve) => gates.push(resolve));
  };
  const release = async () => {
    const gate = gates.shift();
    if (!gate) throw new Error('no run is waiting to be let go');
    gate();
    // Let the finished run's `finally` and the next run start.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { runs, work, release };
}

describe('runs narrowed to the rows a change named', () => {
  it('rows named during a run are read together in one run after it', async () => {
    const h = heldRuns();
    const soon = narrowedOneAtATime(h.work);
    const first = soon('p', 'w', new Set(['a']));
    void soon('p', 'w', new Set(['b']));
    void soon('p', 'w', new Set(['c', 'b']));
    expect(h.runs).toEqual([{ profileId: 'p', workspaceId: 'w', rows: ['a'] }]);
    await h.release();
    expect(h.runs[1]).toEqual({ profileId: 'p', workspaceId: 'w', rows: ['b', 'c'] });
    await h.release();
    await first;
    expect(h.runs).toHaveLength(2);
  });

  it('a change that named nothing makes the next run cover everything; another profile runs alongside', async () => {
    const h = heldRuns();
    const soon = narrowedOneAtATime(h.work);
    void soon('p', 'w', new Set(['a']));
    void soon('p', 'w', null);
    void soon('p', 'w', new Set(['b']));
    void soon('q', 'w', new Set(['z']));
    expect(h.runs.map((r) => r.profileId)).toEqual(['p', 'q']);
    await h.release();
    await h.release();
    expect(h.runs[2]).toEqual({ profileId: 'p', workspaceId: 'w', rows: 'all' });
    await h.release();
    expect(h.runs).toHaveLength(3);
  });

  it('a run that fails does not stop the next', async () => {
    const runs: string[] = [];
    let fail = true;
    const soon = narrowedOneAtATime(async (_p, _w, rows) => {
      runs.push(rows === null ? 'all' : [...rows].join());
      if (fail) {
        fail = false;
        throw new Error('the workspace did not answer');
      }
    });
    await soon('p', 'w', new Set(['a']));
    await soon('p', 'w', new Set(['b']));
    expect(runs).toEqual(['a', 'b']);
  });
});
