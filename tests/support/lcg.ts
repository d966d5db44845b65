/** A small deterministic generator (a linear congruential one) for picking test cases and bench queries from a seed. */
export function lcg(seed: number): {
  next(): number;
  pick<T>(xs: readonly T[]): T;
  int(lo: number, hi: number): number;
} {
  let x = seed >>> 0;
  const next = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
  return {
    next,
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
  };
}
