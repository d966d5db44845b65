import type { ErrorBody, HttpMethod } from '../../shared/service';

/**
 * Sentences for people: what happened and what they can do. Server-supplied text is quoted
 * (shortened) because it often names the exact field, but never trusted to be the whole story.
 */

export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : Number(s.toFixed(1))} s`;
}

function quoted(body: ErrorBody | undefined): string {
  if (!body?.message) return '';
  const text = body.message.length > 200 ? `${body.message.slice(0, 199)}…` : body.message;
  return `: ${text}`;
}

const isRead = (method: HttpMethod) => method === 'GET';

export function httpMessage(
  status: number,
  method: HttpMethod,
  body: ErrorBody | undefined,
  retryAfterMs: number | undefined,
): string {
  const said = quoted(body);
  if (status === 401) return 'The API key was refused (401). Check the key in Settings.';
  if (status === 403)
    return `The service refused this request (403)${said}. The API key may not be allowed to do this.`;
  if (status === 404) return `Not found (404)${said}. It may have been removed; refresh and try again.`;
  if (status === 409)
    return `The service reported a conflict (409)${said}. Refresh to see the current state before trying again.`;
  if (status === 429) {
    const wait = retryAfterMs !== undefined ? `after ${seconds(retryAfterMs)}` : 'in a moment';
    return isRead(method)
      ? `The service is limiting requests (429). The request will be retried ${wait}.`
      : `The service is limiting requests (429). Try again ${wait}.`;
  }
  if (status >= 500) {
    return isRead(method)
      ? `The service failed to answer (${status})${said}. The request will be retried.`
      : `The service failed to answer (${status})${said}. Try again in a moment.`;
  }
  if (status >= 300 && status < 400) {
    return `The service answered with a redirect (${status}), which the app does not follow so the API key is never sent elsewhere. Check the service address in Settings.`;
  }
  if (status >= 400) return `The service rejected the request (${status})${said}. Check the values and try again.`;
  return `The service answered with an unexpected status (${status}).`;
}

export function timeoutMessage(timeoutMs: number, method: HttpMethod): string {
  return isRead(method)
    ? `The service did not answer within ${seconds(timeoutMs)}. Check your connection; the request will be retried.`
    : `The service did not answer within ${seconds(timeoutMs)}; it is not known whether the request was carried out. Check your connection; it will be checked before any resend.`;
}

/** Codes meaning the connection was never made, so nothing reached the service. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TLS = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_)/;

export function neverConnected(code: string | undefined): boolean {
  return code !== undefined && (NOT_CONNECTED.has(code) || TLS.test(code));
}

export function networkMessage(code: string | undefined, method: HttpMethod): string {
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
    return 'The service address could not be found (DNS). Check your network connection and the service address in Settings.';
  }
  if (code !== undefined && TLS.test(code)) {
    return `The secure connection to the service failed (${code}). Check the service address in Settings and the computer's date and time.`;
  }
  if (neverConnected(code)) {
    return `Could not connect to the service${code ? ` (${code})` : ''}. Check your network connection; nothing was sent.`;
  }
  return isRead(method)
    ? 'The connection to the service was lost before it answered. Check your connection; the request will be retried.'
    : 'The connection to the service was lost before it answered; it is not known whether the request was carried out. Check your connection; it will be checked before any resend.';
}
