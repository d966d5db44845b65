import type { Browser, CDPSession, Page } from '@playwright/test';

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
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([fn, us]) => ({ fn, ms: Math.round(us / 1000) }));
  return { busy_ms: Math.round(busy / 1000), top };
}

/** The window's and the search worker's CPU profiles over one stretch of a benchmark. */
export class CpuProfiles {
  private next = 1;
  private readonly waiting = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();

  private constructor(
    private readonly window: CDPSession,
    private readonly browserSession: CDPSession,
    private readonly workerSession: string,
  ) {
    browserSession.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== this.workerSession) return;
      const m = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
      if (m.id === undefined) return;
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
  }

  /** The window `page` and its (running) worker whose script URL ends with `workerSuffix`. */
  static async attach(browser: Browser, page: Page, workerSuffix: string): Promise<CpuProfiles> {
    const window = await page.context().newCDPSession(page);
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
    const target = targetInfos.find((t) => t.type === 'worker' && t.url.endsWith(workerSuffix));
    if (!target) throw new Error(`no worker ${workerSuffix} to profile`);
    const { sessionId } = (await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
    return new CpuProfiles(window, session, sessionId);
  }

  private async toWorker(method: string): Promise<unknown> {
    const id = this.next++;
    const reply = new Promise<{ result?: unknown; error?: { message: string } }>((resolve) => this.waiting.set(id, resolve));
    await this.browserSession.send('Target.sendMessageToTarget', { sessionId: this.workerSession, message: JSON.stringify({ id, method }) });
    const m = await reply;
    if (!m.result) throw new Error(`${method}: ${m.error?.message ?? 'no result'}`);
    return m.result;
  }

  async start(): Promise<void> {
    await this.window.send('Profiler.enable');
    await this.window.send('Profiler.start');
    await this.toWorker('Profiler.enable');
    await this.toWorker('Profiler.start');
  }

  async stop(): Promise<{ window: CpuProfile; worker: CpuProfile }> {
    const { profile: window } = (await this.window.send('Profiler.stop')) as { profile: CpuProfile };
    const { profile: worker } = (await this.toWorker('Profiler.stop')) as { profile: CpuProfile };
    await this.window.detach().catch(() => undefined);
    await this.browserSession.detach().catch(() => undefined);
    return { window, worker };
  }
}
