/**
 * Deterministic randomness: the same seed gives the same world. mulberry32 is small, fast and
 * good enough for test data (not for anything secret).
 */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }
  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += this.int(0, 15).toString(16);
    return s;
  }
}

/** Ids shaped like the service's (prefix + sortable counter + random tail), unique within a world. */
export class IdFactory {
  private counter = 0;
  constructor(private readonly rng: Rng) {}
  next(prefix: string): string {
    this.counter += 1;
    return `${prefix}_${this.counter.toString(36).padStart(6, '0')}${this.rng.hex(6)}`;
  }
}
