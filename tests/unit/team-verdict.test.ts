import { describe, expect, it } from 'vitest';
import { nodeTeamCrypto } from '../../src/main/workspace/keys';
import { verifyDirectory } from '../../src/shared/team/directory';
import type { Policy } from '../../src/shared/team/model';
import { requiredApprovals } from '../../src/shared/team/policy';
import { rowVerdict, type QueueRowFacts } from '../../src/shared/team/verdict';
import {
  AT,
  LogBuilder,
  member,
  sha256,
  signWith,
  sortedJson,
  statement,
  WS,
  type TestMember,
} from '../support/team-fixtures';

const SERVICE = 'https://api.example.test';
const ROW = '11111111-1111-4111-8111-111111111111';
const KEY = '22222222-2222-4222-8222-222222222222';

const admin = member('Ada Admin', 'admin');
const clerk = member('Clerk', 'drafter');
const carol = member('Carol', 'approver');
const tom = member('Tom', 'approver');
const gone = member('Gone', 'approver');

/** The directory's log (for the hashes a statement names, computed here apart from the app) and the directory verified from it. */
function verified(policies: Policy[] = [], extra: (log: LogBuilder) => void = () => undefined) {
  const log = new LogBuilder();
  log.add(admin, { entry: 'member', member: admin.record });
  for (const m of [clerk, carol, tom, gone]) log.add(admin, { entry: 'member', member: m.record });
  log.add(admin, { entry: 'member', member: { ...gone.record, status: 'removed' } });
  for (const p of policies) log.add(admin, { entry: 'policy', policy: p });
  extra(log);
  return {
    log,
    dir: verifyDirectory({
      workspaceId: WS,
      pinnedKey: admin.key.publicKey,
      rows: log.rows,
      remembered: null,
      crypto: nodeTeamCrypto,
    }),
  };
}

const directory = (policies: Policy[] = [], extra: (log: LogBuilder) => void = () => undefined) =>
  verified(policies, extra).dir;

/** The directory head a signer names: an entry's number and the SHA-256 of its text. */
type Head = { seq: number; hash: string };

const PAYLOAD = sortedJson({
  source: 'acct_main',
  destination: 'acct_payee',
  amountCents: 1_500_000,
  memo: 'Invoice 42',
});

function draft(
  by: TestMember = clerk,
  over: Partial<{ payload: string; idempotencyKey: string; kind: 'transfer' | 'payment'; dir: Head }> = {},
): QueueRowFacts {
  const payload = over.payload ?? PAYLOAD;
  const kind = over.kind ?? 'transfer';
  const text = statement('draft', {
    workspace: WS,
    id: ROW,
    service: SERVICE,
    kind,
    idempotencyKey: over.idempotencyKey ?? KEY,
    payloadHash: sha256(payload),
    drafter: by.record.id,
    at: AT,
    dir: over.dir,
  });
  return {
    id: ROW,
    service: SERVICE,
    kind,
    idempotencyKey: KEY,
    draft: { text, signature: signWith(by.key, text), payload },
  };
}

let d = 0;
function decision(
  by: TestMember,
  over: Partial<{
    decision: 'approve' | 'reject';
    payloadHash: string;
    policyVersion: number;
    service: string;
    reason: string;
    dir: Head;
  }> = {},
) {
  d++;
  const text = statement('decision', {
    workspace: WS,
    id: `33333333-3333-4333-8333-${String(d).padStart(12, '0')}`,
    row: ROW,
    payloadHash: over.payloadHash ?? sha256(PAYLOAD),
    service: over.service ?? SERVICE,
    policyVersion: over.policyVersion ?? 0,
    decision: over.decision ?? 'approve',
    by: by.record.id,
    at: AT,
    ...(over.reason ? { reason: over.reason } : {}),
    dir: over.dir,
  });
  return { text, signature: signWith(by.key, text) };
}

const twoAbove10k: Policy = {
  service: SERVICE,
  version: 1,
  defaultApprovals: 1,
  rules: [{ minCents: 1_000_000, approvals: 2 }],
};

describe('whether a team row may be sent', () => {
  it('says what is still needed, in words, and "you drafted this one" to its drafter', () => {
    const dir = directory([twoAbove10k]);
    const v = rowVerdict({
      row: draft(),
      decisions: [decision(carol, { policyVersion: 1 })],
      directory: dir,
      crypto: nodeTeamCrypto,
      viewer: clerk.record.id,
    });
    expect(v).toMatchObject({
      status: 'waiting',
      required: 2,
      missing: 1,
      needed: '1 more approver; you drafted this one',
      approvedBy: [carol.record.id],
    });
    const seenByCarol = rowVerdict({
      row: draft(),
      decisions: [decision(carol, { policyVersion: 1 })],
      directory: dir,
      crypto: nodeTeamCrypto,
      viewer: carol.record.id,
    });
    expect(seenByCarol).toMatchObject({ needed: '1 more approver; you approved it' });
    const ready = rowVerdict({
      row: draft(),
      decisions: [decision(carol, { policyVersion: 1 }), decision(tom, { policyVersion: 1 })],
      directory: dir,
      crypto: nodeTeamCrypto,
    });
    expect(ready).toMatchObject({ status: 'ready', required: 2, policyVersion: 1 });
  });

  it('never counts the drafter, a removed member, a drafter-role member, two from one approver, or a signature over another payload', () => {
    const dir = directory([twoAbove10k]);
    const byDrafterAsApprover = (() => {
      const v = rowVerdict({
        row: draft(carol),
        decisions: [decision(carol, { policyVersion: 1 }), decision(tom, { policyVersion: 1 })],
        directory: dir,
        crypto: nodeTeamCrypto,
      });
      return v;
    })();
    expect(byDrafterAsApprover).toMatchObject({ status: 'waiting', missing: 1 });
    expect(byDrafterAsApprover.ignored).toEqual([
      { by: 'Carol', problem: 'Carol drafted it, and a drafter never approves their own row' },
    ]);
    const v = rowVerdict({
      row: draft(),
      decisions: [
        decision(gone, { policyVersion: 1 }),
        decision(clerk, { policyVersion: 1 }),
        decision(tom, { policyVersion: 1, payloadHash: sha256('{"other":1}') }),
        decision(carol, { policyVersion: 1 }),
        decision(carol, { policyVersion: 0 }),
      ],
      directory: dir,
      crypto: nodeTeamCrypto,
    });
    expect(v).toMatchObject({ status: 'waiting', missing: 1, approvedBy: [carol.record.id] });
    expect(v.ignored.map((i) => i.problem)).toEqual([
      'Gone was removed from the workspace',
      'Clerk is a drafter, who cannot approve or reject',
      'Tom signed it over another payload',
    ]);
  });

  it('counts an approval given under an older policy version, but the row needs what the newest one asks', () => {
    const loosened: Policy = { service: SERVICE, version: 1, defaultApprovals: 1, rules: [] };
    const tightened: Policy = { ...twoAbove10k, version: 2 };
    const dir = directory([loosened, tightened]);
    const v = rowVerdict({
      row: draft(),
      decisions: [decision(carol, { policyVersion: 1 })],
      directory: dir,
      crypto: nodeTeamCrypto,
    });
    expect(v).toMatchObject({
      status: 'waiting',
      required: 2,
      missing: 1,
      policyVersion: 2,
      approvedBy: [carol.record.id],
    });
    // A version this desktop has not verified (its directory is behind, or it was made up) does not count.
    const ahead = rowVerdict({
      row: draft(),
      decisions: [decision(tom, { policyVersion: 3 })],
      directory: dir,
      crypto: nodeTeamCrypto,
    });
    expect(ahead.ignored).toEqual([
      { by: 'Tom', problem: 'Tom signed it under policy version 3, which this desktop has not verified' },
    ]);
  });

  it('says why a row will never be sent', () => {
    const dir = directory();
    const unsigned = { ...draft(), draft: { ...draft().draft, signature: '' } };
    expect(rowVerdict({ row: unsigned, decisions: [], directory: dir, crypto: nodeTeamCrypto })).toMatchObject({
      status: 'never',
      reason: 'unsigned',
    });
    const forged = draft(carol);
    forged.draft.signature = signWith(tom.key, forged.draft.text);
    expect(rowVerdict({ row: forged, decisions: [], directory: dir, crypto: nodeTeamCrypto })).toMatchObject({
      status: 'never',
      reason: 'bad-signature',
      text: expect.stringMatching(/not Carol's/),
    });
    const swapped = draft();
    swapped.draft.payload = sortedJson({
      source: 'acct_main',
      destination: 'acct_thief',
      amountCents: 1_500_000,
      memo: 'Invoice 42',
    });
    expect(rowVerdict({ row: swapped, decisions: [], directory: dir, crypto: nodeTeamCrypto })).toMatchObject({
      status: 'never',
      reason: 'payload-mismatch',
    });
    expect(rowVerdict({ row: draft(gone), decisions: [], directory: dir, crypto: nodeTeamCrypto })).toMatchObject({
      status: 'never',
      reason: 'removed-drafter',
    });
    const rekeyed = { ...draft(), idempotencyKey: '44444444-4444-4444-8444-444444444444' };
    expect(rowVerdict({ row: rekeyed, decisions: [], directory: dir, crypto: nodeTeamCrypto })).toMatchObject({
      status: 'never',
      reason: 'changed',
    });
    const stranger = member('Stranger', 'approver');
    expect(rowVerdict({ row: draft(stranger), decisions: [], directory: dir, crypto: nodeTeamCrypto })).toMatchObject({
      status: 'never',
      reason: 'unknown-drafter',
    });
    const rejected = rowVerdict({
      row: draft(),
      decisions: [decision(carol), decision(tom, { decision: 'reject', reason: 'Wrong payee' })],
      directory: dir,
      crypto: nodeTeamCrypto,
    });
    expect(rejected).toMatchObject({ status: 'never', reason: 'rejected', text: 'Tom rejected it: Wrong payee' });
  });

  it('waits, blocked, on a draft or decision signed under a directory entry this desktop has not verified, or another one', () => {
    const { log, dir } = verified();
    const last = log.rows.length - 1;
    const head = { seq: last, hash: sha256(log.rows[last]?.text ?? '') };
    // Signed under the entry this desktop verified last: judged as any row.
    expect(
      rowVerdict({
        row: draft(clerk, { dir: head }),
        decisions: [decision(carol, { dir: head })],
        directory: dir,
        crypto: nodeTeamCrypto,
      }),
    ).toMatchObject({ status: 'ready' });
    // The drafter saw an entry this desktop was not shown (a stricter policy, a removal, kept from it).
    const ahead = { seq: last + 1, hash: sha256('an entry kept from this desktop') };
    expect(
      rowVerdict({
        row: draft(clerk, { dir: ahead }),
        decisions: [decision(carol)],
        directory: dir,
        crypto: nodeTeamCrypto,
      }),
    ).toEqual({
      status: 'blocked',
      text: `Clerk signed it under directory entry ${last + 1}, which this desktop has not verified yet (it has up to entry ${last}). It waits until this desktop reads that entry: an entry kept from one desktop must not loosen the policy there.`,
      ignored: [],
    });
    // An approver was shown another entry 2 than this desktop was.
    const forked = { seq: 2, hash: sha256('another directory entry 2') };
    expect(
      rowVerdict({
        row: draft(clerk, { dir: head }),
        decisions: [decision(carol, { dir: forked })],
        directory: dir,
        crypto: nodeTeamCrypto,
      }),
    ).toMatchObject({
      status: 'blocked',
      text: 'Carol signed it under a directory entry 2 other than the one this desktop verified: the workspace shows desktops different directories. Nothing is sent until an admin finds out why.',
    });
    // A decision nobody could sign names nothing that counts: ignored, it blocks nothing.
    const forged = decision(tom, { dir: ahead });
    forged.signature = signWith(gone.key, forged.text);
    expect(
      rowVerdict({
        row: draft(clerk, { dir: head }),
        decisions: [forged, decision(carol, { dir: head })],
        directory: dir,
        crypto: nodeTeamCrypto,
      }),
    ).toMatchObject({ status: 'ready', ignored: [{ by: 'Tom', problem: "its signature is not Tom's" }] });
  });

  it('sends nothing while the directory is broken', () => {
    const dir = directory([], (log) => log.rows.splice(2, 1));
    expect(dir.broken).not.toBeNull();
    expect(
      rowVerdict({ row: draft(), decisions: [decision(carol), decision(tom)], directory: dir, crypto: nodeTeamCrypto }),
    ).toMatchObject({ status: 'blocked' });
  });
});

describe('how many approvers a policy asks', () => {
  const policy: Policy = {
    service: SERVICE,
    version: 4,
    defaultApprovals: 1,
    rules: [
      { minCents: 1_000_000, approvals: 2 },
      { maxCents: 50_000, payees: ['acct_new_vendor'], approvals: 3 },
      { accounts: ['acct_reserve'], approvals: 2 },
    ],
  };
  it('takes the strictest matching rule, or the default', () => {
    expect(requiredApprovals(policy, { amountCents: 999_999, account: 'acct_main', payee: 'x' })).toBe(1);
    expect(requiredApprovals(policy, { amountCents: 1_000_000, account: 'acct_main', payee: 'x' })).toBe(2);
    expect(requiredApprovals(policy, { amountCents: 50_000, account: 'acct_main', payee: 'acct_new_vendor' })).toBe(3);
    expect(requiredApprovals(policy, { amountCents: 50_001, account: 'acct_main', payee: 'acct_new_vendor' })).toBe(1);
    expect(requiredApprovals(policy, { amountCents: 10, account: 'acct_reserve', payee: 'x' })).toBe(2);
    // A row naming no source account could leave from any: the account-scoped rule covers it too.
    expect(requiredApprovals(policy, { amountCents: 10, payee: 'x' })).toBe(2);
    expect(requiredApprovals(undefined, { amountCents: 10, payee: 'x' })).toBe(1);
  });

  it('asks a payment that names no source account for the strictest account-scoped rule', () => {
    const scoped: Policy = {
      service: SERVICE,
      version: 1,
      defaultApprovals: 1,
      rules: [
        { accounts: ['sh_reserve'], approvals: 3 },
        { accounts: ['sh_ops'], approvals: 2 },
      ],
    };
    const dir = directory([scoped]);
    const needs = (payment: object) => {
      const v = rowVerdict({
        row: draft(clerk, { kind: 'payment', payload: sortedJson(payment) }),
        decisions: [decision(carol, { policyVersion: 1 })],
        directory: dir,
        crypto: nodeTeamCrypto,
      });
      return v.status === 'waiting' || v.status === 'ready' ? v.required : v.status;
    };
    expect(needs({ amountCents: 500, svcHandle: 'acme' })).toBe(3);
    expect(needs({ amountCents: 500, svcHandle: 'acme', legalEntityId: 'le_1' })).toBe(3);
    expect(needs({ amountCents: 500, svcHandle: 'acme', sourceSvcHandleId: 'sh_ops' })).toBe(2);
    expect(needs({ amountCents: 500, svcHandle: 'acme', sourceSvcHandleId: 'sh_petty' })).toBe(1);
  });
});
