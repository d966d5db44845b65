import { describe, expect, it } from 'vitest';
import type { TeamRowView } from '../../src/shared/ipc/workspace';
import { balanceAfter, outflowOfRow, typedItem } from '../../src/renderer/src/outbox/model/balance-after';
import { teamRowOutflow, withWorkspaceRows } from '../../src/renderer/src/team/model/team-outflows';
import * as t from '../../src/renderer/src/outbox/model/transitions';
import { row, SVC, T0, transferInput } from '../support/outbox-fixtures';
import { listedRow } from '../support/team-fixtures';

// A workspace row drafted on another desktop counts in the one balance after, as this desktop's
// own rows do. The figures are written out by hand from the rows below.

const BALANCE = 1_000_000; // $10,000.00 in va_main
const transfer = (amountCents: number, source = 'va_main') => ({ source, destination: 'va_ops', amountCents });
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
const ready: TeamRowView['verdict'] = {
  status: 'ready',
  approvedBy: ['a', 'b'],
  required: 2,
  policyVersion: 1,
  ignored: [],
  firstApprovedAt: at(1),
};
// The account a transfer draws from is its source; a payment's is not needed here.
const sourceOf = (d: { account: string | undefined }) => d.account;

describe('a workspace row in the balance after', () => {
  it('a row drafted elsewhere, waiting for approvers, lowers what the account is left with', () => {
    const elsewhere = listedRow('row-elsewhere', { payload: transfer(250_000), createdAt: at(5) });
    const all = withWorkspaceRows([], [elsewhere], sourceOf);
    // $10,000.00 - $2,500.00
    expect(balanceAfter('va_main', BALANCE, all)).toEqual({ afterCents: 750_000, ahead: { count: 1, cents: 250_000 } });
    // A transfer typed now goes after it: $10,000.00 - $2,500.00 - $100.00.
    expect(balanceAfter('va_main', BALANCE, all, typedItem('va_main', 10_000)).afterCents).toBe(740_000);
    // Another account is not touched.
    expect(balanceAfter('va_other', 50_000, all).afterCents).toBe(50_000);
  });

  it('a row whose approvals are complete goes with the approved rows, ahead of this desktop’s waiting one drafted before it', () => {
    const mine = t.submit(row(transferInput('va_main', 'va_ops', 40_000), T0), true, T0, SVC);
    const own = [outflowOfRow(mine, null, () => 'va_main')].filter((o) => o !== null);
    const approvedElsewhere = listedRow('row-ready', { payload: transfer(120_000), createdAt: at(9), verdict: ready });
    const all = withWorkspaceRows(own, [approvedElsewhere], sourceOf);
    const mineOut = all.find((o) => o.id === mine.id);
    // Mine waits for a person; the ready row is ahead of it: $10,000.00 - $1,200.00 - $400.00.
    expect(balanceAfter('va_main', BALANCE, all, mineOut)).toEqual({
      afterCents: 840_000,
      ahead: { count: 1, cents: 120_000 },
    });
  });

  it('counts a row once when this desktop drafted it (its own queue has it under the same id)', () => {
    const mine = t.submit(row(transferInput('va_main', 'va_ops', 30_000), T0), true, T0, SVC);
    const own = [outflowOfRow(mine, null, () => 'va_main')].filter((o) => o !== null);
    const same = listedRow(mine.id, { payload: transfer(30_000), createdAt: at(0) });
    expect(balanceAfter('va_main', BALANCE, withWorkspaceRows(own, [same], sourceOf)).afterCents).toBe(970_000);
  });

  it('does not count a row in review, one that never goes, one closed, or one whose signed amount cannot be read', () => {
    const rows = [
      listedRow('in-review', { payload: transfer(1_000), state: 'needs-review' }),
      listedRow('never', {
        payload: transfer(2_000),
        verdict: { status: 'never', reason: 'bad-signature', text: 'Its signature is not Clerk’s.', ignored: [] },
      }),
      listedRow('sent', { payload: transfer(3_000), state: 'sent' }),
      listedRow('unreadable', { payload: { nonsense: true } }),
    ];
    for (const r of rows) expect(teamRowOutflow(r, sourceOf), r.id).toBeNull();
    expect(balanceAfter('va_main', BALANCE, withWorkspaceRows([], rows, sourceOf)).afterCents).toBe(BALANCE);
  });
});
