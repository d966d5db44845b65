/**
 * Semantic versions (semver.org 2.0.0) as electron-builder writes them in a feed: MAJOR.MINOR.PATCH,
 * an optional -pre.release and +build. Precedence follows the spec: build metadata is ignored,
 * a pre-release sorts before its release, numeric identifiers compare as numbers and below
 * alphanumeric ones.
 */
export interface Version {
  core: [number, number, number];
  pre: string[];
}

const VERSION =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-.]+)?$/;
const NUMERIC = /^(0|[1-9]\d*)$/;

/** The version, or null when `text` is not one (a feed with such a version is refused). */
export function parseVersion(text: string): Version | null {
  const m = VERSION.exec(text.trim());
  if (!m) return null;
  const pre = m[4] ? m[4].split('.') : [];
  // A numeric identifier with a leading zero is not a version (semver, rule 9).
  if (pre.some((id) => /^\d+$/.test(id) && !NUMERIC.test(id))) return null;
  const core: [number, number, number] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!core.every(Number.isSafeInteger)) return null;
  return { core, pre };
}

function comparePre(a: string[], b: string[]): number {
  // A release outranks its pre-releases.
  if (a.length === 0 || b.length === 0) return Math.sign(b.length - a.length);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const xn = NUMERIC.test(x);
    const yn = NUMERIC.test(y);
    if (xn && yn) return Number(x) < Number(y) ? -1 : 1;
    if (xn !== yn) return xn ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Negative when a precedes b, 0 when equal in precedence, positive when a follows b. */
export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    const d = a.core[i]! - b.core[i]!;
    if (d !== 0) return Math.sign(d);
  }
  return comparePre(a.pre, b.pre);
}
