import type { IpcError, Result } from '../ipc/result';

/** What one send attempt came to, in the terms the outbox's transitions use. */
export type SendOutcome<T> =
  | { type: 'ok'; value: T }
  /** Not done, safe to send again with the same key and body (never before `retryAfterMs`). */
  | { type: 'retryable'; message: string; httpStatus?: number; retryAfterMs?: number }
  /** The service refused it; sending it again would be refused again. */
  | { type: 'rejected'; message: string; httpStatus?: number }
  /** It may have happened: a payment in this state is never resent without a person or a reconciliation. */
  | { type: 'ambiguous'; message: string; httpStatus?: number }
  /** Nothing was sent and the row is not at fault (no key, profile gone): the sender stops and says why. */
  | { type: 'blocked'; message: string }
  /**
   * Main did not send it: the service told its key to wait (Retry-After) and `retryAfterMs` of
   * that wait is left. Not an attempt; it goes at the time main gives, with the same key.
   */
  | { type: 'held'; message: string; retryAfterMs: number };

/**
 * Sorts a send's result. `idempotent` is true for transfers and notes: the service deduplicates
 * by key (notes are a plain overwrite), so an unknown outcome is resent with the same key. A
 * payment documents no idempotency: anything that may have reached the service and did not
 * clearly fail is ambiguous.
 */
export function classifySend<T>(result: Result<T>, idempotent: boolean): SendOutcome<T> {
  if (result.ok) return { type: 'ok', value: result.value };
  const error = result.error;
  switch (error.code) {
    case 'no-key':
    case 'keychain-unavailable':
    case 'profile-mismatch':
    case 'no-active-profile':
    case 'forbidden-sender':
      return { type: 'blocked', message: error.message };
    case 'invalid-argument':
      return { type: 'rejected', message: error.message };
    case 'service':
      return serviceOutcome(error, idempotent);
    case 'money-refused':
      // main sent nothing. Its journal saying the row may have moved already is for a person (or
      // a reconciliation) to settle; any other refusal is for good.
      return error.money?.reason === 'sent-before' || error.money?.reason === 'key-window'
        ? { type: 'ambiguous', message: error.message }
        : { type: 'rejected', message: error.message };
    default:
      // Main failed before sending (a bug or a transient fault there): nothing left this machine.
      return { type: 'retryable', message: error.message };
  }
}

function serviceOutcome<T>(error: IpcError, idempotent: boolean): SendOutcome<T> {
  const s = error.service;
  const message = error.message;
  if (!s) return { type: 'retryable', message };
  const status = s.status;
  const withStatus = status === undefined ? {} : { httpStatus: status };
  const retryAfter = s.retryAfterMs === undefined ? {} : { retryAfterMs: s.retryAfterMs };
  switch (s.kind) {
    case 'invalid-request':
      return { type: 'rejected', message };
    case 'canceled':
      return { type: 'retryable', message };
    case 'held':
      return { type: 'held', message, retryAfterMs: s.retryAfterMs ?? 0 };
    case 'network':
    case 'timeout':
      if (s.sentRequest === false || idempotent) return { type: 'retryable', message, ...retryAfter };
      return { type: 'ambiguous', message };
    case 'invalid-response':
      // A 2xx we could not read: it happened, or with a key it will answer the same again.
      return idempotent ? { type: 'retryable', message, ...withStatus } : { type: 'ambiguous', message, ...withStatus };
    case 'http':
      // 429 is refused before any work; a 5xx may come after the work was done.
      if (status === 429) return { type: 'retryable', message, ...withStatus, ...retryAfter };
      if (status !== undefined && status >= 500) {
        return idempotent
          ? { type: 'retryable', message, ...withStatus, ...retryAfter }
          : { type: 'ambiguous', message, ...withStatus };
      }
      if (status === 408)
        return idempotent
          ? { type: 'retryable', message, ...withStatus }
          : { type: 'ambiguous', message, ...withStatus };
      return { type: 'rejected', message, ...withStatus };
  }
}
