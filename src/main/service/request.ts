import type { z } from 'zod';
import { buildPath, IDEMPOTENCY_HEADER, pathParamProblem, type EndpointDef } from '../../shared/service';

/**
 * Turns checked arguments into an HTTP request. Everything is validated here, before any byte
 * leaves: an invalid call must fail as `invalid-request` with nothing sent (a half-valid money
 * movement that the server happens to accept is worse than a clear local error).
 */

/** The arguments as they arrive at runtime (the typed surface is in call-args.ts). */
export interface RawArgs {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
  idempotencyKey?: unknown;
  vault?: unknown;
  signal?: AbortSignal;
}

export interface PreparedRequest {
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string };
}

/** A local validation failure: becomes a ServiceError of kind `invalid-request`. */
export class InvalidRequest extends Error {}

/** Header values must be visible ASCII (RFC 9110 field-value without obs-text); fetch would
 * otherwise throw a TypeError that quotes the value, and the value may be the API key. */
const HEADER_VALUE = /^[\x21-\x7e]+$/;
const MAX_IDEMPOTENCY_KEY = 255;
const MAX_PARAM = 500;

export function normalizeBaseUrl(raw: string, what: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError(`The ${what} is not a valid address. Check it in Settings.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`The ${what} must start with https:// (or http:// for a local sandbox).`);
  }
  if (url.search || url.hash) throw new TypeError(`The ${what} must not contain "?" or "#".`);
  // Joined by string so a base path (https://host/v1) is kept; trailing slashes would double.
  return url.href.replace(/\/+$/, '');
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid value';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

function validate(schema: z.ZodType | undefined, value: unknown, where: 'query' | 'body'): unknown {
  if (!schema) {
    if (value !== undefined) throw new InvalidRequest(`This request takes no ${where}.`);
    return undefined;
  }
  // A missing query is an empty one; a missing body is validated as such (and usually fails).
  const result = schema.safeParse(where === 'query' ? (value ?? {}) : value);
  if (!result.success) throw new InvalidRequest(`Invalid ${where}, ${firstIssue(result.error)}. Nothing was sent.`);
  return result.data;
}

function queryString(query: unknown): string {
  if (query === undefined || query === null || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null) search.append(key, typeof v === 'string' ? v : JSON.stringify(v));
    }
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

function pathOf(def: EndpointDef, params: Record<string, unknown> | undefined): string {
  const names = [...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = params?.[name];
    if (typeof value !== 'string' || value.length > MAX_PARAM) {
      throw new InvalidRequest(`The ${name} is missing or not a valid id. Nothing was sent.`);
    }
    const problem = pathParamProblem(value);
    if (problem) throw new InvalidRequest(`The ${name} ${problem}. Nothing was sent.`);
    values[name] = value;
  }
  return buildPath(def.path, values);
}

export function checkApiKey(key: unknown): string {
  if (typeof key !== 'string' || key.trim() === '') {
    throw new InvalidRequest('No API key is set for this profile. Add it in Settings.');
  }
  if (!HEADER_VALUE.test(key)) {
    throw new InvalidRequest(
      'The API key contains characters that cannot be sent (spaces or line breaks?). Paste it again in Settings.',
    );
  }
  return key;
}

export function prepareRequest(
  def: EndpointDef,
  args: RawArgs,
  hosts: { baseUrl: string; vaultUrl: string | undefined },
  apiKey: string,
): PreparedRequest {
  if (args.vault !== undefined && typeof args.vault !== 'boolean')
    throw new InvalidRequest('vault must be true or false.');
  if (args.vault === true && def.hosts !== 'api+vault')
    throw new InvalidRequest('This request is not served by the vault.');
  if (args.vault === true && !hosts.vaultUrl)
    throw new InvalidRequest('No vault address is set for this profile. Add it in Settings.');

  const query = validate(def.query, args.query, 'query');
  const body = validate(def.body, args.body, 'body');
  const path = pathOf(def, args.params);

  const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': apiKey };
  if (def.idempotent || (def.acceptsKey && args.idempotencyKey !== undefined)) {
    const key = args.idempotencyKey;
    if (typeof key !== 'string' || key.length > MAX_IDEMPOTENCY_KEY || !HEADER_VALUE.test(key)) {
      throw new InvalidRequest(
        `An idempotency key (1 to ${MAX_IDEMPOTENCY_KEY} visible characters) is required. Nothing was sent.`,
      );
    }
    headers[IDEMPOTENCY_HEADER] = key;
  } else if (args.idempotencyKey !== undefined) {
    // A key on a read or a plain write would suggest a safety the endpoint does not give.
    throw new InvalidRequest('This request does not take an idempotency key.');
  }

  const base = args.vault === true && hosts.vaultUrl ? hosts.vaultUrl : hosts.baseUrl;
  const init: PreparedRequest['init'] = { method: def.method, headers };
  if (def.body) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return { url: `${base}${path}${queryString(query)}`, init };
}
