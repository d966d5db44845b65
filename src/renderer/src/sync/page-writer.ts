import type { PageWrite } from '../repos/transactions-repo';

/** Most pages in one transaction: bounds the work a single commit holds up. */
const MAX_BATCH = 64;

/**
 * One writer for every cursor of a sync: a page waits while the previous write commits, and all
 * the pages waiting then go in the next transaction together. Each page keeps its own chunk and
 * state in that transaction, so a kill still leaves every cursor with its rows or without them.
 */
export class PageWriter {
  private readonly queue: { page: PageWrite; resolve(seq: number): void; reject(error: unknown): void }[] = [];
  private writing = false;

  constructor(private readonly write: (pages: PageWrite[]) => Promise<number[]>) {}

  append(page: PageWrite): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ page, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const seqs = await this.write(batch.map((b) => b.page));
          batch.forEach((b, i) => b.resolve(seqs[i] as number));
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
