/**
 * Full card numbers and security codes come only from the vault's reveal call. A response from
 * anywhere else that carries them (a misconfigured service, a proxy, a future field) has them
 * removed before it leaves the ServiceClient, so they can never reach the renderer, its cache or
 * a log by accident (PCI DSS 3.3.1.2, 3.4.1).
 *
 * Names are compared ignoring case, `_` and `-`: a proxy or another version of the service that
 * writes `PAN`, `Cvv`, `card_number` or `security-code` is caught as well.
 */
const SECRET_FIELDS = new Set(['pan', 'cvv', 'cardnumber', 'securitycode']);

/** Deeper than this nothing is inspected, so nothing is passed on either (a secret could hide there). */
export const CARD_SECRETS_MAX_DEPTH = 32;

const DROP = Symbol('drop');

/**
 * Answers by field name, remembered: a page of 50 transactions asks about the same twenty names
 * a thousand times (the lower-casing and the regex were a third of the strip's cost). Bounded,
 * since names come from the service.
 */
const verdicts = new Map<string, boolean>();
const MAX_REMEMBERED = 4096;

export function isCardSecretField(name: string): boolean {
  let secret = verdicts.get(name);
  if (secret === undefined) {
    secret = SECRET_FIELDS.has(name.toLowerCase().replace(/[_-]/g, ''));
    if (verdicts.size >= MAX_REMEMBERED) verdicts.clear();
    verdicts.set(name, secret);
  }
  return secret;
}

/**
 * A copy of `value` without any card-secret field at any depth, and without whatever is nested
 * deeper than CARD_SECRETS_MAX_DEPTH; the same object when there is nothing to remove.
 */
export function withoutCardSecrets<T>(value: T): T {
  const s = strip(value, 0);
  return (s === DROP ? undefined : s) as T;
}

function strip(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > CARD_SECRETS_MAX_DEPTH) return DROP;
  if (Array.isArray(value)) {
    let changed = false;
    const out: unknown[] = [];
    for (const v of value) {
      const s = strip(v, depth + 1);
      if (s !== v) changed = true;
      if (s !== DROP) out.push(s);
    }
    return changed ? out : value;
  }
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const s = isCardSecretField(k) ? DROP : strip(v, depth + 1);
    if (s === v) continue;
    out ??= { ...(value as Record<string, unknown>) };
    if (s === DROP) delete out[k];
    else out[k] = s;
  }
  return out ?? value;
}
