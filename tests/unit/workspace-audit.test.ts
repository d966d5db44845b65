import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { auditCsv } from '../../src/shared/team/audit';
import { decideAndPush, draftAndPush, memberOf, teamFixture } from '../support/workspace-helpers';

/**
 * The audit: every draft, decision, policy and member change, claim and outcome, hash-chained and
 * signed by whoever wrote it, checked on every read (a break says where), exported as CSV.
 */

const f = teamFixture({ Clerk: 'drafter', Carol: 'approver' });

/** The audit as stored, read apart from the app: each entry's JSON after its first line. */
async function storedEntries(): Promise<
  { seq: number; body: { event: string; subject: string; by: string; at: string } }[]
> {
  const r = await f.su.query<{ seq: string; text: string }>('SELECT seq, text FROM team.audit ORDER BY seq');
  return r.rows.map((row) => ({
    seq: Number(row.seq),
    body: JSON.parse(row.text.slice(row.text.indexOf('\n') + 1)) as never,
  }));
}

describe('the audit', () => {
  it('records each step, signed by who took it, and reads back whole', async () => {
    const carol = memberOf(f.team, 'Carol');
    const draft = await draftAndPush(memberOf(f.team, 'Clerk'), 42_00);
    await decideAndPush(carol, [draft]);
    const audit = await carol.h.ok('workspace:audit', { workspaceId: carol.workspaceId });
    expect(audit.breaks).toEqual([]);
    const stored = await storedEntries();
    expect(audit.lines.map((l) => [l.seq, l.body?.event, l.check])).toEqual(
      stored.map((s) => [s.seq, s.body.event, 'ok']),
    );
    const names = new Map([
      [f.team.admin.member.id, 'Ada Admin'],
      ...Object.values(f.team.members).map((d) => [d.member.id, d.name] as const),
    ]);
    expect(audit.lines.map((l) => l.byName)).toEqual(stored.map((s) => names.get(s.body.by)));
    expect(stored.at(-2)?.body).toMatchObject({ event: 'draft', subject: draft.rowId });
    expect(stored.at(-1)?.body).toMatchObject({ event: 'approve', subject: draft.rowId });
  });

  it('exports as CSV: one line per entry with its check, read back by csv-parse', async () => {
    const carol = memberOf(f.team, 'Carol');
    const audit = await carol.h.ok('workspace:audit', { workspaceId: carol.workspaceId });
    const records = parse(auditCsv(audit), { columns: true }) as Record<string, string>[];
    const stored = await storedEntries();
    expect(records.map((r) => [r['seq'], r['at'], r['event'], r['member_id'], r['subject'], r['check']])).toEqual(
      stored.map((s) => [String(s.seq), s.body.at, s.body.event, s.body.by, s.body.subject, 'ok']),
    );
  });

  it('shows where an entry was changed or removed in the database, and what the desktop saw before', async () => {
    const carol = memberOf(f.team, 'Carol');
    const before = await carol.h.ok('workspace:audit', { workspaceId: carol.workspaceId });
    const last = before.head?.seq ?? 0;
    await f.su.query('SET session_replication_role = replica');
    // An approval's reason rewritten, and the entry after a draft removed.
    await f.su.query(
      'UPDATE team.audit SET text = replace(text, \'"event":"approve"\', \'"event":"reject"\') WHERE seq = $1',
      [last],
    );
    await f.su.query('DELETE FROM team.audit WHERE seq = 2');
    await f.su.query('SET session_replication_role = DEFAULT');
    const after = await carol.h.ok('workspace:audit', { workspaceId: carol.workspaceId });
    expect(after.breaks).toEqual([
      { seq: 3, problem: 'before entry 3, entry 2 is missing' },
      { seq: last, problem: `entry ${last} is not signed by Carol: it was written or changed by someone else` },
      // The last entry this desktop read whole is not the one there now.
      { seq: last, problem: `the audit was replaced: entry ${last} is not the one this desktop saw` },
    ]);
    expect(after.lines.find((l) => l.seq === last)?.check).toBe('bad-signature');
    // The entries cut off the end are missed too: this desktop remembers the last one it read whole.
    await f.su.query('SET session_replication_role = replica');
    await f.su.query('DELETE FROM team.audit WHERE seq >= $1', [last - 1]);
    await f.su.query('SET session_replication_role = DEFAULT');
    const cut = await carol.h.ok('workspace:audit', { workspaceId: carol.workspaceId });
    expect(cut.breaks.at(-1)).toEqual({
      seq: last - 1,
      problem: `the audit was cut back: this desktop saw entry ${last}, and it now ends at entry ${last - 2}`,
    });
    const csv = parse(auditCsv(cut), { columns: true }) as Record<string, string>[];
    expect(csv.filter((r) => r['event'] === 'break').map((r) => r['detail'])).toEqual(cut.breaks.map((b) => b.problem));
  });
});
