import { describe, expect, it } from 'vitest';
import type { SvcHandle, VirtualAccountView } from '../../src/shared/service';
import {
  balanceAfter,
  balanceIsStale,
  BALANCE_FRESH_MS,
  isAhead,
  outflowOfRow,
  typedItem,
  type Outflow,
} from '../../src/renderer/src/outbox/model/balance-after';
import type { OutboxRow, OutboxState } from '../../src/shared/outbox';
import { paymentInput, row, transferInput } from '../support/outbox-fixtures';
import { paymentSourceAccount } from '../../src/renderer/src/outbox/model/payment-source';

const NOW = Date.UTC(2026, 2, 18, 12, 0);

const view = (
  id: string,
  accountId: string,
  accountType: 'primary' | 'default',
  balance: number,
  closedAt: string | null = null,
): VirtualAccountView => ({
  virtualAccount: { id, name: id, accountId, accountType, accountNumber: '1234', routingNumber: '021000021', closedAt },
  balance: { amountCents: balance },
  spend: { amountCents: 0 },
});
const handle = (id: string, accountId: string): SvcHandle => ({ id, svcHandle: id, name: id, accountId });

describe('the balance a new transfer or payment leaves', () => {
  it('says its age offline, when never read, and once older than the sync keeps it', () => {
    expect(balanceIsStale({ asOf: NOW, online: false }, NOW)).toBe(true);
    expect(balanceIsStale({ asOf: null, online: true }, NOW)).toBe(true);
    expect(balanceIsStale({ asOf: NOW - BALANCE_FRESH_MS, online: true }, NOW)).toBe(false);
    expect(balanceIsStale({ asOf: NOW - BALANCE_FRESH_MS - 1, online: true }, NOW)).toBe(true);
  });

  it('is the cached balance less the amount, in cents, when nothing is ahead of it, and may go below zero', () => {
    expect(balanceAfter('va_a', 100_000, [], typedItem('va_a', 12_345))).toEqual({
      afterCents: 87_655,
      ahead: { count: 0, cents: 0 },
    });
    expect(balanceAfter('va_a', 500, [], typedItem('va_a', 1_000)).afterCents).toBe(-500);
  });
});

describe('balance after: what is ahead of an item in the queue', () => {
  const inState = (r: OutboxRow, state: OutboxState, sent?: number): OutboxRow => ({
    ...r,
    state,
    ...(sent ? { attempts: [{ at: sent, outcome: 'ok' as const }] } : {}),
  });
  // Transfers name their source; these payments draw on va_a (the test's own lookup, as a handle would say).
  const sourceOf = (r: OutboxRow) =>
    r.kind === 'transfer' ? r.payload.source : r.kind === 'payment' ? 'va_a' : undefined;
  const ASOF = NOW - 60_000;
  const flows = (rows: OutboxRow[]) =>
    rows.map((r) => outflowOfRow(r, ASOF, sourceOf)).filter((o): o is Outflow => o !== null);

  const waiting1 = inState(row(transferInput('va_a', 'va_b', 1_000), NOW - 5_000), 'awaiting-approval');
  const approved = inState(row(transferInput('va_a', 'va_b', 2_000), NOW - 4_000), 'approved');
  const sending = inState(row(transferInput('va_a', 'va_b', 4_000), NOW - 3_000), 'sending');
  const payment = inState(row(paymentInput(8_000), NOW - 2_000), 'draft');
  const sentSince = inState(row(transferInput('va_a', 'va_b', 128_000), NOW - 9_000), 'sent', ASOF + 1);
  const sentBefore = inState(row(transferInput('va_a', 'va_b', 256_000), NOW - 9_500), 'sent', ASOF - 1);
  const otherAccount = inState(row(transferInput('va_b', 'va_a', 16_000), NOW - 6_000), 'approved');
  const inReview = inState(row(transferInput('va_a', 'va_b', 32_000), NOW - 6_000), 'needs-review');
  const failed = inState(row(transferInput('va_a', 'va_b', 64_000), NOW - 6_000), 'failed');
  const canceled = inState(row(transferInput('va_a', 'va_b', 512_000), NOW - 6_000), 'canceled');
  const rejected = inState(row(transferInput('va_a', 'va_b', 1_024_000), NOW - 6_000), 'rejected');
  const all = flows([
    waiting1,
    approved,
    sending,
    payment,
    sentSince,
    sentBefore,
    otherAccount,
    inReview,
    failed,
    canceled,
    rejected,
  ]);
  const of = (r: OutboxRow) => all.find((o) => o.id === r.id) as Outflow;

  it('a new item comes last: everything queued, approved, being sent and sent since the balance from its account is ahead', () => {
    expect(balanceAfter('va_a', 1_000_000, all, typedItem('va_a', 100))).toEqual({
      afterCents: 1_000_000 - 1_000 - 2_000 - 4_000 - 8_000 - 128_000 - 100,
      ahead: { count: 5, cents: 143_000 },
    });
  });

  it('an approved item goes before one waiting for a person, even one asked for earlier (the approved $18,250 ahead of the $2,500)', () => {
    expect(balanceAfter('va_a', 1_000_000, all, of(waiting1))).toEqual({
      afterCents: 1_000_000 - 128_000 - 4_000 - 2_000 - 1_000,
      ahead: { count: 3, cents: 134_000 },
    });
    expect(balanceAfter('va_a', 1_000_000, all, of(approved)).ahead).toEqual({ count: 2, cents: 128_000 + 4_000 });
    expect(balanceAfter('va_a', 1_000_000, all, of(sending)).ahead).toEqual({ count: 1, cents: 128_000 });
  });

  it('a payment is counted from its source account, and its own balance after counts what is ahead of it', () => {
    expect(of(payment)).toMatchObject({ from: 'va_a', stage: 'waiting', amountCents: 8_000 });
    expect(balanceAfter('va_a', 1_000_000, all, of(payment))).toEqual({
      afterCents: 1_000_000 - 128_000 - 4_000 - 2_000 - 1_000 - 8_000,
      ahead: { count: 4, cents: 135_000 },
    });
  });

  it('leaves out another account’s items, rows in review, failed, canceled and rejected ones, and a row sent before the balance was read', () => {
    for (const r of [inReview, failed, canceled, rejected, sentBefore])
      expect(all.some((o) => o.id === r.id)).toBe(false);
    expect(balanceAfter('va_b', 50_000, all, typedItem('va_b', 1))).toEqual({
      afterCents: 50_000 - 16_000 - 1,
      ahead: { count: 1, cents: 16_000 },
    });
  });

  it('without an item, what the whole queue leaves; a row queued and among the sent counts once; a row whose account is not known never counts', () => {
    expect(balanceAfter('va_a', 1_000_000, all).afterCents).toBe(1_000_000 - 143_000);
    const twice = [...all, of(sending)];
    expect(balanceAfter('va_a', 1_000_000, twice).afterCents).toBe(1_000_000 - 143_000);
    const unknown = outflowOfRow(inState(row(paymentInput(700)), 'approved'), ASOF, () => undefined);
    expect(balanceAfter('va_a', 1_000, unknown ? [unknown] : []).afterCents).toBe(1_000);
  });

  it('an item of another account leaves this one untouched', () => {
    expect(balanceAfter('va_a', 10_000, [], typedItem('va_b', 500)).afterCents).toBe(10_000);
  });

  it('ties within a stage by creation time, then by id', () => {
    const a: Outflow = { id: 'a', from: 'va_a', amountCents: 1, stage: 'approved', createdAt: 5 };
    const b: Outflow = { ...a, id: 'b' };
    expect(isAhead(a, b)).toBe(true);
    expect(isAhead(b, a)).toBe(false);
    expect(isAhead({ ...b, createdAt: 4 }, a)).toBe(true);
  });
});

describe('the account a payment comes from', () => {
  const accounts = [
    view('va_main', 'acct_1', 'primary', 10),
    view('va_ops', 'acct_1', 'default', 20),
    view('va_other_main', 'acct_2', 'primary', 30),
  ];
  const own = handle('sh_own', 'acct_1');
  const second = handle('sh_second', 'acct_2');

  it("a chosen handle pays from its account's primary virtual account", () => {
    expect(paymentSourceAccount([own, second], accounts, 'sh_second')?.virtualAccount.id).toBe('va_other_main');
    expect(paymentSourceAccount([own, second], accounts, 'sh_own')?.virtualAccount.id).toBe('va_main');
  });

  it("without a choice, the key's own handle: the only one, else the only primary account", () => {
    expect(paymentSourceAccount([own], accounts, '')?.virtualAccount.id).toBe('va_main');
    expect(paymentSourceAccount([], [view('va_main', 'acct_1', 'primary', 10)], '')?.virtualAccount.id).toBe('va_main');
  });

  it('is unknown rather than guessed: two own handles, two primaries, a closed primary, a handle not saved', () => {
    expect(paymentSourceAccount([own, second], accounts, '')).toBeUndefined();
    expect(paymentSourceAccount([], accounts, '')).toBeUndefined();
    expect(
      paymentSourceAccount([own], [view('va_main', 'acct_1', 'primary', 10, '2026-01-01T00:00:00Z')], ''),
    ).toBeUndefined();
    expect(paymentSourceAccount([own], accounts, 'sh_gone')).toBeUndefined();
  });
});
