/**
 * Path parameters that cannot change the path they are put in. Apart from call-args.ts (the
 * types of a call, derived from the endpoint table) so endpoints.ts can use them without a
 * circle between the two.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one: what
// String.prototype.isWellFormed (ES2024, not in our ES2023 lib) refuses.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` is well-formed UTF-16 (no lone surrogate), so it can be URL-encoded. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** A path parameter that cannot change the path it is put in. */
export function pathParamProblem(value: string): string | null {
  if (value === '') return 'is empty';
  // encodeURIComponent throws a URIError on a lone surrogate; refused here with a reason instead.
  if (!isWellFormedText(value)) return 'contains a broken character (an unpaired UTF-16 surrogate); copy the id again';
  // Encoded, "." and ".." are still dot segments: URL parsing collapses them (`/card/..` is `/`).
  if (value === '.' || value === '..') return 'cannot be "." or ".."';
  return null;
}
