import { readFile } from 'node:fs/promises';
import type { Browser, CDPSession } from '@playwright/test';
import type { HeapFigures, HeapSplit } from './heap-split';

/**
 * Chromium's processes' memory as the operating system reports it (what a person's task manager
 * shows), not as V8 counts its heaps: for each process Chromium lists (DevTools
 * SystemInfo.getProcessInfo, on the browser's target), Linux's /proc/<pid>/status (VmRSS, and
 * its anonymous, file and shared-memory parts) and /proc/<pid>/smaps_rollup (Private_Clean +
 * Private_Dirty: the pages no other process shares). The app's window and its workers live in
 * one renderer process; the page's is taken to be the renderer holding the most (the others are
 * Chromium's own small pages, a spare renderer). Samples carry the phase the benchmark was in.
 */

export interface ProcessFigures {
  pid: number;
  rssBytes: number;
  /** Private_Clean + Private_Dirty. */
  privateBytes: number;
  anonBytes: number;
  fileBytes: number;
  shmemBytes: number;
}

export interface ProcessSample {
  /** ms since sampling started. */
  t: number;
  phase: string;
  /** The renderer holding the most: the app's window and its workers. */
  renderer: ProcessFigures | null;
  browser: ProcessFigures | null;
  /** Every other process of this Chromium summed (GPU, network, storage, utility, other renderers). */
  othersRssBytes: number;
  othersPrivateBytes: number;
  /** The window's and the worker's heaps at the same moment, when a HeapSplit was given. */
  heaps?: { window: HeapFigures | null; worker: HeapFigures | null };
}

interface ChromiumProcess {
  type: string;
  id: number;
}

const kb = (text: string, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;

/** One process's figures, or null when it is gone (a renderer replaced by a reload). */
export async function readProcess(pid: number): Promise<ProcessFigures | null> {
  try {
    const [status, rollup] = await Promise.all([
      readFile(`/proc/${pid}/status`, 'utf8'),
      readFile(`/proc/${pid}/smaps_rollup`, 'utf8'),
    ]);
    return {
      pid,
      rssBytes: kb(status, 'VmRSS'),
      privateBytes: kb(rollup, 'Private_Clean') + kb(rollup, 'Private_Dirty'),
      anonBytes: kb(status, 'RssAnon'),
      fileBytes: kb(status, 'RssFile'),
      shmemBytes: kb(status, 'RssShmem'),
    };
  } catch {
    return null;
  }
}

export interface PhasePeaks {
  phase: string;
  samples: number;
  renderer_peak_rss_bytes: number;
  renderer_peak_private_bytes: number;
  renderer_last_rss_bytes: number;
  renderer_last_private_bytes: number;
  browser_peak_rss_bytes: number;
  browser_peak_private_bytes: number;
  others_peak_rss_bytes: number;
  /** The renderer's sample at its highest resident: how it splits (anonymous, file, shared memory). */
  renderer_at_peak: ProcessFigures | null;
  /** The window's and the worker's heaps at that moment, when they were sampled. */
  heaps_at_peak: ProcessSample['heaps'] | null;
}

/** The highest and the last of each figure per phase, in the order the phases began. Pure. */
export function phasePeaks(samples: readonly ProcessSample[]): PhasePeaks[] {
  const byPhase = new Map<string, PhasePeaks>();
  for (const s of samples) {
    let p = byPhase.get(s.phase);
    if (!p) {
      p = {
        phase: s.phase,
        samples: 0,
        renderer_peak_rss_bytes: 0,
        renderer_peak_private_bytes: 0,
        renderer_last_rss_bytes: 0,
        renderer_last_private_bytes: 0,
        browser_peak_rss_bytes: 0,
        browser_peak_private_bytes: 0,
        others_peak_rss_bytes: 0,
        renderer_at_peak: null,
        heaps_at_peak: null,
      };
      byPhase.set(s.phase, p);
    }
    p.samples++;
    if (s.renderer) {
      if (s.renderer.rssBytes > p.renderer_peak_rss_bytes) {
        p.renderer_at_peak = s.renderer;
        p.heaps_at_peak = s.heaps ?? null;
      }
      p.renderer_peak_rss_bytes = Math.max(p.renderer_peak_rss_bytes, s.renderer.rssBytes);
      p.renderer_peak_private_bytes = Math.max(p.renderer_peak_private_bytes, s.renderer.privateBytes);
      p.renderer_last_rss_bytes = s.renderer.rssBytes;
      p.renderer_last_private_bytes = s.renderer.privateBytes;
    }
    if (s.browser) {
      p.browser_peak_rss_bytes = Math.max(p.browser_peak_rss_bytes, s.browser.rssBytes);
      p.browser_peak_private_bytes = Math.max(p.browser_peak_private_bytes, s.browser.privateBytes);
    }
    p.others_peak_rss_bytes = Math.max(p.others_peak_rss_bytes, s.othersRssBytes);
  }
  return [...byPhase.values()];
}

export class ProcessMemory {
  readonly samples: ProcessSample[] = [];
  private phaseName = 'start';
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly t0 = performance.now();

  private constructor(
    private readonly session: CDPSession,
    private readonly heaps: HeapSplit | undefined,
  ) {}

  /** `heaps`: also the window's and worker's heaps in each sample. */
  static async attach(browser: Browser, heaps?: HeapSplit): Promise<ProcessMemory> {
    return new ProcessMemory(await browser.newBrowserCDPSession(), heaps);
  }

  /** The phase the next samples belong to. */
  phase(name: string): void {
    this.phaseName = name;
  }

  async sample(): Promise<ProcessSample> {
    const [{ processInfo }, heaps] = await Promise.all([
      this.session.send('SystemInfo.getProcessInfo') as Promise<{ processInfo: ChromiumProcess[] }>,
      this.heaps?.read(),
    ]);
    const read = await Promise.all(processInfo.map(async (p) => ({ type: p.type, figures: await readProcess(p.id) })));
    const present = read.filter((r): r is { type: string; figures: ProcessFigures } => r.figures !== null);
    const renderer = present
      .filter((r) => r.type === 'renderer')
      .reduce<ProcessFigures | null>(
        (best, r) => (best === null || r.figures.rssBytes > best.rssBytes ? r.figures : best),
        null,
      );
    const browser = present.find((r) => r.type === 'browser')?.figures ?? null;
    const others = present.filter((r) => r.figures !== renderer && r.figures !== browser);
    const sample: ProcessSample = {
      t: Math.round(performance.now() - this.t0),
      phase: this.phaseName,
      renderer,
      browser,
      othersRssBytes: others.reduce((n, r) => n + r.figures.rssBytes, 0),
      othersPrivateBytes: others.reduce((n, r) => n + r.figures.privateBytes, 0),
      ...(heaps ? { heaps } : {}),
    };
    this.samples.push(sample);
    return sample;
  }

  /** Samples every `intervalMs` until stopped (one at a time: a slow read delays the next, never overlaps it). */
  start(intervalMs = 250): void {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const next = performance.now() + intervalMs;
        await this.sample().catch(() => undefined);
        const wait = next - performance.now();
        // The sampling pace, not a wait for a state.
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    await this.heaps?.detach();
    await this.session.detach().catch(() => undefined);
  }
}
