import { atHandle, money, scheduleLine } from './format';
import type { RowKind } from './kind';

const HANDLE_MAX = 200;

/** A payment to an svc handle (POST /pay: no documented idempotency, so a lost answer goes to a person). */
export const paymentKind: RowKind<'payment'> = {
  kind: 'payment',
  validate: (p) => {
    const handle = p.svcHandle.replace(/^@/, '');
    return [
      ...(!handle
        ? [{ field: 'svcHandle', message: 'Choose or type the handle to pay.' }]
        : handle.length > HANDLE_MAX
          ? [{ field: 'svcHandle', message: `A handle is at most ${HANDLE_MAX} characters.` }]
          : []),
      ...(!Number.isSafeInteger(p.amountCents) || p.amountCents <= 0
        ? [{ field: 'amount', message: 'Enter an amount above zero, in whole cents.' }]
        : []),
    ];
  },
  queueKeys: (p) => ({ sourceKey: `handle:${p.sourceSvcHandleId ?? 'own'}` }),
  amountCents: (p) => p.amountCents,
  withAmount: (p, amountCents) => ({ ...p, amountCents }),
  approvable: true,
  title: (row) =>
    `Payment ${money(row.amountCents)} to ${atHandle(row.payload.svcHandle)}${row.labels.source ? ` from ${row.labels.source}` : ''}`,
  reviewLines: (row) => [
    ['Pay', `${atHandle(row.payload.svcHandle)}${row.labels.destination ? ` (${row.labels.destination})` : ''}`],
    [
      'From handle',
      row.payload.sourceSvcHandleId ? (row.labels.source ?? 'A handle not synced yet') : 'The company’s own handle',
    ],
    ['Amount', money(row.payload.amountCents)],
    scheduleLine(row),
  ],
  technicalLines: (row) => [
    ...(row.payload.sourceSvcHandleId
      ? ([['From handle id', row.payload.sourceSvcHandleId]] as [string, string][])
      : []),
    ['Key sent', row.idempotencyKey],
  ],
  result: () => ({ success: true }),
};
