import type { Browser, CDPSession, Page } from '@playwright/test';
import { HeapSampler } from '../search/node/heap-sampler';
import { heapBytes, type HeapUsage } from '../shared/heap-bytes';

/**
 * The window's and the search worker's memory during a backfill, from the DevTools protocol
 * (Runtime.getHeapUsage: JS heap + array buffers + Blink's heap), sampled together every
 * `intervalMs`, as found: garbage not yet collected included, and no collection forced while the
 * backfill runs (a forced one would lower the very peak being measured). Their sum at its highest
 * is the backfill's peak: what the process must hold at once, which the heaps' separate peaks
 * would underestimate. After the backfill, `liveAfterGc` says how much of it was garbage.
 */
export class PeakMemory {
  peakBytes = 0;
  peakWindowBytes = 0;
  peakWorkerBytes = 0;
  samples = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private busy = false;

  private constructor(
    private readonly window: CDPSession,
    private readonly worker: HeapSampler,
  ) {}

  /** The window `page` and its worker whose script ends with `workerSuffix` (already running). */
  static async attach(browser: Browser, page: Page, workerSuffix: string): Promise<PeakMemory> {
    const window = await page.context().newCDPSession(page);
    return new PeakMemory(window, await HeapSampler.attach(browser, workerSuffix));
  }

  private async windowBytes(): Promise<number> {
    return heapBytes((await this.window.send('Runtime.getHeapUsage')) as HeapUsage);
  }

  async sample(): Promise<void> {
    const [w, k] = await Promise.all([this.windowBytes(), this.worker.usage()]);
    this.samples++;
    this.peakWindowBytes = Math.max(this.peakWindowBytes, w);
    this.peakWorkerBytes = Math.max(this.peakWorkerBytes, k);
    this.peakBytes = Math.max(this.peakBytes, w + k);
  }

  /** One sample at a time: a sample due while the protocol is busy is skipped, the next comes on time. */
  start(intervalMs = 100): void {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.sample().then(
        () => (this.busy = false),
        () => (this.busy = false),
      );
    }, intervalMs);
  }

  /** Stops sampling; takes one last sample so a short run has at least one. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sample().catch(() => undefined);
  }

  /** Window and worker after a forced full collection of each: how much of the peak was live. */
  async liveAfterGc(): Promise<{ window: number; worker: number }> {
    await this.window.send('HeapProfiler.collectGarbage');
    return { window: await this.windowBytes(), worker: await this.worker.liveUsage() };
  }

  async detach(): Promise<void> {
    clearInterval(this.timer);
    await this.worker.detach();
    await this.window.detach().catch(() => undefined);
  }
}
