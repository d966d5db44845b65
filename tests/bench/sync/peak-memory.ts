import type { Browser, CDPSession, Page } from '@playwright/test';
import { HeapSampler } from '../search/node/heap-sampler';

interface HeapUsage {
  usedSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

const bytesOf = (u: HeapUsage) => u.usedSize + (u.embedderHeapUsedSize ?? 0) + (u.backingStorageSize ?? 0);

/**
 * The window's and the search worker's memory during a backfill, from the DevTools protocol
 * (Runtime.getHeapUsage: JS heap + array buffers + Blink's heap), sampled together every
 * `intervalMs`. Their sum at its highest is the backfill's peak: it is what the process must
 * hold at once, which the heaps' separate peaks would underestimate.
 */
export class PeakMemory {
  peakBytes = 0;
  peakWindowBytes = 0;
  peakWorkerBytes = 0;
  samples = 0;
  /**
   * The measure: the heaps after a forced full collection of each (HeapProfiler.collectGarbage),
   * taken during the backfill every `liveEveryMs`: what the backfill holds, not the garbage a
   * collector with 24 GB to spare has not yet bothered to collect (the raw peak above keeps that).
   */
  peakLiveBytes = 0;
  peakLiveWindowBytes = 0;
  peakLiveWorkerBytes = 0;
  liveSamples = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private liveTimer: ReturnType<typeof setInterval> | undefined;
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
    return bytesOf((await this.window.send('Runtime.getHeapUsage')) as HeapUsage);
  }

  async sample(): Promise<void> {
    const [w, k] = await Promise.all([this.windowBytes(), this.worker.usage()]);
    this.samples++;
    this.peakWindowBytes = Math.max(this.peakWindowBytes, w);
    this.peakWorkerBytes = Math.max(this.peakWorkerBytes, k);
    this.peakBytes = Math.max(this.peakBytes, w + k);
  }

  async sampleLive(): Promise<void> {
    const live = await this.liveAfterGc();
    this.liveSamples++;
    this.peakLiveWindowBytes = Math.max(this.peakLiveWindowBytes, live.window);
    this.peakLiveWorkerBytes = Math.max(this.peakLiveWorkerBytes, live.worker);
    this.peakLiveBytes = Math.max(this.peakLiveBytes, live.window + live.worker);
  }

  start(intervalMs = 100, liveEveryMs = 2000): void {
    this.liveTimer = this.every(liveEveryMs, () => this.sampleLive());
    this.timer = this.every(intervalMs, () => this.sample());
  }

  /** One sampling at a time: a sample due while the protocol is busy is skipped, the next comes on time. */
  private every(ms: number, take: () => Promise<void>): ReturnType<typeof setInterval> {
    return setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      take().then(
        () => (this.busy = false),
        () => (this.busy = false),
      );
    }, ms);
  }

  /** Stops sampling; takes one last sample so a short run has at least one. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.liveTimer);
    await this.sample().catch(() => undefined);
    await this.sampleLive().catch(() => undefined);
  }

  /** Window and worker after a forced full collection of each (steady state). */
  async liveAfterGc(): Promise<{ window: number; worker: number }> {
    await this.window.send('HeapProfiler.collectGarbage');
    return { window: await this.windowBytes(), worker: await this.worker.liveUsage() };
  }

  async detach(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.liveTimer);
    await this.worker.detach();
    await this.window.detach().catch(() => undefined);
  }
}
