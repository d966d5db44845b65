import type { ServiceFailure } from '../../shared/ipc/result';
import type { EndpointName, ErrorBody } from '../../shared/service';

/**
 * What went wrong with a service call, in the terms the rest of the app decides on:
 * - `network`: no HTTP answer (refused, DNS, reset, dropped);
 * - `timeout`: no answer within the client's time limit;
 * - `http`: the service answered with a non-2xx status;
 * - `invalid-response`: a 2xx whose body does not match the contract;
 * - `invalid-request`: our own arguments were invalid; nothing was sent;
 * - `canceled`: the caller aborted;
 * - `held`: a write whose idempotency key the service told to wait (Retry-After) and whose wait
 *   has not run out; nothing was sent, `retryAfterMs` says how long is left.
 */
export type ServiceErrorKind =
  'network' | 'timeout' | 'http' | 'invalid-response' | 'invalid-request' | 'canceled' | 'held';

/**
 * Whether the request may have reached the service. The outbox needs this: a write that surely
 * never left (`false`) can be resent freely; one that may have been processed (`'unknown'`) must
 * not be resent blindly unless the endpoint is idempotent (POST /pay is not).
 */
export type SentRequest = boolean | 'unknown';

export interface ServiceErrorInit {
  kind: ServiceErrorKind;
  endpoint: EndpointName;
  /** Already scrubbed of secrets: the constructor does not see the key. */
  message: string;
  sentRequest: SentRequest;
  status?: number;
  body?: ErrorBody;
  retryAfterMs?: number;
  /** A sanitized cause (never the raw undici error, which may carry request details). */
  cause?: Error;
}

/** Network trouble, timeouts, 5xx and 429 may pass if tried again; other 4xx will not. */
export function isRetryable(kind: ServiceErrorKind, status?: number): boolean {
  switch (kind) {
    case 'network':
    case 'timeout':
    case 'held':
      return true;
    case 'http':
      return status !== undefined && (status >= 500 || status === 429);
    default:
      return false;
  }
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly kind: ServiceErrorKind;
  readonly endpoint: EndpointName;
  readonly retryable: boolean;
  readonly sentRequest: SentRequest;
  // `declare`: set only when known, so an error without a status has no `status` key at all.
  declare readonly status?: number;
  declare readonly body?: ErrorBody;
  declare readonly retryAfterMs?: number;

  constructor(init: ServiceErrorInit) {
    super(init.message, init.cause ? { cause: init.cause } : undefined);
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.retryable = isRetryable(init.kind, init.status);
    this.sentRequest = init.sentRequest;
    if (init.status !== undefined) this.status = init.status;
    if (init.body !== undefined) this.body = init.body;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }

  /** `message` is not an own enumerable property of an Error; logs and IPC want it. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      endpoint: this.endpoint,
      retryable: this.retryable,
      sentRequest: this.sentRequest,
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.body !== undefined ? { body: this.body } : {}),
      ...(this.retryAfterMs !== undefined ? { retryAfterMs: this.retryAfterMs } : {}),
    };
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

/**
 * `Retry-After` as milliseconds: delta-seconds or an HTTP-date (RFC 9110 10.2.3). A date in the
 * past means "now" (0). Anything unparseable is ignored rather than guessed.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined;
  }
  // Only accept something that looks like a date, so "1.5" or "soon" are not read as one.
  if (!/[A-Za-z]/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** A service failure as the renderer (and the outbox's classification) sees it: no key, no stack. */
export function serviceFailure(e: ServiceError): ServiceFailure {
  return {
    kind: e.kind,
    retryable: e.retryable,
    sentRequest: e.sentRequest,
    ...(e.status !== undefined ? { status: e.status } : {}),
    ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}),
    ...(e.body?.identifier ? { identifier: e.body.identifier } : {}),
  };
}
