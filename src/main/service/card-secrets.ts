/**
 * Full card numbers and security codes come only from the vault's reveal call. A response from
 * anywhere else that carries them (a misconfigured service, a proxy, a future field) has them
 * removed before it leaves the ServiceClient, so they can never reach the renderer, its cache or
 * a log by accident (PCI DSS 3.3.1.2, 3.4.1).
 */
const SECRET_FIELDS = new Set(['pan', 'cvv']);

/** A copy of `value` without any `pan` or `cvv` field, at any depth; the same object when it has none. */
export function withoutCardSecrets<T>(value: T): T {
  return strip(value, 0) as T;
}

function strip(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const s = strip(v, depth + 1);
      if (s !== v) changed = true;
      return s;
    });
    return changed ? out : value;
  }
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    if (SECRET_FIELDS.has(k)) {
      out ??= { ...(value as Record<string, unknown>) };
      delete out[k];
      continue;
    }
    const s = strip(v, depth + 1);
    if (s !== v) {
      out ??= { ...(value as Record<string, unknown>) };
      out[k] = s;
    }
  }
  return out ?? value;
}
