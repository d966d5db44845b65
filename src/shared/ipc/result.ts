/** What every IPC call answers: a value or an error written for a person. Never a throw. */
import type { WorkspaceFailure } from './workspace';

/** A service failure as the renderer sees it (no key, no stack). */
export interface ServiceFailure {
  /** `held`: main did not send it; the service's Retry-After for its key has `retryAfterMs` left. */
  kind: 'network' | 'timeout' | 'http' | 'invalid-response' | 'invalid-request' | 'canceled' | 'held';
  status?: number;
  retryable: boolean;
  retryAfterMs?: number;
  sentRequest: boolean | 'unknown';
  /** The service's error identifier, when it sent one. */
  identifier?: string;
}

export type IpcErrorCode =
  | 'invalid-argument'
  | 'forbidden-sender'
  | 'unknown-channel'
  | 'not-found'
  | 'conflict'
  | 'no-active-profile'
  /** The call named a profile that no longer exists (deleted while the call was queued or in flight). */
  | 'profile-mismatch'
  | 'no-key'
  | 'keychain-unavailable'
  | 'service'
  /** main asked the person to confirm (its own dialog, not the page) and the answer was no: nothing was done. */
  | 'declined'
  /** main's limit for this kind of request was reached: nothing was done; the message says when to try again. */
  | 'rate-limited'
  /** The team workspace refused the call or could not be reached: `workspace` says which. */
  | 'workspace'
  /** main refused to move money (the money gate): nothing was sent; `money` says why. */
  | 'money-refused'
  | 'internal';

export interface IpcError {
  code: IpcErrorCode;
  /** Says what happened and what the person can do. */
  message: string;
  /** Field-level problems of an invalid argument, for forms. */
  fields?: { path: string; message: string }[];
  service?: ServiceFailure;
  workspace?: WorkspaceFailure;
  money?: { reason: MoneyRefusal };
}

/**
 * Why main's money gate sent nothing (src/main/money):
 * - `not-through-main`: a transfer or payment asked through the generic service call;
 * - `covered`: the profile's service is approved in a team workspace, whose rows main sends itself;
 * - `team-row`: this row (its id or key) was signed for a team workspace;
 * - `sent-before`: the send journal shows this payment may already have been paid;
 * - `key-window`: the send journal shows this transfer was first sent longer ago than the service keeps keys;
 * - `other-payload`: the send journal shows this key was sent with another payload;
 * - `not-journaled`: the send journal could not record this send so that it reads it back after a restart.
 */
export type MoneyRefusal =
  'not-through-main' | 'covered' | 'team-row' | 'sent-before' | 'key-window' | 'other-payload' | 'not-journaled';

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };
