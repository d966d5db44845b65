import type { ServiceCallInput } from '../../../../../shared/ipc';
import type { OutboxKind, OutboxRow, Payloads } from '../../../../../shared/outbox';
import type { EndpointName, Transaction } from '../../../../../shared/service';

export type RowOf<K extends OutboxKind> = Extract<OutboxRow, { kind: K }>;

/** The one service call that sends a row: an endpoint and its arguments (the row's key included). */
export type SendRequest = { [N in EndpointName]: { endpoint: N; request: Omit<ServiceCallInput<N>, 'profileId' | 'requestId' | 'endpoint'> } }[EndpointName];

/** A problem with a payload, named by the field a form shows it beside. */
export interface PayloadProblem {
  field: string;
  message: string;
}

/** How the reconciliation finds a row's money movement in the service's transactions. */
export interface Evidence<K extends OutboxKind> {
  /** Same kind, amount and parties: movements the transactions cannot tell apart. */
  group(row: RowOf<K>): string;
  /** The memo the service may show on the movement ('' when none). */
  memo(row: RowOf<K>): string;
  /** The transactions in `found` that each record one movement of the row's group. */
  evidence(row: RowOf<K>, found: readonly Transaction[], memos: ReadonlySet<string>): Transaction[];
}

/**
 * Everything that differs between kinds of outbox row, in one place per kind (kinds/<kind>.ts):
 * adding a kind is one such file, its entry in kinds/index.ts, and its name in OutboxKind.
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
  request(row: RowOf<K>): SendRequest;
  /**
   * The service deduplicates by key (or the call is a plain overwrite), so an unknown outcome is
   * resent with the same key; otherwise it goes to a person.
   */
  idempotent: boolean;
  /** A 2xx answer that still says it did not go through, in words; null when it went. */
  refusedDespiteSuccess(value: unknown): string | null;
  /** What the row keeps of the service's answer. */
  result(row: RowOf<K>, value: unknown): OutboxRow['result'];
  /** Present for kinds that move money: found in the transactions when an answer was lost. */
  reconcile?: Evidence<K>;
}
