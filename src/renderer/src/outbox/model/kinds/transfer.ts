import type { Transaction } from '../../../../../shared/service';
import { money, movedMoney, scheduleLine } from './format';
import type { RowKind } from './kind';

/** A transfer's debit and credit are booked together; this much apart they are still one transfer. */
const PAIR_MS = 60_000;
const MEMO_MAX = 255;

/** A transfer between two of the company's virtual accounts (POST /transfer/virtual-account, idempotent by key). */
export const transferKind: RowKind<'transfer'> = {
  kind: 'transfer',
  validate: (p) => [
    ...(p.source && p.source === p.destination ? [{ field: 'destination', message: 'The source and the destination are the same: choose a different account.' }] : []),
    ...(!Number.isSafeInteger(p.amountCents) || p.amountCents <= 0 ? [{ field: 'amount', message: 'Enter an amount above zero, in whole cents.' }] : []),
    ...((p.memo ?? '').length > MEMO_MAX ? [{ field: 'memo', message: `The memo is limited to ${MEMO_MAX} characters.` }] : []),
  ],
  queueKeys: (p) => ({ sourceKey: `va:${p.source}`, fundsKey: `va:${p.destination}` }),
  amountCents: (p) => p.amountCents,
  withAmount: (p, amountCents) => ({ ...p, amountCents }),
  approvable: true,
  title: (row) => `Transfer ${money(row.amountCents)} from ${row.labels.source ?? row.payload.source} to ${row.labels.destination ?? row.payload.destination}`,
  reviewLines: (row) => [
    ['From', row.labels.source ?? 'An account not saved on this computer'],
    ['To', row.labels.destination ?? 'An account not saved on this computer'],
    ['Amount', money(row.payload.amountCents)],
    ['Memo', row.payload.memo ?? '—'],
    scheduleLine(row),
  ],
  technicalLines: (row) => [
    ['From account id', row.payload.source],
    ['To account id', row.payload.destination],
    ['Idempotency key', row.idempotencyKey],
  ],
  request: (row) => ({ endpoint: 'transferBetweenVirtualAccounts', request: { body: row.payload, idempotencyKey: row.idempotencyKey } }),
  idempotent: true,
  refusedDespiteSuccess: () => null,
  result: (_row, value) => ({ transferId: String((value as { transferId?: unknown }).transferId ?? '') }),
  reconcile: {
    group: (row) => JSON.stringify(['transfer', row.amountCents, row.payload.source, row.payload.destination]),
    memo: (row) => row.payload.memo ?? '',
    /**
     * Its debit on the source virtual account paired with its credit on the destination, both
     * described as a transfer (the service's commissions move money between the same kind of
     * accounts, described otherwise); a memo, when the service shows one, must be one of `memos`.
     * Transactions without the virtual account they belong to name no parties and match nothing.
     */
    evidence: (row, found, memos) => {
      const amount = row.amountCents;
      const { source, destination } = row.payload;
      const dateOf = (tx: Transaction) => Date.parse(tx.date);
      const leg = (tx: Transaction, account: string, cents: number) =>
        movedMoney(tx) && tx.virtualAccountId === account && tx.amountCents === cents && /^transfer\b/i.test(tx.description) && (tx.memo === undefined || memos.has(tx.memo));
      const credits = found.filter((tx) => leg(tx, destination, amount));
      const paired = new Set<string>();
      return found.filter((debit) => {
        if (!leg(debit, source, -amount)) return false;
        const credit = credits.find((c) => !paired.has(c.id) && c.memo === debit.memo && Math.abs(dateOf(c) - dateOf(debit)) <= PAIR_MS);
        if (!credit) return false;
        paired.add(credit.id);
        return true;
      });
    },
  },
};
