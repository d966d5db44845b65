/** Most items in one transaction: bounds the work a single commit holds up. */
const MAX_BATCH = 64;

/**
 * One writer for many concurrent producers: an item waits while the previous write commits, and
 * all the items waiting then go in the next transaction together. IndexedDB runs read-write
 * transactions on the same tables one after another (and a strict-durability commit waits for
 * the disk), so one commit for all that is waiting is what lets producers run at full speed.
 * Each item stays whole inside its transaction: a kill leaves it written or not.
 */
export class BatchWriter<T, R> {
  private readonly queue: { item: T; resolve(result: R): void; reject(error: unknown): void }[] = [];
  private writing = false;

  constructor(private readonly write: (items: T[]) => Promise<R[]>) {}

  append(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const results = await this.write(batch.map((b) => b.item));
          batch.forEach((b, i) => b.resolve(results[i] as R));
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
