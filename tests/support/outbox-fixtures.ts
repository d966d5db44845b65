import { draftRow } from '../../src/renderer/src/outbox/model/draft';
import type { DraftInput, OutboxRow } from '../../src/shared/outbox';

export const T0 = Date.UTC(2026, 1, 28, 23, 30);
/** The service rows are approved for in these tests. */
export const SVC = 'https://svc.example';
export const ADA = { user: 'ada', machine: 'ledger-1' };

let n = 0;
export function transferInput(
  source = 'va_a',
  destination = 'va_b',
  amountCents = 1_250,
  extra: Partial<{ notBefore: number; memo: string }> = {},
): DraftInput {
  return {
    kind: 'transfer',
    payload: { source, destination, amountCents, ...(extra.memo ? { memo: extra.memo } : {}) },
    ...(extra.notBefore ? { notBefore: extra.notBefore } : {}),
    labels: { source, destination },
  };
}

export function paymentInput(amountCents = 990, svcHandle = 'acme'): DraftInput {
  return { kind: 'payment', payload: { amountCents, svcHandle } };
}

export function noteInput(transactionId = 'txn_1', note = 'checked'): DraftInput {
  return { kind: 'note', payload: { transactionId, note } };
}

export function row(input: DraftInput = transferInput(), at = T0): OutboxRow {
  n++;
  return draftRow(input, 'p1', `row-${String(n).padStart(4, '0')}`, `key-${n}`, at);
}
