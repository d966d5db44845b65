/** The outbox's rows as stored (one shape for the renderer's repository and anything main ever reports about the queue). */
import type { PayRequest, TransferRequest } from '../service';

export type OutboxKind = 'transfer' | 'payment' | 'note';

export type OutboxState =
  'draft' | 'awaiting-approval' | 'approved' | 'sending' | 'sent' | 'failed' | 'rejected' | 'canceled' | 'needs-review';

/** States a row never leaves. */
export const FINAL_STATES: ReadonlySet<OutboxState> = new Set(['sent', 'rejected', 'canceled']);

export interface NotePayload {
  transactionId: string;
  note: string;
}

export interface Payloads {
  transfer: TransferRequest;
  payment: PayRequest;
  note: NotePayload;
}

export interface Attempt {
  at: number;
  outcome: 'ok' | 'retryable' | 'rejected' | 'ambiguous';
  httpStatus?: number;
  message?: string;
  retryAfterMs?: number;
}

/** Who approved, as the OS reports them (main's app:identity). */
export interface Approver {
  user: string;
  machine: string;
}

export interface Approval {
  by: Approver;
  at: number;
  /**
   * SHA-256 of what was approved: the exact payload, its kind, its profile and the service it
   * goes to. A changed payload, or the same payload for another service, is not approved.
   */
  payloadHash: string;
  /** The service the approval was given for (see `approvedFor`). */
  service: string;
}

export interface HistoryEntry {
  at: number;
  from: OutboxState | null;
  to: OutboxState;
  reason?: string;
  by?: string;
}

/** Names shown beside ids (from the entity cache when the row was drafted). */
export interface RowLabels {
  source?: string;
  destination?: string;
}

export interface OutboxRowBase {
  id: string;
  profileId: string;
  /** UUID v4, written with the row and changed only by an edit or a deliberate "send again". */
  idempotencyKey: string;
  state: OutboxState;
  createdAt: number;
  updatedAt: number;
  /** Scheduled send: not before this time (ms). */
  notBefore?: number;
  attempts: Attempt[];
  /** The first attempt with the current key: the service forgets keys after a while. */
  firstAttemptAt?: number;
  /** Backoff: not before this time (ms). */
  nextAttemptAt?: number;
  approval?: Approval;
  /**
   * The service this row may be sent to: the one it was approved for, by a person or by the
   * approval rule (`https://host/path` in ASCII, or `demo`). Set when it becomes approved,
   * cleared when it goes back to draft; a row is never sent to any other.
   */
  approvedFor?: string;
  result?: { transferId: string } | { success: true } | { noteSaved: true; transactionId: string };
  /** In plain words: what happened and what the person can do. */
  lastError?: string;
  /** Set at send time when the cached balance of the source looked too low (sent anyway: the service decides). */
  warning?: string;
  history: HistoryEntry[];
  /** Rows spending from the same source go one after another, oldest first. */
  sourceKey: string;
  /** The account this row pays into, when it is one the app may spend from later (transfers). */
  fundsKey?: string;
  /** 0 for notes. */
  amountCents: number;
  labels: RowLabels;
  /**
   * Handed to a team workspace (docs/team-workspace.md): its drafter signed it there, and only
   * the workspace's approvers decide it. This desktop never approves it alone; the row stays
   * awaiting approval here, and the workspace's queue says what it needs.
   */
  team?: { workspaceId: string };
}

export type OutboxRow =
  | (OutboxRowBase & { kind: 'transfer'; payload: TransferRequest })
  | (OutboxRowBase & { kind: 'payment'; payload: PayRequest })
  | (OutboxRowBase & { kind: 'note'; payload: NotePayload });

/** When a row last went out: its last attempt, else when it was claimed for sending. */
export const sentAt = (r: OutboxRowBase): number => r.attempts.at(-1)?.at ?? r.updatedAt;

export type DraftInput =
  | { kind: 'transfer'; payload: TransferRequest; notBefore?: number; labels?: RowLabels }
  | { kind: 'payment'; payload: PayRequest; notBefore?: number; labels?: RowLabels }
  | { kind: 'note'; payload: NotePayload; labels?: RowLabels };
