import type { Browser, CDPSession, Page } from '@playwright/test';
import { heapBytes, type HeapUsage } from '../shared/heap-bytes';

/**
 * DevTools protocol commands for the page and for its search worker (which Playwright gives no
 * session of its own): memory after a forced GC, and CPU profiles. A worker is reached through
 * the browser's session (Target.sendMessageToTarget), which is served even while it is busy.
 */

export interface Target {
  send<T>(method: string, params?: Record<string, unknown>): Promise<T>;
}

export async function pageTarget(page: Page): Promise<Target & { session: CDPSession }> {
  const session = await page.context().newCDPSession(page);
  return {
    session,
    send: <T>(method: string, params?: Record<string, unknown>) =>
      session.send(method as 'Runtime.evaluate', params as never) as Promise<T>,
  };
}

/** The worker whose script URL contains `urlPart` (the lane's `search.js`, the app's hashed `search.worker-….js`). */
export async function workerTarget(
  browser: Browser,
  urlPart: string,
  timeoutMs = 15_000,
): Promise<Target & { detach(): Promise<void> }> {
  const session = await browser.newBrowserCDPSession();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { targetInfos } = (await session.send('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string; url: string }[];
    };
    const target = targetInfos.find((t) => t.type === 'worker' && t.url.includes(urlPart));
    if (target) {
      const { sessionId } = (await session.send('Target.attachToTarget', {
        targetId: target.targetId,
        flatten: false,
      })) as { sessionId: string };
      let next = 1;
      const waiting = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();
      session.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
        if (event.sessionId !== sessionId) return;
        const m = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
        if (m.id !== undefined) waiting.get(m.id)?.(m);
      });
      return {
        async send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
          const id = next++;
          const reply = new Promise<{ result?: unknown; error?: { message: string } }>((resolve) =>
            waiting.set(id, resolve),
          );
          await session.send('Target.sendMessageToTarget', {
            sessionId,
            message: JSON.stringify({ id, method, params }),
          });
          const m = await reply;
          waiting.delete(id);
          if (!m.result) throw new Error(`${method} in the worker: ${m.error?.message ?? 'no result'}`);
          return m.result as T;
        },
        detach: () => session.detach().catch(() => undefined),
      };
    }
    if (Date.now() > deadline) {
      await session.detach();
      throw new Error(`no worker ${urlPart} to attach to`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function usageOf(target: Target): Promise<number> {
  return heapBytes(await target.send<HeapUsage>('Runtime.getHeapUsage'));
}

/** Bytes live after a full garbage collection. */
export async function liveBytesOf(target: Target): Promise<number> {
  await target.send('HeapProfiler.collectGarbage');
  return usageOf(target);
}

/** The highest of the targets' summed usage, sampled until stopped. */
export function samplePeak(
  targets: Target[],
  intervalMs: number,
): { stop(): Promise<{ peakBytes: number; peaks: number[]; samples: number }> } {
  let peakBytes = 0;
  const peaks = targets.map(() => 0);
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      // A target that went away (a worker ended) leaves the figure to the others.
      const each = await Promise.all(targets.map((t) => usageOf(t).catch(() => 0)));
      peakBytes = Math.max(
        peakBytes,
        each.reduce((a, b) => a + b, 0),
      );
      each.forEach((b, i) => (peaks[i] = Math.max(peaks[i] as number, b)));
      samples++;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { peakBytes, peaks, samples };
    },
  };
}
