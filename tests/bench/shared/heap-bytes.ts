/** What DevTools' Runtime.getHeapUsage answers, of it what the benches count. */
export interface HeapUsage {
  usedSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

/** JS heap + Blink's heap + array buffer backing stores (where typed arrays live). */
export const heapBytes = (u: HeapUsage): number =>
  u.usedSize + (u.embedderHeapUsedSize ?? 0) + (u.backingStorageSize ?? 0);
