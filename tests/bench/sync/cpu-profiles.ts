import type { Browser, CDPSession, Page } from '@playwright/test';
import { HeapSampler } from '../search/node/heap-sampler';

/** A V8 CPU profile as the DevTools protocol returns it (the parts read here). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Milliseconds a profile spent working (not idle), and the five functions that took most of it:
 * CPU time rather than wall time, so a run on a machine shared by other benchmarks still says
 * what each side costs.
 */
export function busyOf(profile: CpuProfile): { busy_ms: number; top: { fn: string; ms: number }[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)?.callFrame;
    const us = profile.timeDeltas[i] ?? 0;
    if (!f || f.functionName === '(idle)') return;
    busy += us;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + us);
  });
  const top = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([fn, us]) => ({ fn, ms: Math.round(us / 1000) }));
  return { busy_ms: Math.round(busy / 1000), top };
}

/** The window's and the search worker's CPU profiles over one stretch of a benchmark. */
export class CpuProfiles {
  private constructor(
    private readonly window: CDPSession,
    private readonly worker: HeapSampler,
  ) {}

  /** The window `page` and its (running) worker whose script URL ends with `workerSuffix`. */
  static async attach(browser: Browser, page: Page, workerSuffix: string): Promise<CpuProfiles> {
    return new CpuProfiles(await page.context().newCDPSession(page), await HeapSampler.attach(browser, workerSuffix));
  }

  async start(): Promise<void> {
    await this.window.send('Profiler.enable');
    await this.window.send('Profiler.start');
    await this.worker.send('Profiler.enable');
    await this.worker.send('Profiler.start');
  }

  async stop(): Promise<{ window: CpuProfile; worker: CpuProfile }> {
    const { profile: window } = (await this.window.send('Profiler.stop')) as { profile: CpuProfile };
    const { profile: worker } = (await this.worker.send('Profiler.stop')) as { profile: CpuProfile };
    await this.window.detach().catch(() => undefined);
    await this.worker.detach();
    return { window, worker };
  }
}
