import { z } from 'zod';

/**
 * The rule for a service or vault address the API key will be sent to. One rule for saving a
 * profile, editing it and testing a connection: a looser check anywhere would let the key travel
 * in clear text to a host the person never meant to trust.
 */

/** Hosts where plain http is acceptable: the traffic never leaves this machine. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const SERVICE_URL_MAX_LENGTH = 2048;

/** Why `value` is not usable as a service URL, or null when it is. */
export function serviceUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'enter an absolute URL such as https://api.example.com';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `use an https:// address (got ${url.protocol}//)`;
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return 'use https:// for a live profile (http:// is allowed only for 127.0.0.1, localhost or [::1])';
  }
  if (url.username || url.password) {
    // A user:password@ part would put a credential in the settings file.
    return 'remove the user name or password from the address (the API key is entered separately)';
  }
  if (url.search || url.hash) {
    return 'remove the ?query or #fragment from the address';
  }
  return null;
}

/** Trims and drops trailing slashes, so "https://x/" and "https://x" are the same address. */
export function normalizeServiceUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

/** A service address as typed: normalized, then checked against the rule above. */
export const ServiceUrl = z
  .string({ error: 'enter an absolute URL such as https://api.example.com' })
  .max(SERVICE_URL_MAX_LENGTH, 'the address is too long')
  .transform(normalizeServiceUrl)
  .superRefine((value, ctx) => {
    const problem = serviceUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * An address as a person should see it before trusting it with a key: scheme, host in its ASCII
 * form, port and path. WHATWG URL serializes an internationalized host as punycode, so a
 * look-alike such as "https://аpple.com" (Cyrillic а) shows as "https://xn--pple-43d.com"; a
 * user:password@ part is left out, so "https://apple.com@evil.com" shows as "https://evil.com".
 * Text that is not a URL is returned as it is (the form says what is wrong with it).
 */
export function displayAddress(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return value;
  }
  return normalizeServiceUrl(`${url.protocol}//${url.host}${url.pathname}`);
}

/** The ASCII form of a typed address when it differs from what was typed (a look-alike host), else null. */
export function addressNotAsTyped(value: string): string | null {
  const shown = displayAddress(value);
  return shown !== normalizeServiceUrl(value) ? shown : null;
}
