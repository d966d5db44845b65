/** What every IPC call answers: a value or an error written for a person. Never a throw. */

/** A service failure as the renderer sees it (no key, no stack). */
export interface ServiceFailure {
  kind: 'network' | 'timeout' | 'http' | 'invalid-response' | 'invalid-request' | 'canceled';
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
  | 'internal';

export interface IpcError {
  code: IpcErrorCode;
  /** Says what happened and what the person can do. */
  message: string;
  /** Field-level problems of an invalid argument, for forms. */
  fields?: { path: string; message: string }[];
  service?: ServiceFailure;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };
