/**
 * The one rule for a webhook address the app registers, used by the form (to say what is wrong
 * beside the field) and by main (which applies it to every createWebhook, whichever channel asked,
 * and sends only the parsed address). The service's contract takes any absolute http(s) URL; the
 * app is stricter, because a webhook's payloads carry the company's data to whatever address is
 * registered, and an address that reads one way to a person and parses another way is a way to
 * send them somewhere else.
 */

export const MAX_WEBHOOK_URL = 2048;
export const URL_EXAMPLE = 'https://hooks.example.com/treasury';

export interface WebhookUrlRules {
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

function ipv4Octets(host: string): number[] | null {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  return m ? m.slice(1).map(Number) : null;
}

/**
 * Not a public unicast IPv4 address: "this network" (0/8), RFC 1918 private, loopback, link-local,
 * carrier-grade NAT, the IETF protocol block (192.0.0/24), documentation, the old 6to4 relay
 * anycast (192.88.99/24), benchmarking (198.18/15), and multicast, reserved and broadcast (224/3).
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
    (a === 192 && b === 88 && c === 99) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  );
}

/**
 * The eight 16-bit groups of an IPv6 address as WHATWG URL serializes it (lower-case hex, `::`
 * for the longest zero run, never a dotted IPv4 tail); null for anything else.
 */
export function ipv6Groups(address: string): number[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const head = part(halves[0] ?? '');
  const tail = halves.length === 2 ? part(halves[1] ?? '') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * Anything outside global unicast (2000::/3) is not a public address: unspecified, loopback,
 * IPv4-compatible and IPv4-mapped, NAT64 (64:ff9b::/96 and 64:ff9b:1::/48), discard, unique-local,
 * link- and site-local, multicast. Inside it, the blocks that carry or stand for another address
 * are refused too: 2001::/23 (IETF protocol assignments, Teredo's 2001::/32 among them, which
 * embeds an IPv4 address), documentation (2001:db8::/32 and 3fff::/20) and all of 6to4 (2002::/16,
 * whose next 32 bits are an IPv4 address, private ones included).
 */
function isLocalIpv6(bracketed: string): boolean {
  const groups = ipv6Groups(bracketed.slice(1, -1));
  if (!groups) return true;
  const [first = 0, second = 0] = groups;
  if (first < 0x2000 || first > 0x3fff) return true;
  if (first === 0x2001 && second < 0x0200) return true;
  if (first === 0x2001 && second === 0x0db8) return true;
  if (first === 0x3fff && second < 0x1000) return true;
  return first === 0x2002;
}

const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa'];

/**
 * Whether a URL's host (as WHATWG URL normalizes it: lower case, numeric IPv4 forms written out)
 * is this computer or a private network: such a name never reaches a server on the internet.
 * Trailing dots are dropped first (`localhost.` and `localhost..` are localhost to a resolver).
 * A name without a dot is a private one too (no public host has a single label).
 */
export function isLocalHost(hostname: string): boolean {
  if (hostname.startsWith('[')) return isLocalIpv6(hostname);
  const octets = ipv4Octets(hostname);
  if (octets) return isLocalIpv4(octets);
  const host = hostname.replace(/\.+$/, '');
  return host === 'localhost' || !host.includes('.') || LOCAL_SUFFIXES.some((s) => host.endsWith(s));
}

/**
 * The user-info and host part of an address as typed, after its scheme and however many slashes
 * follow it (the parser takes "https:host" and "https:/host" too), before any path, query or
 * fragment.
 */
function authorityAsTyped(value: string): string {
  const rest = value.replace(/^[a-z][a-z0-9+.-]*:\/*/i, '');
  const end = rest.search(/[/?#]/);
  return end < 0 ? rest : rest.slice(0, end);
}

const isIpHost = (hostname: string) => hostname.startsWith('[') || ipv4Octets(hostname) !== null;

/**
 * What is wrong with a webhook's address (trimmed), or undefined when the app will register it:
 * an absolute `https://` URL written with its two slashes, no backslash, no credentials, no
 * fragment, a host exactly as typed in plain ASCII (a look-alike is shown in the form it really
 * has) and, outside the Demo, a public host.
 */
export function webhookUrlProblem(value: string, rules: WebhookUrlRules): string | undefined {
  if (!value) return `Enter the address that receives the payloads, e.g. ${URL_EXAMPLE}.`;
  if (value.length > MAX_WEBHOOK_URL)
    return `An address has at most ${plural(MAX_WEBHOOK_URL, 'character')}; this one has ${value.length.toLocaleString('en-US')}.`;
  if (/[\s\p{Cc}]/u.test(value))
    return 'Remove the spaces from the address: a web address has none (write a space in a path as %20).';
  // The URL parser reads "\" as "/" in an https address, so "https://a.example\@b.example/" goes to
  // b.example while reading as a.example, and "https:\\user:pw@host" hides a password.
  if (value.includes('\\'))
    return 'Remove the backslash (\\) from the address: it is read as a slash, so the address would not go where it seems to.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `Enter a full address beginning with https://, e.g. ${URL_EXAMPLE}.`;
  }
  if (url.protocol === 'http:')
    return "Use an https:// address: webhook payloads carry your company's data, and http:// would send them readable along the way.";
  if (url.protocol !== 'https:')
    return `Use an https:// address, not ${url.protocol}: the service posts webhook payloads over the web, e.g. ${URL_EXAMPLE}.`;
  const authority = authorityAsTyped(value);
  if (url.username || url.password || authority.includes('@')) {
    return 'Remove the user name or password (the part up to @): the service would keep it with the webhook, readable by anyone who lists webhooks.';
  }
  if (value.includes('#')) return 'Remove the #fragment: it is never sent to the receiving server.';
  // The host must be the one typed: a non-ASCII letter (Cyrillic "а", full-width "ｅ") or a
  // %-escape is turned by the parser into another name, which is the one the service would post
  // to. (A numeric IPv4 form such as 0x7f.1 is rewritten too; the local check below judges it.)
  // eslint-disable-next-line no-control-regex -- the ASCII range itself is the rule.
  if (/[^\x00-\x7f]/.test(authority)) {
    return `The host has characters outside plain ASCII, which can imitate another address: it really is ${url.hostname}. If that is the one you mean, type it as ${url.protocol}//${url.host}.`;
  }
  if (!isIpHost(url.hostname) && !authority.toLowerCase().includes(url.hostname)) {
    return `The host is not written as it will be read: it really is ${url.hostname}. If that is the one you mean, type it as ${url.protocol}//${url.host}.`;
  }
  // "https:/host" and "https:host" parse, to a host the eye does not take for one: ask for the usual form.
  if (!/^https:\/\/[^/]/i.test(value)) return `Write the address with two slashes after https:, e.g. ${URL_EXAMPLE}.`;
  if (!rules.allowLocalHosts && isLocalHost(url.hostname)) {
    return `${url.hostname} is on this computer or a private network: the service sends webhooks from the internet and cannot reach it. Use a public https address (local ones are accepted only on the Demo).`;
  }
  return undefined;
}

/**
 * The address to register: the parser's own serialization (`href`) of an address the rule
 * accepted, so what the service receives is what was checked, not the string as typed.
 */
export function webhookHref(value: string): string {
  return new URL(value.trim()).href;
}
