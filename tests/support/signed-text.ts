/**
 * The team workspace's signed-text form, written here apart from the app's canonicalJson, so a
 * mistake there cannot make both sides agree. Pure: the renderer lane's entries use it in
 * Chromium, the node tests through team-fixtures.ts.
 */

/** Sorted-key JSON without spaces; keys whose value is undefined are left out. */
export function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const keys = Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The text a member signs for `kind` with `body`. */
export function statement(kind: string, body: unknown): string {
  return `treasury-team/1 ${kind}\n${sortedJson(body)}`;
}
