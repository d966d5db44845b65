import { ErrorBody, type EndpointDef, type EndpointName } from '../../shared/service';
import { httpMessage, networkMessage, neverConnected, timeoutMessage } from './messages';
import { MAX_ANSWER_BYTES, MAX_ERROR_BODY_BYTES, megabytes, readBodyCapped } from './read-body';
import type { PreparedRequest } from './request';
import { errorCode, sanitizedCause, scrubDeep, type Scrub } from './scrub';
import { parseRetryAfter, ServiceError } from './service-error';
import { readTransactionPage } from './transaction-page-check';

/**
 * Readings equal to an endpoint's response schema (each proven so by a property test), for the
 * answers that come by the thousand: a page they read skips zod; one they refuse (undefined) goes
 * through zod, which names the place in its error.
 */
const FAST_READS: Partial<Record<EndpointName, (value: unknown) => unknown>> = {
  listTransactions: readTransactionPage,
};

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface AttemptOptions {
  name: EndpointName;
  def: EndpointDef;
  request: PreparedRequest;
  fetch: FetchLike;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  scrub: Scrub;
  now: () => number;
}

/**
 * One HTTP exchange: send, wait (bounded by the timeout and the caller's signal, body included),
 * check the status, validate the body. Every failure comes out as a ServiceError.
 */
export async function attempt(o: AttemptOptions): Promise<unknown> {
  const make = (init: Omit<ConstructorParameters<typeof ServiceError>[0], 'endpoint'>) =>
    new ServiceError({ ...init, endpoint: o.name, message: o.scrub(init.message) });

  if (o.signal?.aborted) {
    throw make({ kind: 'canceled', sentRequest: false, message: 'The request was canceled before it was sent.' });
  }
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;

  // Which stage failed decides what the server may have seen: after headers arrived, it has.
  let response: Response | undefined;
  try {
    response = await o.fetch(o.request.url, { ...o.request.init, signal, redirect: 'manual' });
    const success = response.status >= 200 && response.status < 300;
    const read = await readBodyCapped(response, success ? MAX_ANSWER_BYTES : MAX_ERROR_BODY_BYTES);
    if (!read.ok && success) {
      throw make({
        kind: 'invalid-response',
        status: response.status,
        sentRequest: true,
        message: `The service's answer to ${o.name} is larger than ${megabytes(MAX_ANSWER_BYTES)}, far more than one answer should be, so it was not read. The service may be misbehaving; try again later or report it.`,
      });
    }
    // An error's body is only for its words: one too large to read still leaves the status.
    return interpret(o, response, read.ok ? read.text : '', make);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    const sentAfterHeaders = response !== undefined;
    if (o.signal?.aborted) {
      throw make({
        kind: 'canceled',
        sentRequest: sentAfterHeaders || 'unknown',
        message: 'The request was canceled.',
      });
    }
    if (timeout.aborted) {
      throw make({
        kind: 'timeout',
        sentRequest: sentAfterHeaders || 'unknown',
        message: timeoutMessage(o.timeoutMs, o.def.method),
        cause: sanitizedCause(error, o.scrub),
      });
    }
    const code = errorCode(error);
    throw make({
      kind: 'network',
      sentRequest: sentAfterHeaders ? true : neverConnected(code) ? false : 'unknown',
      message: networkMessage(code, o.def.method),
      cause: sanitizedCause(error, o.scrub),
    });
  }
}

type Make = (init: Omit<ConstructorParameters<typeof ServiceError>[0], 'endpoint'>) => ServiceError;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function interpret(o: AttemptOptions, response: Response, text: string, make: Make): unknown {
  const { status } = response;
  // Any 2xx is success: a write the service carried out must not be reported as failed because
  // it answered 200 where the contract says 201. The body is still checked against the contract.
  if (status < 200 || status >= 300) {
    const parsed = parseJson(text);
    const errorBody = parsed.ok ? ErrorBody.safeParse(parsed.value) : undefined;
    const body = errorBody?.success ? scrubDeep(errorBody.data, o.scrub) : undefined;
    const retryAfterMs =
      status === 429 || status === 503 ? parseRetryAfter(response.headers.get('retry-after'), o.now()) : undefined;
    throw make({
      kind: 'http',
      status,
      sentRequest: true,
      message: httpMessage(status, o.def.method, body, retryAfterMs),
      ...(body ? { body } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    throw make({
      kind: 'invalid-response',
      status,
      sentRequest: true,
      message: `The service's answer to ${o.name} is not JSON. The service may have changed; try again later or report it.`,
    });
  }
  const fast = FAST_READS[o.name]?.(parsed.value);
  if (fast !== undefined) return fast;
  const checked = o.def.response.safeParse(parsed.value);
  if (!checked.success) {
    // Name the place, never quote the body: it may hold card numbers.
    const issue = checked.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    throw make({
      kind: 'invalid-response',
      status,
      sentRequest: true,
      message: `The service's answer to ${o.name} does not match the contract at ${where}${issue ? ` (${issue.message})` : ''}. The service may have changed; try again later or report it.`,
    });
  }
  return checked.data;
}
