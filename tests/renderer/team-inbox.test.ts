import { describe, expect, it } from 'vitest';
import type { MemberView, TeamRowView } from '../../src/shared/ipc/workspace';
import type { OutboxRow } from '../../src/shared/outbox';
import type { RowVerdict } from '../../src/shared/team/verdict';
import {
  actionable,
  inboxItems,
  inboxOutflow,
  type InboxInput,
  type KeptItem,
} from '../../src/renderer/src/team/model/inbox';
import * as t from '../../src/renderer/src/outbox/model/transitions';
import { soloWhoLine } from '../../src/renderer/src/outbox/model/who';
import { teamWhoLine } from '../../src/renderer/src/team/model/who-line';
import { row, SVC, T0, transferInput } from '../support/outbox-fixtures';
import { statement, WS } from '../support/team-fixtures';

// The approvals inbox and where a profile's drafts go. Expected words and figures are written
// out by hand from the rows below; the signed texts are made by the tests' own canonical writer.

const ME: MemberView = {
  id: '00000000-0000-4000-8000-00000000000a',
  name: 'Controller',
  role: 'approver',
  status: 'active',
  dbRole: 'db_m_0a',
  fingerprint: 'AAAA',
};
const CLERK = { id: '00000000-0000-4000-8000-00000000000b', name: 'Clerk' };
const DRAFTED = '2026-02-28T23:00:00.000Z';

let n = 0;
function teamRow(amountCents: number, verdict: RowVerdict, extra: Partial<TeamRowView> = {}): TeamRowView {
  n++;
  const id = `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`;
  const payload = { amountCents, destination: 'va_ops', source: 'va_main' };
  const text = statement('draft', {
    workspace: WS,
    id,
    service: SVC,
    kind: 'transfer',
    idempotencyKey: id.replace('1111-4111', '2222-4222'),
    payloadHash: 'a'.repeat(64),
    drafter: CLERK.id,
    at: DRAFTED,
  });
  return {
    id,
    service: SVC,
    kind: 'transfer',
    idempotencyKey: id,
    payloadHash: 'a'.repeat(64),
    payload,
    amountCents: 1, // the column: never what the inbox shows
    state: 'open',
    dbState: 'open',
    note: null,
    history: { unresolved: [], last: null, ignored: [], reviewing: null, reopenedAt: null },
    createdAt: '2026-02-28T23:20:00.000Z',
    drafter: CLERK,
    draft: { text, signature: 'sig', payload: JSON.stringify(payload) },
    decisions: [],
    verdict,
    lease: null,
    fence: 0,
    claims: 0,
    outcome: null,
    ...extra,
  };
}

const waiting = (needed: string, approvedBy: string[] = []): RowVerdict => ({
  status: 'waiting',
  approvedBy,
  required: 2,
  missing: 2 - approvedBy.length,
  policyVersion: 1,
  needed,
  ignored: [],
});
const accounts = new Map([
  ['va_main', { name: 'Main account', balanceCents: 500_000 }],
  ['va_ops', { name: 'Operations', balanceCents: 0 }],
]);
const input = (over: Partial<InboxInput>): InboxInput => ({
  soloRows: [],
  teamRows: [],
  kept: [],
  me: ME,
  accounts,
  ...over,
});

describe('the approvals inbox', () => {
  it('shows a team row with who asked (from the verdict’s drafter), the signed amount, the source and its balance after, and what it still needs', () => {
    const r = teamRow(125_00, waiting('2 more approvers'));
    const [item] = inboxItems(input({ teamRows: [r] }));
    expect(item).toMatchObject({
      origin: 'team',
      title: 'Transfer $125.00 to Operations',
      amountCents: 12_500,
      askedBy: 'Clerk',
      askedAt: Date.parse(DRAFTED),
      source: 'Main account',
      draws: { kind: 'transfer', account: 'va_main' },
      needs: '2 more approvers',
      approve: null,
      reject: null,
    });
  });

  it('never lets the drafter approve their own row, and says why; a row already approved by me cannot be decided again', () => {
    const own = teamRow(10_00, waiting('1 more approver; you drafted this one'), {
      drafter: { id: ME.id, name: ME.name },
    });
    const mine = teamRow(20_00, waiting('1 more approver; you approved it', [ME.id]));
    const [a, b] = inboxItems(input({ teamRows: [own, mine] }));
    expect(a).toMatchObject({
      askedBy: 'You',
      needs: '1 more approver; you drafted this one',
      approve: 'You drafted it: a drafter never approves their own row.',
      reject: null,
    });
    expect(b).toMatchObject({ approve: 'You approved it already.', reject: 'You approved it already.' });
    expect(actionable([a!, b!], 'approve')).toEqual([]);
  });

  it('says why a row never goes (the verdict’s text) and lists decisions that do not count', () => {
    const forged = teamRow(
      9_999_00,
      {
        status: 'never',
        reason: 'bad-signature',
        text: 'Its signature is not Clerk’s.',
        ignored: [
          { by: 'Mallory', problem: 'it is signed by someone who is not a member' },
          { problem: 'a decision cannot be read (bad)' },
        ],
      },
      { payload: null, drafter: null },
    );
    const [item] = inboxItems(input({ teamRows: [forged] }));
    expect(item).toMatchObject({
      state: 'never',
      needs: 'Its signature is not Clerk’s.',
      askedBy: 'Someone who is not a member',
      amountCents: null,
      draws: null,
      ignored: ['Mallory: it is signed by someone who is not a member', 'a decision cannot be read (bad)'],
      approve: 'Its signature is not Clerk’s.',
    });
  });

  it('a drafter member decides nothing; a decision signed here and not pushed yet says so and blocks a second one', () => {
    const r = teamRow(30_00, waiting('2 more approvers'));
    const [asDrafter] = inboxItems(input({ teamRows: [r], me: { ...ME, role: 'drafter' } }));
    expect(asDrafter?.approve).toBe('You are a drafter in this workspace: approvers and admins decide.');
    const pending: KeptItem = { rowId: r.id, type: 'decision', pushed: 0, choice: 'approve', at: T0 };
    const [item] = inboxItems(input({ teamRows: [r], kept: [pending] }));
    expect(item?.needs).toBe(
      '2 more approvers. Your approval is signed here and reaches the workspace when it answers.',
    );
    expect(item?.approve).toBe('You decided it already; your decision reaches the workspace when it answers.');
  });

  it('merges this desktop’s own rows awaiting approval (not the ones handed to a workspace) and drafts not in the workspace yet, oldest first', () => {
    const solo = t.submit(row(transferInput('va_main', 'va_ops', 40_00), T0 - 60_000), true, T0 - 60_000, SVC);
    const handed = t.handToTeam(row(transferInput('va_main', 'va_ops', 50_00), T0), WS, T0);
    const r = teamRow(60_00, waiting('2 more approvers'));
    const localId = '33333333-3333-4333-8333-000000000001';
    const localText = statement('draft', {
      workspace: WS,
      id: localId,
      service: SVC,
      kind: 'payment',
      idempotencyKey: localId,
      payloadHash: 'b'.repeat(64),
      drafter: ME.id,
      at: '2026-03-01T00:00:00.000Z',
    });
    const kept: KeptItem[] = [
      {
        rowId: localId,
        type: 'draft',
        pushed: 0,
        draft: { text: localText, signature: 's', payload: '{"amountCents":700,"svcHandle":"acme"}' },
        at: T0,
      },
      // Pushed, and no longer listed by the workspace (sent there): not shown.
      {
        rowId: '33333333-3333-4333-8333-000000000002',
        type: 'draft',
        pushed: 1,
        draft: { text: localText, signature: 's', payload: '{}' },
        at: T0,
      },
    ];
    const items = inboxItems(input({ soloRows: [solo, handed as OutboxRow], teamRows: [r], kept }));
    expect(items.map((i) => [i.origin, i.title, i.askedBy])).toEqual([
      ['team', 'Transfer $60.00 to Operations', 'Clerk'],
      ['solo', 'Transfer $40.00 to Operations', 'You, on this computer'],
      ['local', 'Payment $7.00 to acme', 'You'],
    ]);
    expect(items[1]).toMatchObject({ draws: { kind: 'transfer', account: 'va_main' }, approve: null, reject: null });
    expect(items[2]).toMatchObject({
      state: 'not-pushed',
      approve: 'It has not reached the workspace yet.',
      draws: { kind: 'payment', account: undefined },
    });
  });

  it('places each item in the queue for its balance after: a ready workspace row goes with the approved, a waiting one waits; an unreadable amount is none', () => {
    const ready: RowVerdict = {
      status: 'ready',
      approvedBy: ['a', 'b'],
      required: 2,
      policyVersion: 1,
      ignored: [],
      firstApprovedAt: '2026-02-28T23:25:00.000Z',
    };
    const forged = teamRow(
      1_00,
      { status: 'never', reason: 'bad-signature', text: 'no', ignored: [] },
      { payload: null, drafter: null },
    );
    const items = inboxItems(
      input({ teamRows: [teamRow(10_00, waiting('2 more approvers')), teamRow(20_00, ready), forged] }),
    );
    const [a, b, c] = [10_00, 20_00, null].map((cents) => items.find((i) => i.amountCents === cents));
    const sourceOf = (d: { kind: string; account: string | undefined }) =>
      d.kind === 'transfer' ? d.account : 'va_payments';
    expect(inboxOutflow(a!, sourceOf)).toEqual({
      id: a!.rowId,
      from: 'va_main',
      amountCents: 10_00,
      stage: 'waiting',
      createdAt: a!.askedAt,
    });
    expect(inboxOutflow(b!, sourceOf)).toMatchObject({ from: 'va_main', amountCents: 20_00, stage: 'approved' });
    expect(inboxOutflow(c!, sourceOf)).toBeNull();
  });

  it('shows a draft the workspace refused, with its reason', () => {
    const localId = '33333333-3333-4333-8333-000000000003';
    const text = statement('draft', {
      workspace: WS,
      id: localId,
      service: SVC,
      kind: 'transfer',
      idempotencyKey: localId,
      payloadHash: 'c'.repeat(64),
      drafter: ME.id,
      at: DRAFTED,
    });
    const [item] = inboxItems(
      input({
        kept: [
          {
            rowId: localId,
            type: 'draft',
            pushed: 0,
            problem: 'Another row already uses this id or idempotency key.',
            draft: { text, signature: 's', payload: '{"amountCents":100,"destination":"va_x","source":"va_y"}' },
            at: T0,
          },
        ],
      }),
    );
    expect(item).toMatchObject({
      state: 'refused',
      needs: 'The workspace refused it: Another row already uses this id or idempotency key.',
      title: 'Transfer $1.00 to an account this app has not synced yet',
    });
  });
});

describe('what the inbox makes of a row’s signed history', () => {
  const ready: RowVerdict = {
    status: 'ready',
    approvedBy: ['a', 'b'],
    required: 2,
    policyVersion: 1,
    ignored: [],
    firstApprovedAt: '2026-02-28T23:25:00.000Z',
  };
  const history = (over: Partial<TeamRowView['history']>): TeamRowView['history'] => ({
    unresolved: [],
    last: null,
    ignored: [],
    reviewing: null,
    reopenedAt: null,
    ...over,
  });
  const lost =
    "left to a person (its answer was lost) by Bea Sender's desktop: The connection dropped after the transfer was sent.";
  const inReview = (extra: Partial<TeamRowView> = {}) =>
    teamRow(70_00, ready, {
      state: 'needs-review',
      dbState: 'needs-review',
      history: history({ last: lost }),
      ...extra,
    });

  it('a row whose send may have gone through waits for a review, which an active approver who did not draft it may give', () => {
    const [item] = inboxItems(input({ teamRows: [inReview()] }));
    expect(item).toMatchObject({
      state: 'review',
      needs:
        "Needs review: left to a person (its answer was lost) by Bea Sender's desktop: The connection dropped after the transfer was sent. An approver who did not draft it looks in the paying account’s transactions and says whether it went through.",
      review: null,
    });
    expect(item?.approve).toBe(item?.needs);
  });

  it('nobody else reviews it: not its drafter, not a drafter member, not a removed one, not a desktop outside the workspace', () => {
    const review = (me: MemberView | null, extra: Partial<TeamRowView> = {}) =>
      inboxItems(input({ teamRows: [inReview(extra)], me }))[0]?.review;
    expect(review(ME, { drafter: { id: ME.id, name: ME.name } })).toBe('You drafted it: another approver reviews it.');
    expect(review({ ...ME, role: 'drafter' })).toBe('An approver or an admin of the workspace reviews it.');
    expect(review({ ...ME, status: 'removed' })).toBe('An approver or an admin of the workspace reviews it.');
    expect(review(null)).toBe('An approver or an admin of the workspace reviews it.');
    expect(review({ ...ME, role: 'admin' })).toBeNull();
  });

  it('a row that does not wait for a review offers none, nor does one of this desktop’s own', () => {
    const notInReview = 'Only a team row whose send may have gone through is reviewed.';
    const solo = t.submit(row(transferInput('va_main', 'va_ops', 40_00), T0), true, T0, SVC);
    const items = inboxItems(
      input({ teamRows: [teamRow(10_00, waiting('2 more approvers')), teamRow(20_00, ready)], soloRows: [solo] }),
    );
    expect(items.map((i) => i.review)).toEqual([notInReview, notInReview, notInReview]);
  });

  it('a row this desktop cannot judge yet says why, and cannot be decided', () => {
    const blocked =
      'Bea Sender signed it under directory entry 12, which this desktop has not verified yet (it has up to entry 11). It waits until this desktop reads that entry: an entry kept from one desktop must not loosen the policy there.';
    const [item] = inboxItems(input({ teamRows: [teamRow(80_00, { status: 'blocked', text: blocked, ignored: [] })] }));
    expect(item).toMatchObject({ state: 'blocked', needs: blocked, approve: blocked, reject: blocked });
  });

  it('a row its signed history closed is never sent again, whatever the database lists; what the database says is shown beside it', () => {
    const note =
      "The workspace's database says this row is open, but its signed history says sent (sent by Bea Sender's desktop: sent (transfer tr_1)). The database's word is not believed: the row is treated as sent.";
    const r = teamRow(90_00, ready, {
      state: 'sent',
      dbState: 'open',
      note,
      history: history({ last: "sent by Bea Sender's desktop: sent (transfer tr_1)" }),
    });
    const [item] = inboxItems(input({ teamRows: [r] }));
    expect(item).toMatchObject({
      state: 'never',
      needs:
        "It is sent by its signed history (sent by Bea Sender's desktop: sent (transfer tr_1)): it is never sent again. The workspace's database says this row is open, but its signed history says sent (sent by Bea Sender's desktop: sent (transfer tr_1)). The database's word is not believed: the row is treated as sent.",
      review: 'Only a team row whose send may have gone through is reviewed.',
    });
  });

  it('what the database says against the signatures is added to what a waiting row needs, and statements that do not count are listed', () => {
    const note =
      "The workspace's database says this row is sent, but its signed history says open. The database's word is not believed: the row is treated as open.";
    const r = teamRow(15_00, waiting('2 more approvers'), {
      dbState: 'sent',
      note,
      history: history({
        ignored: ["a claim is not signed by Bea Sender: someone without that member's key wrote or changed it"],
      }),
    });
    const [item] = inboxItems(input({ teamRows: [r] }));
    expect(item?.needs).toBe(
      "2 more approvers. The workspace's database says this row is sent, but its signed history says open. The database's word is not believed: the row is treated as open.",
    );
    expect(item?.ignored).toEqual([
      "Its history: a claim is not signed by Bea Sender: someone without that member's key wrote or changed it",
    ]);
  });
});

describe('a row handed to a team workspace', () => {
  it('is never approved, rejected or edited on this desktop', () => {
    const handed = t.handToTeam(row(transferInput('va_main', 'va_ops', 1_00), T0), WS, T0);
    expect(handed).toMatchObject({ state: 'awaiting-approval', team: { workspaceId: WS } });
    const by = { user: 'ada', machine: 'm' };
    expect(() => t.approve(handed, by, 'h', 'h', T0, SVC)).toThrow(/decided in the team workspace/);
    expect(() => t.reject(handed, by, 'no', T0)).toThrow(/decided in the team workspace/);
    expect(() => t.edit(handed, { payload: handed.payload }, 'k', T0)).toThrow(/decided in the team workspace/);
  });
});

describe('what is needed shows once: on the who-line, and beside it only what the who-line does not say', () => {
  const names = new Map([[CLERK.id, CLERK.name]]);
  const whoOf = (r: TeamRowView) => teamWhoLine(r, names, ME.id, T0);

  it('a waiting row says its approvals on the who-line and has no line beside it', () => {
    const r = teamRow(125_00, waiting('2 more approvers'));
    const [item] = inboxItems(input({ teamRows: [r] }));
    expect(whoOf(r)).toMatch(/ · needs 2 more approvers, not Clerk$/);
    expect(item?.remark).toBeNull();
  });

  it('an approval signed here and on its way is said beside it, without repeating the approvals', () => {
    const r = teamRow(30_00, waiting('2 more approvers'));
    const pending: KeptItem = { rowId: r.id, type: 'decision', pushed: 0, choice: 'approve', at: T0 };
    const [item] = inboxItems(input({ teamRows: [r], kept: [pending] }));
    expect(item?.remark).toBe('Your approval is signed here and reaches the workspace when it answers.');
    expect(item?.remark).not.toMatch(/more approver/);
  });

  it('a review wait, a ready row’s sending and a refusal are said beside the who-line, once', () => {
    const ready: RowVerdict = {
      status: 'ready',
      approvedBy: [ME.id],
      required: 1,
      policyVersion: 1,
      ignored: [],
      firstApprovedAt: DRAFTED,
    };
    const review = teamRow(70_00, ready, { state: 'needs-review', dbState: 'needs-review' });
    const sending = teamRow(80_00, ready);
    const [a, b] = inboxItems(input({ teamRows: [review, sending] }));
    expect(whoOf(review)).toMatch(/ · approvals complete$/);
    expect(a?.remark).toMatch(/^Needs review: a send may have gone through\. An approver who did not draft it/);
    expect(b?.remark).toBe('Approved: it goes out when a desktop holding the profile’s API key sends it.');
    const refused: KeptItem = {
      rowId: '33333333-3333-4333-8333-333333333333',
      type: 'draft',
      pushed: 0,
      at: T0,
      problem: 'the amount is over the policy’s limit',
      draft: teamRow(1_00, ready).draft,
    };
    const [c] = inboxItems(input({ kept: [refused] }));
    expect(c?.remark).toBe('The workspace refused it: the amount is over the policy’s limit');
  });

  it('a row of this computer alone says its one approval on the who-line only', () => {
    const solo = t.submit(row(transferInput('va_main', 'va_ops', 40_00), T0 - 60_000), true, T0 - 60_000, SVC);
    const [item] = inboxItems(input({ soloRows: [solo] }));
    expect(soloWhoLine(solo, T0)).toMatch(/ · needs one approval, given on this computer alone$/);
    expect(item?.remark).toBeNull();
  });
});
