import { describe, expect, it } from 'vitest';
import type { Result } from '../../src/shared/ipc';
import type { TeamRowView } from '../../src/shared/ipc/workspace';
import { openRowsReader, type ReadResult } from '../../src/renderer/src/team/commands/open-rows-reader';
import { listedRow } from '../support/team-fixtures';

// The inbox's reads of a workspace's open rows: never two at once for what is shown, what is
// wanted meanwhile read in one go after, and a switch to another profile's rows never showing,
// nor swallowing, what a read of the old one was doing. main's answers are held until let go.

const row = (id: string, service: string, state: TeamRowView['state'] = 'open') =>
  listedRow(id, { service, state, createdAt: `2026-11-01T10:00:0${id.slice(-1)}.000Z` });

interface Asked {
  arg: { workspaceId: string; service?: string; rowIds?: string[]; includeClosed?: boolean };
  answer(rows: TeamRowView[] | string): void;
}

/** main, each `workspace:rows` held until the test answers it (rows, or a failure's message). */
function heldMain() {
  const asked: Asked[] = [];
  const shown: ReadResult[] = [];
  const reader = openRowsReader(
    {
      rows: (arg) =>
        new Promise<Result<TeamRowView[]>>((resolve) =>
          asked.push({
            arg,
            answer: (rows) =>
              resolve(
                typeof rows === 'string'
                  ? { ok: false, error: { code: 'workspace', message: rows } }
                  : { ok: true, value: rows },
              ),
          }),
        ),
      summary: async () => undefined,
    },
    (r) => shown.push(r),
  );
  const settle = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { reader, asked, shown, settle };
}

const ids = (r: ReadResult | undefined) => (r && 'rows' in r ? r.rows.map((x) => x.id) : r);

describe('reads of the open rows', () => {
  it('rows named during a read are read together after it, merged into what the whole read found', async () => {
    const m = heldMain();
    m.reader.switchTo({ workspaceId: 'w', service: 's' });
    void m.reader.want({ all: true });
    void m.reader.want({ rows: new Set(['r2']) });
    void m.reader.want({ rows: new Set(['r3']) });
    expect(m.asked.map((a) => a.arg)).toEqual([{ workspaceId: 'w', service: 's' }]);
    m.asked[0]?.answer([row('r1', 's'), row('r2', 's')]);
    await m.settle();
    expect(ids(m.shown[0])).toEqual(['r1', 'r2']);
    expect(m.asked[1]?.arg).toEqual({ workspaceId: 'w', service: 's', rowIds: ['r2', 'r3'], includeClosed: true });
    m.asked[1]?.answer([row('r2', 's', 'sent'), row('r3', 's')]);
    await m.settle();
    expect(ids(m.shown[1])).toEqual(['r1', 'r3']);
    expect(m.shown[1] && 'closed' in m.shown[1] ? m.shown[1].closed.map((x) => x.id) : null).toEqual(['r2']);
    expect(m.asked).toHaveLength(2);
  });

  it('a switch to another service during a read: the old read shows nothing, and the new one is read at once, whole', async () => {
    const m = heldMain();
    m.reader.switchTo({ workspaceId: 'w', service: 'old' });
    void m.reader.want({ all: true });
    m.reader.switchTo({ workspaceId: 'w', service: 'new' });
    void m.reader.want({ all: true });
    expect(m.asked.map((a) => a.arg.service)).toEqual(['old', 'new']);
    m.asked[0]?.answer([row('o1', 'old')]);
    await m.settle();
    expect(m.shown).toEqual([]);
    // A change arriving now is the new source's, read after its first read.
    void m.reader.want({ rows: new Set(['n2']) });
    m.asked[1]?.answer([row('n1', 'new')]);
    await m.settle();
    expect(ids(m.shown[0])).toEqual(['n1']);
    expect(m.asked[2]?.arg).toEqual({ workspaceId: 'w', service: 'new', rowIds: ['n2'], includeClosed: true });
  });

  it('a failed read says why, and the next read is whole', async () => {
    const m = heldMain();
    m.reader.switchTo({ workspaceId: 'w', service: 's' });
    void m.reader.want({ all: true });
    m.asked[0]?.answer([row('r1', 's')]);
    await m.settle();
    void m.reader.want({ rows: new Set(['r1']) });
    m.asked[1]?.answer('The workspace at db.example:5432 cannot be reached.');
    await m.settle();
    expect(m.shown[1]).toEqual({ error: 'The workspace at db.example:5432 cannot be reached.' });
    void m.reader.want({ rows: new Set(['r9']) });
    expect(m.asked[2]?.arg).toEqual({ workspaceId: 'w', service: 's' });
  });
});
