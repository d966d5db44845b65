import { WebhookCreate, WebhookUpdate } from '../../../../shared/service';

/**
 * What the app accepts as a webhook before anything is sent. The shared schema is the service's
 * contract (any absolute http(s) URL); the app is stricter, because a webhook's payloads carry the
 * company's data to whatever address is registered here.
 */

export const MAX_WEBHOOK_NAME = WebhookCreate.shape.name.maxLength ?? 200;
export const MAX_WEBHOOK_URL = WebhookCreate.shape.url.maxLength ?? 2048;
export const MAX_ARCHIVE_REASON = WebhookUpdate.shape.reason.unwrap().maxLength ?? 1000;

export const URL_EXAMPLE = 'https://hooks.example.com/treasury';

export interface UrlRules {
  /**
   * Whether hosts on this computer or a private network are accepted: only for the Demo, whose
   * service runs on this computer. A live service posts from the internet and can never reach
   * them (or, worse, reaches something on its own network by that name).
   */
  allowLocalHosts: boolean;
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** What is wrong with a webhook's name (trimmed), or undefined when the service will take it. */
export function webhookNameProblem(name: string): string | undefined {
  if (!name) return 'Give the webhook a name, e.g. "ERP sync".';
  if (name.length > MAX_WEBHOOK_NAME) return `A webhook name has at most ${MAX_WEBHOOK_NAME} characters; this one has ${name.length}.`;
  return undefined;
}

/** What is wrong with an archive reason (trimmed; optional), or undefined. */
export function archiveReasonProblem(reason: string): string | undefined {
  if (reason.length > MAX_ARCHIVE_REASON) return `A reason has at most ${MAX_ARCHIVE_REASON} characters; this one has ${reason.length}.`;
  return undefined;
}

/** The user-info and host part of an absolute URL as typed ("user@host:port"), before any path. */
function authorityAsTyped(value: string): string {
  const start = value.indexOf('//');
  const rest = start < 0 ? '' : value.slice(start + 2);
  const end = rest.search(/[/?#\\]/);
  return end < 0 ? rest : rest.slice(0, end);
}

function ipv4Octets(host: string): number[] | null {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  return m ? m.slice(1).map(Number) : null;
}

/**
 * Not a public unicast IPv4 address: "this network" (0/8), RFC 1918 private, loopback, link-local,
 * carrier-grade NAT, the IETF and documentation blocks, benchmarking (198.18/15), and multicast,
 * reserved and broadcast (224/3).
 */
function isLocalIpv4([a = 0, b = 0, c = 0]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  );
}

/**
 * Anything outside global unicast (2000::/3) is not a public address: loopback, unspecified,
 * IPv4-compatible and IPv4-mapped (`::…`, how the URL parser writes `[::127.0.0.1]`), NAT64
 * (64:ff9b::/96), unique-local, link- and site-local, multicast; and documentation (2001:db8::/32).
 */
function isLocalIpv6(host: string): boolean {
  const h = host.slice(1, -1).toLowerCase();
  if (h.startsWith(':')) return true;
  const [first = '', second = ''] = h.split(':');
  const group = Number.parseInt(first, 16);
  if (!(group >= 0x2000 && group <= 0x3fff)) return true;
  return group === 0x2001 && second === 'db8';
}

const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa'];

/**
 * Whether a URL's host (as WHATWG URL normalizes it: lower case, numeric IPv4 forms written out)
 * is this computer or a private network: such a name never reaches a server on the internet.
 * A name without a dot is a private one too (no public host has a single label).
 */
export function isLocalHost(hostname: string): boolean {
  if (hostname.startsWith('[')) return isLocalIpv6(hostname);
  const octets = ipv4Octets(hostname);
  if (octets) return isLocalIpv4(octets);
  const host = hostname.replace(/\.$/, '');
  return host === 'localhost' || !host.includes('.') || LOCAL_SUFFIXES.some((s) => host.endsWith(s));
}

/**
 * What is wrong with a webhook's address (trimmed), or undefined when the app will register it:
 * an absolute https URL with no credentials, no fragment, a host in plain ASCII (a look-alike of
 * another address is shown in the ASCII form it really has) and, outside the Demo, a public host.
 */
export function webhookUrlProblem(value: string, rules: UrlRules): string | undefined {
  if (!value) return `Enter the address that receives the payloads, e.g. ${URL_EXAMPLE}.`;
  if (value.length > MAX_WEBHOOK_URL) return `An address has at most ${plural(MAX_WEBHOOK_URL, 'character')}; this one has ${value.length.toLocaleString('en-US')}.`;
  if (/[\s\p{Cc}]/u.test(value)) return 'Remove the spaces from the address: a web address has none (write a space in a path as %20).';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `Enter a full address beginning with https://, e.g. ${URL_EXAMPLE}.`;
  }
  if (url.protocol === 'http:') return "Use an https:// address: webhook payloads carry your company's data, and http:// would send them readable along the way.";
  if (url.protocol !== 'https:') return `Use an https:// address, not ${url.protocol}: the service posts webhook payloads over the web, e.g. ${URL_EXAMPLE}.`;
  const authority = authorityAsTyped(value);
  if (authority.includes('@')) return 'Remove the user name or password (the part up to @): the service would keep it with the webhook, readable by anyone who lists webhooks.';
  if (value.includes('#')) return 'Remove the #fragment: it is never sent to the receiving server.';
  // eslint-disable-next-line no-control-regex -- the ASCII range itself is the rule.
  if (/[^\x00-\x7f]/.test(authority)) {
    return `The host has characters outside plain ASCII, which can imitate another address: it really is ${url.hostname}. If that is the one you mean, type it as ${url.protocol}//${url.host}.`;
  }
  if (!rules.allowLocalHosts && isLocalHost(url.hostname)) {
    return `${url.hostname} is on this computer or a private network: the service sends webhooks from the internet and cannot reach it. Use a public https address (local ones are accepted only on the Demo).`;
  }
  return undefined;
}

export interface WebhookInput {
  name: string;
  url: string;
}

export interface WebhookFormProblems {
  name?: string;
  url?: string;
}

/** The form's problems by field, or the trimmed body to send when there are none. */
export function checkWebhookForm(input: WebhookInput, rules: UrlRules): { ok: true; body: { name: string; url: string } } | { ok: false; problems: WebhookFormProblems } {
  const name = input.name.trim();
  const url = input.url.trim();
  const problems: WebhookFormProblems = {};
  const nameProblem = webhookNameProblem(name);
  const urlProblem = webhookUrlProblem(url, rules);
  if (nameProblem) problems.name = nameProblem;
  if (urlProblem) problems.url = urlProblem;
  return nameProblem || urlProblem ? { ok: false, problems } : { ok: true, body: { name, url } };
}
