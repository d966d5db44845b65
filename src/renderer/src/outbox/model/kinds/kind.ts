import type { OutboxKind, OutboxRow, Payloads } from '../../../../../shared/outbox';

export type RowOf<K extends OutboxKind> = Extract<OutboxRow, { kind: K }>;

/** A problem with a payload, named by the field a form shows it beside. */
export interface PayloadProblem {
  field: string;
  message: string;
}

/**
 * Everything that differs between kinds of outbox row as a person meets them, in one place per
 * kind (kinds/<kind>.ts): adding a kind is one such file, its entry in kinds/index.ts, its name in
 * OutboxKind and its wire (how it is sent and how its answer reads) in src/shared/outbox/wire.ts.
 */
export interface RowKind<K extends OutboxKind> {
  kind: K;
  /** Problems with a payload before it is queued, whoever drafts it (a form, a CSV import). */
  validate(payload: Payloads[K]): PayloadProblem[];
  /** Where the row spends from (FIFO per source) and the source it funds (rows spending from there wait for it). */
  queueKeys(payload: Payloads[K]): { sourceKey: string; fundsKey?: string };
  amountCents(payload: Payloads[K]): number;
  /** The same payload with another amount; null when the kind has no amount. */
  withAmount(payload: Payloads[K], amountCents: number): Payloads[K] | null;
  /** Whether the profile's approval rule applies (a note never needs a person). */
  approvable: boolean;
  /** One line, as the queue lists it. */
  title(row: RowOf<K>): string;
  /** Every field that will be sent, as a person checks it before approving. */
  reviewLines(row: RowOf<K>): [string, string][];
  /** The ids and keys behind it, for a support request: shown behind "Technical details". */
  technicalLines(row: RowOf<K>): [string, string][];
  /** What the row keeps of the service's answer. */
  result(row: RowOf<K>, value: unknown): OutboxRow['result'];
}
