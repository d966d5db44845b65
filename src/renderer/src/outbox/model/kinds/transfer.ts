import { money, scheduleLine } from './format';
import type { RowKind } from './kind';

const MEMO_MAX = 255;

/** A transfer between two of the company's virtual accounts (POST /transfer/virtual-account, idempotent by key). */
export const transferKind: RowKind<'transfer'> = {
  kind: 'transfer',
  validate: (p) => [
    ...(p.source && p.source === p.destination
      ? [{ field: 'destination', message: 'The source and the destination are the same: choose a different account.' }]
      : []),
    ...(!Number.isSafeInteger(p.amountCents) || p.amountCents <= 0
      ? [{ field: 'amount', message: 'Enter an amount above zero, in whole cents.' }]
      : []),
    ...((p.memo ?? '').length > MEMO_MAX
      ? [{ field: 'memo', message: `The memo is limited to ${MEMO_MAX} characters.` }]
      : []),
  ],
  queueKeys: (p) => ({ sourceKey: `va:${p.source}`, fundsKey: `va:${p.destination}` }),
  amountCents: (p) => p.amountCents,
  withAmount: (p, amountCents) => ({ ...p, amountCents }),
  approvable: true,
  title: (row) =>
    `Transfer ${money(row.amountCents)} from ${row.labels.source ?? row.payload.source} to ${row.labels.destination ?? row.payload.destination}`,
  reviewLines: (row) => [
    ['From', row.labels.source ?? 'An account not synced yet'],
    ['To', row.labels.destination ?? 'An account not synced yet'],
    ['Amount', money(row.payload.amountCents)],
    ['Memo', row.payload.memo ?? '—'],
    scheduleLine(row),
  ],
  technicalLines: (row) => [
    ['From account id', row.payload.source],
    ['To account id', row.payload.destination],
    ['Idempotency key', row.idempotencyKey],
  ],
  result: (_row, value) => ({ transferId: String((value as { transferId?: unknown }).transferId ?? '') }),
};
