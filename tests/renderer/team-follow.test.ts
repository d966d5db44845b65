import { describe, expect, it } from 'vitest';
import type { TeamRowState, TeamRowView } from '../../src/shared/ipc/workspace';
import type { RowVerdict } from '../../src/shared/team/verdict';
import { localClosing } from '../../src/renderer/src/team/model/follow';
import { closedLines } from '../../src/renderer/src/team/model/inbox';
import * as t from '../../src/renderer/src/outbox/model/transitions';
import type { OutboxRow } from '../../src/shared/outbox';
import { row, SVC, T0, transferInput } from '../support/outbox-fixtures';
import { WS } from '../support/team-fixtures';

// The drafter's copy of a team row follows what the workspace says happened to it, whichever
// desktop sent or decided it. The expected states and words are written out by hand.

const ID = '11111111-1111-4111-8111-000000000001';

function workspaceRow(state: TeamRowState, verdict: RowVerdict, outcome: string | null = null): TeamRowView {
  return {
    id: ID,
    service: SVC,
    kind: 'transfer',
    idempotencyKey: ID,
    payloadHash: 'a'.repeat(64),
    payload: { amountCents: 100, source: 'va_main', destination: 'va_ops' },
    amountCents: 100,
    state,
    dbState: state,
    note: null,
    history: { unresolved: [], last: null, ignored: [], reviewing: null, reopenedAt: null },
    createdAt: '2026-02-28T23:20:00.000Z',
    drafter: { id: 'clerk', name: 'Clerk' },
    draft: { text: 'x', signature: 'y', payload: '{}' },
    decisions: [],
    verdict,
    lease: null,
    fence: 1,
    claims: 1,
    outcome,
  };
}

const ready: RowVerdict = {
  status: 'ready',
  approvedBy: ['a', 'b'],
  required: 2,
  policyVersion: 1,
  ignored: [],
  firstApprovedAt: '2026-02-28T23:25:00.000Z',
};
const waiting: RowVerdict = {
  status: 'waiting',
  approvedBy: [],
  required: 2,
  missing: 2,
  policyVersion: 1,
  needed: '2 more approvers; you drafted this one',
  ignored: [],
};
const never = (reason: 'rejected' | 'removed-drafter', text: string): RowVerdict => ({
  status: 'never',
  reason,
  text,
  ignored: [],
});

describe('what the drafter’s copy becomes', () => {
  it('sent or failed as the sending desktop recorded it, with its words', () => {
    expect(localClosing(workspaceRow('sent', ready, 'sent (transfer tr_1)'))).toEqual({
      outcome: 'sent',
      detail: 'sent (transfer tr_1)',
    });
    expect(localClosing(workspaceRow('failed', ready, 'Insufficient funds'))).toEqual({
      outcome: 'failed',
      detail: 'Insufficient funds',
    });
  });

  it('canceled when its drafter withdrew it, rejected when an approver did, failed when it can never be sent', () => {
    expect(localClosing(workspaceRow('canceled', waiting))).toEqual({
      outcome: 'canceled',
      detail: 'canceled by its drafter',
    });
    expect(localClosing(workspaceRow('open', never('rejected', 'Controller rejected it: not this week')))).toEqual({
      outcome: 'rejected',
      detail: 'Controller rejected it: not this week',
    });
    expect(
      localClosing(
        workspaceRow('open', never('removed-drafter', 'Its drafter, Clerk, was removed from the workspace.')),
      ),
    ).toEqual({
      outcome: 'failed',
      detail: 'it will never be sent: Its drafter, Clerk, was removed from the workspace.',
    });
  });

  it('nothing while it is open, ready, waiting for a person, or cannot be judged', () => {
    expect(localClosing(workspaceRow('open', waiting))).toBeNull();
    expect(localClosing(workspaceRow('open', ready))).toBeNull();
    expect(localClosing(workspaceRow('needs-review', ready, 'timed out'))).toBeNull();
    expect(
      localClosing(workspaceRow('open', { status: 'blocked', text: 'The directory is broken.', ignored: [] })),
    ).toBeNull();
  });
});

describe('the drafter’s copy taking it', () => {
  // A row waiting in the workspace, written out here rather than made by the transition under test.
  const handed = (): OutboxRow => ({
    ...row(transferInput('va_main', 'va_ops', 1_00), T0),
    state: 'awaiting-approval',
    team: { workspaceId: WS },
  });

  it('moves to each closing with the workspace’s words in its history, once', () => {
    for (const outcome of ['sent', 'failed', 'rejected', 'canceled'] as const) {
      const closed = t.closedInTeam(handed(), outcome, 'what the workspace said', T0 + 1);
      expect(closed.state).toBe(outcome);
      expect(closed.history.at(-1)).toMatchObject({
        from: 'awaiting-approval',
        to: outcome,
        reason: 'in the team workspace: what the workspace said',
      });
      expect(closed.lastError).toBe(outcome === 'sent' ? undefined : 'what the workspace said');
      expect(() => t.closedInTeam(closed, outcome, 'again', T0 + 2)).toThrow(
        /only a row waiting in the team workspace/,
      );
    }
  });

  it('is never canceled here alone: the workspace’s row would still be sent', () => {
    expect(() => t.cancel(handed(), T0)).toThrow(/cancel it there/);
    // A row of this desktop's own is canceled here as before.
    expect(t.cancel(row(transferInput(), T0), T0).state).toBe('canceled');
  });
});

describe('what an approver’s inbox says of a row that left it', () => {
  const accounts = new Map([['va_ops', { name: 'Operations', balanceCents: 0 }]]);

  it('how it ended, in words, with the signed amount and payee; never an id', () => {
    const lines = closedLines(
      [
        workspaceRow('sent', ready, 'sent (transfer tr_1)'),
        workspaceRow('failed', ready, 'Insufficient funds'),
        workspaceRow('canceled', waiting),
      ],
      accounts,
    );
    expect(lines.map((l) => `${l.title}: ${l.ended}`)).toEqual([
      'Transfer $1.00 to Operations: Sent',
      'Transfer $1.00 to Operations: Failed: Insufficient funds',
      'Transfer $1.00 to Operations: Canceled by its drafter',
    ]);
  });

  it('nothing for a row still open or waiting for a person', () => {
    expect(closedLines([workspaceRow('open', waiting), workspaceRow('needs-review', ready)], accounts)).toEqual([]);
  });
});
