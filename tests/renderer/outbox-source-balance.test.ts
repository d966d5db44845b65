import { describe, expect, it } from 'vitest';
import type { SvcHandle, VirtualAccountView } from '../../src/shared/service';
import { balanceAfter, BALANCE_FRESH_MS, othersFromAccount } from '../../src/renderer/src/outbox/model/balance-after';
import type { OutboxRow, OutboxState } from '../../src/shared/outbox';
import { paymentInput, row, transferInput } from '../support/outbox-fixtures';
import { paymentSourceAccount } from '../../src/renderer/src/outbox/model/payment-source';

const NOW = Date.UTC(2026, 2, 18, 12, 0);

const view = (id: string, accountId: string, accountType: 'primary' | 'default', balance: number, closedAt: string | null = null): VirtualAccountView => ({
  virtualAccount: { id, name: id, accountId, accountType, accountNumber: '1234', routingNumber: '021000021', closedAt },
  balance: { amountCents: balance },
  spend: { amountCents: 0 },
});
const handle = (id: string, accountId: string): SvcHandle => ({ id, svcHandle: id, name: id, accountId });

describe('the balance a new transfer or payment leaves', () => {
  it('is the cached balance less the amount, in cents, and none until there is an amount', () => {
    expect(balanceAfter(100_000, 12_345, { asOf: NOW, online: true }, NOW)).toEqual({ balanceCents: 100_000, afterCents: 87_655, stale: false });
    expect(balanceAfter(100_000, null, { asOf: NOW, online: true }, NOW).afterCents).toBeNull();
    expect(balanceAfter(500, 1_000, { asOf: NOW, online: true }, NOW).afterCents).toBe(-500);
  });

  it('says its age offline, when never read, and once older than the sync keeps it', () => {
    expect(balanceAfter(1, 1, { asOf: NOW, online: false }, NOW).stale).toBe(true);
    expect(balanceAfter(1, 1, { asOf: null, online: true }, NOW).stale).toBe(true);
    expect(balanceAfter(1, 1, { asOf: NOW - BALANCE_FRESH_MS, online: true }, NOW).stale).toBe(false);
    expect(balanceAfter(1, 1, { asOf: NOW - BALANCE_FRESH_MS - 1, online: true }, NOW).stale).toBe(true);
  });
});

describe('the other items a balance cannot show yet', () => {
  const inState = (r: OutboxRow, state: OutboxState): OutboxRow => ({ ...r, state });
  // Transfers name their source; these payments draw on va_a (the test's own lookup).
  const sourceOf = (r: OutboxRow) => (r.kind === 'transfer' ? r.payload.source : r.kind === 'payment' ? 'va_a' : undefined);

  it('counts the queue’s items from the same account that have not gone, and those sent since the balance was read', () => {
    const queue = [
      inState(row(transferInput('va_a', 'va_b', 1_000)), 'awaiting-approval'),
      inState(row(transferInput('va_a', 'va_b', 2_000)), 'approved'),
      inState(row(transferInput('va_a', 'va_b', 4_000)), 'sending'),
      inState(row(paymentInput(8_000)), 'draft'),
      // Another account's, one in review (may or may not have gone) and a failed one (did not): none count.
      inState(row(transferInput('va_b', 'va_a', 16_000)), 'approved'),
      inState(row(transferInput('va_a', 'va_b', 32_000)), 'needs-review'),
      inState(row(transferInput('va_a', 'va_b', 64_000)), 'failed'),
    ];
    const sentSince = [inState(row(transferInput('va_a', 'va_b', 128_000)), 'sent'), inState(row(transferInput('va_a', 'va_b', 256_000)), 'rejected')];
    expect(othersFromAccount(queue, sentSince, 'va_a', sourceOf)).toEqual({ count: 5, cents: 1_000 + 2_000 + 4_000 + 8_000 + 128_000 });
    expect(othersFromAccount(queue, [], 'va_b', sourceOf)).toEqual({ count: 1, cents: 16_000 });
    expect(othersFromAccount([], [], 'va_a', sourceOf)).toEqual({ count: 0, cents: 0 });
  });

  it('counts a row once when it is both in the queue and among the sent, and leaves out rows whose account is not known', () => {
    const sent = inState(row(transferInput('va_a', 'va_b', 500)), 'sent');
    expect(othersFromAccount([inState(sent, 'sending')], [sent], 'va_a', sourceOf)).toEqual({ count: 1, cents: 500 });
    expect(othersFromAccount([inState(row(paymentInput(700)), 'approved')], [], 'va_a', () => undefined)).toEqual({ count: 0, cents: 0 });
  });
});

describe('the account a payment comes from', () => {
  const accounts = [view('va_main', 'acct_1', 'primary', 10), view('va_ops', 'acct_1', 'default', 20), view('va_other_main', 'acct_2', 'primary', 30)];
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
    expect(paymentSourceAccount([own], [view('va_main', 'acct_1', 'primary', 10, '2026-01-01T00:00:00Z')], '')).toBeUndefined();
    expect(paymentSourceAccount([own], accounts, 'sh_gone')).toBeUndefined();
  });
});
