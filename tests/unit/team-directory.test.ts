import { describe, expect, it } from 'vitest';
import { verifyDirectory, type DirectoryRow } from '../../src/shared/team/directory';
import { nodeTeamCrypto } from '../../src/main/workspace/keys';
import { LogBuilder, member, sha256, testKey, WS, type TestMember } from '../support/team-fixtures';

const verify = (rows: DirectoryRow[], pinnedKey: string, remembered: { seq: number; hash: string } | null = null) =>
  verifyDirectory({ workspaceId: WS, pinnedKey, rows, remembered, crypto: nodeTeamCrypto });

function startLog(): { log: LogBuilder; admin: TestMember } {
  const admin = member('Ada Admin', 'admin');
  const log = new LogBuilder();
  log.add(admin, { entry: 'member', member: admin.record });
  return { log, admin };
}

const policy = (version: number, defaultApprovals: number) => ({
  service: 'https://api.example.test',
  version,
  defaultApprovals,
  rules: [],
});

describe('the directory, verified from the pinned admin key', () => {
  it('builds members and policies from entries the admin signed', () => {
    const { log, admin } = startLog();
    const carol = member('Carol', 'approver');
    log.add(admin, { entry: 'member', member: carol.record });
    log.add(admin, { entry: 'policy', policy: policy(1, 2) });
    const d = verify(log.rows, admin.key.publicKey);
    expect(d.broken).toBeNull();
    expect(d.ignored).toEqual([]);
    expect([...d.members.values()].map((m) => m.name)).toEqual(['Ada Admin', 'Carol']);
    expect(d.policies.get('https://api.example.test')?.defaultApprovals).toBe(2);
    expect(d.head).toEqual({ seq: 2, hash: sha256(log.rows[2]?.text ?? '') });
  });

  it('trusts nothing when the log does not start with the pinned key', () => {
    const { log } = startLog();
    const other = testKey();
    expect(verify(log.rows, other.publicKey).broken?.problem).toMatch(
      /does not start with the admin key you compared and pinned/,
    );
  });

  it('ignores, and reports, a member a database admin inserted without an admin key', () => {
    const { log, admin } = startLog();
    const mallory = member('Mallory', 'approver');
    // Signed by Mallory's own key while naming the admin as its writer.
    log.add(admin, { entry: 'member', member: mallory.record }, mallory.key);
    const d = verify(log.rows, admin.key.publicKey);
    expect(d.broken).toBeNull();
    expect(d.members.has(mallory.record.id)).toBe(false);
    expect(d.ignored).toEqual([
      {
        seq: 1,
        problem:
          "entry 1 does not count: its signature is not Ada Admin's: it was written by someone without that admin's key",
      },
    ]);
  });

  it('ignores a member or a looser policy signed by someone who is not an admin', () => {
    const { log, admin } = startLog();
    const carol = member('Carol', 'approver');
    log.add(admin, { entry: 'member', member: carol.record });
    log.add(admin, { entry: 'policy', policy: policy(1, 2) });
    log.add(carol, { entry: 'policy', policy: policy(2, 1) });
    const d = verify(log.rows, admin.key.publicKey);
    expect(d.policies.get('https://api.example.test')?.version).toBe(1);
    expect(d.ignored.map((i) => i.problem)).toEqual([
      'entry 3 does not count: Carol was not an active admin when it was written',
    ]);
  });

  it('is broken when an entry is removed, changed or the log is cut back behind what this desktop saw', () => {
    const { log, admin } = startLog();
    const carol = member('Carol', 'approver');
    log.add(admin, { entry: 'member', member: carol.record });
    log.add(admin, { entry: 'member', member: { ...carol.record, status: 'removed' } });
    const rows = log.rows;
    // The removal deleted: Carol would count again, but entry 2 is gone and this desktop saw it.
    const head = { seq: 2, hash: sha256(rows[2]?.text ?? '') };
    expect(verify(rows.slice(0, 2), admin.key.publicKey, head).broken?.problem).toBe(
      'the directory was cut back: this desktop saw entry 2, and it now ends at entry 1',
    );
    // A removed entry in the middle leaves a gap.
    expect(verify([rows[0], rows[2]] as DirectoryRow[], admin.key.publicKey).broken?.problem).toBe(
      'entry 1 of the directory is missing',
    );
    // An entry changed in place (Carol's removal turned back into active) no longer follows... its successor no longer follows it.
    const edited = rows.map((r) => (r.seq === 1 ? { ...r, text: r.text.replace('"Carol"', '"Carl"') } : r));
    const d = verify(edited, admin.key.publicKey);
    expect(d.broken?.seq).toBe(2);
    expect(d.broken?.problem).toMatch(/does not follow the one before it/);
  });

  it('never takes a removed member back, a key registered twice, or a policy version out of turn', () => {
    const { log, admin } = startLog();
    const carol = member('Carol', 'approver');
    log.add(admin, { entry: 'member', member: carol.record });
    log.add(admin, { entry: 'member', member: { ...carol.record, status: 'removed' } });
    log.add(admin, { entry: 'member', member: carol.record });
    const twin = member('Twin', 'approver');
    log.add(admin, { entry: 'member', member: { ...twin.record, publicKey: admin.key.publicKey } });
    log.add(admin, { entry: 'policy', policy: policy(2, 3) });
    const d = verify(log.rows, admin.key.publicKey);
    expect(d.members.get(carol.record.id)?.status).toBe('removed');
    expect(d.members.has(twin.record.id)).toBe(false);
    expect(d.policies.size).toBe(0);
    expect(d.ignored.map((i) => i.seq)).toEqual([3, 4, 5]);
  });

  it("never puts a second member behind a login that is already a member's, active or removed", () => {
    const { log, admin } = startLog();
    const carol = member('Carol', 'approver');
    const leaver = member('Leaver', 'approver');
    log.add(admin, { entry: 'member', member: carol.record });
    log.add(admin, { entry: 'member', member: leaver.record });
    log.add(admin, { entry: 'member', member: { ...leaver.record, status: 'removed' } });
    // New keys behind Carol's login and the removed Leaver's: whoever holds those passwords would sign as someone else.
    const second = member('Carol Again', 'admin');
    const back = member('Leaver Again', 'approver');
    log.add(admin, { entry: 'member', member: { ...second.record, dbRole: carol.record.dbRole } });
    log.add(admin, { entry: 'member', member: { ...back.record, dbRole: leaver.record.dbRole } });
    const d = verify(log.rows, admin.key.publicKey);
    expect(d.broken).toBeNull();
    expect([...d.members.values()].map((m) => [m.name, m.status])).toEqual([
      ['Ada Admin', 'active'],
      ['Carol', 'active'],
      ['Leaver', 'removed'],
    ]);
    expect(d.ignored).toEqual([
      {
        seq: 4,
        problem: `entry 4 does not count: its login ${carol.record.dbRole} is Carol's already: one login is one member`,
      },
      {
        seq: 5,
        problem: `entry 5 does not count: its login ${leaver.record.dbRole} is Leaver's already: one login is one member`,
      },
    ]);
  });

  it('refuses a text that says the same in another way: only the canonical form is signed text', () => {
    const { log, admin } = startLog();
    const row = log.rows[0] as DirectoryRow;
    const spaced = { ...row, text: row.text.replace('{"at"', '{ "at"') };
    expect(verify([spaced], admin.key.publicKey).broken?.problem).toMatch(
      /entry 0 of the directory was changed: its text is not written the way the app writes it/,
    );
  });
});
