import type { Browser, CDPSession } from '@playwright/test';

/**
 * Samples a worker's memory while it builds. performance.measureUserAgentSpecificMemory() waits
 * for a busy worker to finish its task, so it cannot see inside a build; the DevTools protocol
 * can: Runtime.getHeapUsage on the worker's target is served by an interrupt even mid-task, and
 * reports the JS heap in use plus array buffer backing stores (where typed arrays live) and Blink's
 * heap. Their sum at its highest is the build's peak. WebAssembly memory is in none of these
 * figures (nor in measureUserAgentSpecificMemory's): engines report it themselves.
 */

interface HeapUsage {
  usedSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

export class HeapSampler {
  private next = 1;
  private readonly waiting = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private busy = false;
  peakBytes = 0;
  samples = 0;

  private constructor(
    private readonly session: CDPSession,
    private readonly sessionId: string,
  ) {
    session.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== this.sessionId) return;
      const m = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
      if (m.id === undefined) return;
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
  }

  /** Attaches to the worker whose script URL contains `urlPart` (waits for it to appear). */
  static async attach(browser: Browser, urlPart: string, timeoutMs = 15_000): Promise<HeapSampler> {
    const session = await browser.newBrowserCDPSession();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
      const target = targetInfos.find((t) => t.type === 'worker' && t.url.includes(urlPart));
      if (target) {
        // The non-flattened protocol: our own session to the worker, beside Playwright's.
        const { sessionId } = (await session.send('Target.attachToTarget', {
          targetId: target.targetId,
          flatten: false,
        })) as { sessionId: string };
        return new HeapSampler(session, sessionId);
      }
      if (Date.now() > deadline) {
        await session.detach();
        throw new Error(`no worker ${urlPart} to sample`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** A DevTools command to the worker (one without parameters). */
  async send(method: string): Promise<unknown> {
    const id = this.next++;
    const reply = new Promise<{ result?: unknown; error?: { message: string } }>((resolve) =>
      this.waiting.set(id, resolve),
    );
    await this.session.send('Target.sendMessageToTarget', {
      sessionId: this.sessionId,
      message: JSON.stringify({ id, method }),
    });
    const m = await reply;
    if (!m.result) throw new Error(`${method}: ${m.error?.message ?? 'no result'}`);
    return m.result;
  }

  /** Bytes in use now: JS heap + array buffers + Blink heap. */
  async usage(): Promise<number> {
    const u = (await this.send('Runtime.getHeapUsage')) as HeapUsage;
    return u.usedSize + (u.embedderHeapUsedSize ?? 0) + (u.backingStorageSize ?? 0);
  }

  /** Bytes live after a full garbage collection. */
  async liveUsage(): Promise<number> {
    await this.send('HeapProfiler.collectGarbage');
    return this.usage();
  }

  /** Takes one sample into the peak. */
  async sampleOnce(): Promise<number> {
    const bytes = await this.usage();
    this.samples++;
    this.peakBytes = Math.max(this.peakBytes, bytes);
    return bytes;
  }

  /** Samples every `intervalMs`, keeping the peak; `onSample` sees each sample. */
  start(intervalMs: number, onSample: (bytes: number) => void): void {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.sampleOnce().then(
        (bytes) => {
          this.busy = false;
          onSample(bytes);
        },
        // The worker may be gone (terminated, crashed); the build's own error says why.
        () => (this.busy = false),
      );
    }, intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async detach(): Promise<void> {
    this.stop();
    for (const resolve of this.waiting.values()) resolve({ error: { message: 'detached' } });
    this.waiting.clear();
    await this.session.detach().catch(() => {});
  }
}
