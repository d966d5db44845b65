import type { Browser, CDPSession, Page } from '@playwright/test';
import { HeapSampler } from '../search/node/heap-sampler';

/**
 * What V8 and Blink say they hold in the window and in the search worker, beside the process's
 * resident figure (process-memory.ts), so a run can tell what holds the renderer's memory: the
 * JS heaps in use (garbage not yet collected included) and as committed, the array buffers'
 * backing stores (the index's typed arrays, the bytes read from storage), and Blink's own heap.
 * DevTools Runtime.getHeapUsage on each; the worker is found once it runs.
 */
export interface HeapFigures {
  usedBytes: number;
  /** The V8 heap as committed (what the process holds for it, used or not). */
  totalBytes: number;
  /** Array buffers' backing stores (outside the V8 heap). */
  buffersBytes: number;
  /** Blink's heap (DOM, IndexedDB's values on their way in and out). */
  embedderBytes: number;
}

interface HeapUsage {
  usedSize: number;
  totalSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

const figures = (u: HeapUsage): HeapFigures => ({
  usedBytes: u.usedSize,
  totalBytes: u.totalSize,
  buffersBytes: u.backingStorageSize ?? 0,
  embedderBytes: u.embedderHeapUsedSize ?? 0,
});

export class HeapSplit {
  private worker: HeapSampler | null = null;
  private looking = false;

  private constructor(
    private readonly browser: Browser,
    private readonly window: CDPSession,
    private readonly workerUrlPart: string,
  ) {}

  static async attach(browser: Browser, page: Page, workerUrlPart: string): Promise<HeapSplit> {
    return new HeapSplit(browser, await page.context().newCDPSession(page), workerUrlPart);
  }

  /** The window's and the worker's figures now; null for one that cannot be read (yet). */
  async read(): Promise<{ window: HeapFigures | null; worker: HeapFigures | null }> {
    if (!this.worker && !this.looking) {
      this.looking = true;
      // Not there yet is no error: the worker starts when the app first needs the index.
      HeapSampler.attach(this.browser, this.workerUrlPart, 0).then(
        (w) => (this.worker = w),
        () => (this.looking = false),
      );
    }
    const [window, worker] = await Promise.all([
      (this.window.send('Runtime.getHeapUsage') as Promise<HeapUsage>).then(figures, () => null),
      this.worker
        ? (this.worker.send('Runtime.getHeapUsage') as Promise<HeapUsage>).then(figures, () => null)
        : Promise.resolve(null),
    ]);
    return { window, worker };
  }

  async detach(): Promise<void> {
    await this.worker?.detach();
    await this.window.detach().catch(() => undefined);
  }
}
