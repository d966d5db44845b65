/**
 * Nearest-rank percentiles in ms, rounded to microseconds. No Node or DOM import: the benches
 * in Node and their pages in Chromium both use it.
 */
export function percentiles(ms: readonly number[]): { p50: number; p95: number; max: number; n: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.max(0, Math.min(s.length - 1, Math.ceil(q * s.length) - 1))] ?? 0;
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { p50: r(at(0.5)), p95: r(at(0.95)), max: r(s[s.length - 1] ?? 0), n: s.length };
}

export const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
