import type { OutboxKind } from '../../../../../shared/outbox';
import type { RowKind } from './kind';
import { noteKind } from './note';
import { paymentKind } from './payment';
import { transferKind } from './transfer';

export type { PayloadProblem, RowKind, RowOf } from './kind';

/** Every kind of outbox row: a kind added to OutboxKind without its file here does not compile. */
export const KINDS: { [K in OutboxKind]: RowKind<K> } = {
  transfer: transferKind,
  payment: paymentKind,
  note: noteKind,
};

/**
 * The kind of a row (or a draft), its methods taking any row and payload. TypeScript cannot tie
 * `KINDS[row.kind]` to `row` by itself (a correlated union); the row's own `kind` picks the
 * entry, so its methods only ever see rows of their kind.
 */
export function kindOf(row: { kind: OutboxKind }): RowKind<OutboxKind> {
  return KINDS[row.kind] as unknown as RowKind<OutboxKind>;
}
