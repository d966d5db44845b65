/**
 * The one text form of a JSON value that equal values share: object keys sorted (by UTF-16 code
 * unit, as JavaScript compares strings), no spaces, undefined members left out, strings and
 * numbers as JSON.stringify writes them. The outbox hashes payloads in it; the team workspace
 * signs it (docs/team-workspace.md gives the exact bytes).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of a text's UTF-8 bytes, from the platform's WebCrypto (the page's or Node's). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
