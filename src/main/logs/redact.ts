/**
 * The one redaction every log line goes through in main, whatever wrote it (main's own code, a
 * page's line over IPC, a library's error): by key name for structured fields, by shape for
 * text. It errs towards hiding: a log line that lost a number costs a support desk a question;
 * a log line that kept a card number cannot be taken back once the file was sent.
 */

export const REDACTED = '[redacted]';

/**
 * Field names whose value is a secret or private text, whatever it looks like: compared after
 * dropping case, `-` and `_` (so `api_key`, `apiKey` and `API-KEY` are one name).
 */
const SECRET_NAMES = new Set([
  'apikey',
  'key',
  'password',
  'passwd',
  'passphrase',
  'secret',
  'clientsecret',
  'token',
  'accesstoken',
  'refreshtoken',
  'authorization',
  'cookie',
  'cvc',
  'cvv',
  'cvv2',
  'pin',
  'pan',
  'number',
  'cardnumber',
  'memo',
  'note',
  'description',
  'signingkey',
  'privatekey',
  'seed',
  'mnemonic',
]);
/** Any name containing one of these is a secret too (`workspacePassword`, `vaultToken`). */
const SECRET_PARTS = ['password', 'secret', 'token', 'apikey', 'privatekey', 'signingkey', 'passphrase'];
/** Names whose value is an account or routing number: kept to its last 4 digits, as statements print it. */
const ACCOUNT_NAMES = new Set(['accountnumber', 'routingnumber', 'iban', 'account', 'accountno']);

const squash = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

export function isSecretName(name: string): boolean {
  const n = squash(name);
  return SECRET_NAMES.has(n) || SECRET_PARTS.some((p) => n.includes(p));
}

/** The last 4 digits of a number-like value, the rest gone ("…6789"); `[redacted]` when it has fewer than 5. */
export function lastFour(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length > 4 ? `…${digits.slice(-4)}` : REDACTED;
}

/** Whether a run of digits passes the Luhn check (every payment card number does). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Text rules, in order: the most specific first, so a key is named as a key rather than as base64. */
const TEXT_RULES: { pattern: RegExp; replace: (match: string, ...groups: string[]) => string }[] = [
  // A PEM private key, whole.
  {
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
    replace: () => REDACTED,
  },
  // A password in a URL's user part (postgres://user:password@host).
  { pattern: /([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi, replace: (_m, head) => `${head}${REDACTED}@` },
  // A credential in a header or a `name=value` / `name: value` pair of free text.
  { pattern: /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, replace: (_m, scheme) => `${scheme} ${REDACTED}` },
  {
    pattern:
      /\b(api[-_]?key|password|passwd|passphrase|secret|token|cvc|cvv|signing[-_]?key|private[-_]?key)(["']?\s*[:=]\s*["']?)[^\s"',;}&]+/gi,
    replace: (_m, name, sep) => `${name}${sep}${REDACTED}`,
  },
  // A JSON Web Token (header.payload.signature): a bearer credential as a whole.
  { pattern: /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, replace: () => REDACTED },
  // Keys shaped as services issue them: a short prefix, an underscore, a long random tail.
  { pattern: /\b(?:sk|pk|rk|sbx|whsec|api|key|tok|live|test)_[A-Za-z0-9_-]{8,}/g, replace: () => REDACTED },
  // Digit runs of 13 to 19 (spaces or dashes between groups) that pass Luhn: card numbers, gone whole.
  {
    pattern: /(?<![\d.])\d(?:[ -]?\d){12,18}(?![\d.])/g,
    replace: (m) => (luhnValid(m.replace(/\D/g, '')) ? REDACTED : m),
  },
  // Long hex (signing keys, hashes of secrets, raw tokens).
  { pattern: /\b(?:0x)?[0-9a-fA-F]{32,}\b/g, replace: () => REDACTED },
  // Long base64 or base64url runs with mixed case and digits (keys, tokens, sealed blobs).
  {
    pattern: /[A-Za-z0-9+/_-]{32,}={0,2}/g,
    replace: (m) => (/[a-z]/.test(m) && /[A-Z]/.test(m) && /\d/.test(m) ? REDACTED : m),
  },
  // Any other run of 9 or more digits may be an account number: only its last 4 stay.
  {
    pattern: /(?<![\d.:])\d(?:[ -]?\d){8,}(?![\d.])/g,
    replace: (m) => lastFour(m),
  },
];

/**
 * Ids (UUIDs: rows, profiles, workspaces) are set aside before the shape rules and put back after:
 * their digit groups can pass Luhn or run past nine digits by chance, and a log whose row ids are
 * cut cannot be followed. The 8-4-4-4-12 shape is no card or account number's.
 */
const UUID = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;
const SET_ASIDE = /\uE000(\d+)\uE001/g;

/** A text with every secret-shaped part replaced. */
export function redactText(text: string): string {
  const ids: string[] = [];
  // The marks are private-use characters, which no log line needs: dropped first, no text can pose as a set-aside id.
  let out = text.replace(/[\uE000\uE001]/g, '').replace(UUID, (id) => `\uE000${ids.push(id) - 1}\uE001`);
  for (const rule of TEXT_RULES) out = out.replace(rule.pattern, rule.replace as (m: string) => string);
  return out.replace(SET_ASIDE, (_m, i: string) => ids[Number(i)] ?? '');
}

const MAX_DEPTH = 8;

/**
 * A copy of any value fit for a log: strings by shape, object fields by name then by shape,
 * errors as their name and message, cycles and depth cut short. Never throws.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'number' || typeof value === 'bigint') {
    // A count stays a number; only a number shaped like a card or an account becomes text.
    const text = redactText(String(value));
    return text === String(value) ? value : text;
  }
  if (value === null || typeof value !== 'object') return value;
  // `seen` holds the objects above this one: a cycle is cut, an object met twice side by side is not.
  if (seen.has(value)) return '[cycle]';
  if (depth >= MAX_DEPTH) return '[deep]';
  seen.add(value);
  try {
    return redactObject(value, depth, seen);
  } finally {
    seen.delete(value);
  }
}

function redactObject(value: object, depth: number, seen: WeakSet<object>): unknown {
  if (value instanceof Error) {
    const out: Record<string, unknown> = { name: value.name, message: redactText(value.message) };
    const code = (value as { code?: unknown }).code;
    if (typeof code === 'string') out['code'] = redactText(code);
    if (value.cause !== undefined) out['cause'] = redactValue(value.cause, depth + 1, seen);
    return out;
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v: unknown) => redactValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const name = redactText(k);
    const n = squash(k);
    if (ACCOUNT_NAMES.has(n) && (typeof v === 'string' || typeof v === 'number')) out[name] = lastFour(String(v));
    else if (isSecretName(k) && v !== undefined && v !== null && v !== '') out[name] = REDACTED;
    else out[name] = redactValue(v, depth + 1, seen);
  }
  return out;
}
