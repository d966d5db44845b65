import type { Page } from '@playwright/test';
import { connectPage, type PageBridge } from '../../../src/browser-host/bridge';
import { HOST_ENTRY_URL } from '../../../src/browser-host/origin';
import { serveAppFiles } from '../../../src/browser-host/serve-app';
import { buildShim } from '../../../src/browser-host/shim-bundle';
import type { MainCore } from '../../../src/main/core';
import { rendererDir } from '../../e2e/harness/renderer';
import type { PaintedResult } from '../shared/painted-results';
import { launchPersistent } from '../shared/lane-bench';
import { phasePeaks, ProcessMemory, type PhasePeaks } from '../shared/process-memory';
import { installResultProbe } from '../shared/result-probe';
import { liveBytesOf, pageTarget, workerTarget } from './cdp-targets';

/** Rows the cold open waits to see painted: the newest hundred. */
export const NEWEST = 100;
/** Tall enough for the newest 100 rows of 36 px on screen at once, below the app's header and toolbar. */
const VIEWPORT = { width: 1280, height: 4_400 };
const PATIENCE_MS = 5 * 60_000;

interface ProbeState {
  paints: PaintedResult[];
  rowsShown: { t: number; ids: string[] } | null;
  clicks: number[];
  keys: { inputT: number; value: string }[];
  firstSeen: Record<string, number>;
}

/** Where the time before the Transactions screen went, ms from navigation start. */
export interface BootTimes {
  /** The page's HTML received. */
  document_ms: number;
  /** The app's script received (served by request interception here, by the app scheme in Electron). */
  script_ms: number | null;
  dom_content_loaded_ms: number;
  /** The app's sections painted (the Dashboard's shell). */
  sections_painted_ms: number | null;
}

export interface AppColdOpen {
  /** ms from navigation start (the page's time origin), each after its frame was painted. */
  newestMs: number;
  newestIds: string[];
  /** The click on Transactions (the app opens on the Dashboard; clicked as soon as it was painted), from navigation start. */
  clickMs: number | null;
  boot: BootTimes;
  /** The word put in the search box as soon as the newest rows were painted; its input event, from navigation start. */
  typedMs: number | null;
  /** The word's answer painted, from navigation start: search ready as a person finds it. */
  readyMs: number;
  /** Every result painted (the word's, the empty search's), to check against the reference. */
  paints: PaintedResult[];
  /** Where the index came from, as the result summary says (data-index-from). */
  indexFrom: string;
  /** Window + search worker after a forced GC once the word was answered. */
  liveAfterGcBytes: { window: number; worker: number };
  processes: PhasePeaks[];
}

const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { __resultProbe: ProbeState }).__resultProbe);

/**
 * A cold open as a person does it, in a new Chromium process on the profile folder `dataDir`
 * (the cache and the saved index a previous browser left there): the app's own page at its entry
 * URL, served as the app scheme serves it, connected to main's `core`; from navigation, the
 * Transactions screen (clicked in the page as soon as the sections were painted) until the newest
 * 100 rows are painted, then `word` typed (in the page, the moment they were) until its answer is
 * painted; then, untimed, the box cleared until the answer for every row is painted. The worker
 * starts inside the timed part. `onBridge` routes main's events to this page.
 */
export async function coldOpenApp(
  dataDir: string,
  core: MainCore,
  onBridge: (bridge: PageBridge | undefined) => void,
  word: string,
): Promise<AppColdOpen> {
  const context = await launchPersistent(dataDir, VIEWPORT);
  const browser = context.browser();
  if (!browser) throw new Error('Playwright gave no browser for the cold open');
  const processes = await ProcessMemory.attach(browser);
  try {
    await serveAppFiles(context, rendererDir());
    const page = context.pages()[0] ?? (await context.newPage());
    onBridge(await connectPage(page, buildShim(), () => core.handlers));
    // tsx names arrow functions through an `__name` helper that the page lacks: give it one.
    await page.addInitScript({
      content: `var __name = (f) => f;\nwindow.__probeWantRows = ${NEWEST};\nwindow.__probeSelectors = { sections: 'nav[aria-label="Sections"]' };\nwindow.__probeClickOnSight = { selector: 'nav[aria-label="Sections"] button', text: 'Transactions' };\nwindow.__probeTypeOnRows = ${JSON.stringify(word)};\n(${installResultProbe.toString()})();`,
    });
    processes.phase('cold-open');
    processes.start();
    await page.goto(HOST_ENTRY_URL);
    // The probe clicks Transactions in the page the moment the sections are painted.
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor({ timeout: PATIENCE_MS });
    // The probe types the word in the page the moment the newest rows were painted.
    await page.waitForFunction(
      (w) =>
        (window as unknown as { __resultProbe: ProbeState }).__resultProbe.paints.some(
          (p) => p.answers === w && p.t > 0,
        ),
      word,
      { timeout: PATIENCE_MS, polling: 'raf' },
    );
    await processes.stop();
    // Not timed: the box cleared, so the index's answer for every row is painted and checked too.
    await page.locator('#tx-search').press('Escape');
    await page.waitForFunction(
      () =>
        (window as unknown as { __resultProbe: ProbeState }).__resultProbe.paints.some(
          (p) => p.answers === '' && p.t > 0,
        ),
      undefined,
      { timeout: PATIENCE_MS, polling: 'raf' },
    );
    const probe = await probeOf(page);
    const shown = probe.rowsShown as { t: number; ids: string[] };
    const answer = probe.paints.find((p) => p.answers === word) as PaintedResult;
    const boot = await page.evaluate((): Omit<BootTimes, 'sections_painted_ms'> => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const script = performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]*\.js$/.test(r.name)) as
        PerformanceResourceTiming | undefined;
      return {
        document_ms: Math.round(nav.responseEnd),
        script_ms: script ? Math.round(script.responseEnd) : null,
        dom_content_loaded_ms: Math.round(nav.domContentLoadedEventEnd),
      };
    });
    const windowTarget = await pageTarget(page);
    const worker = await workerTarget(browser, 'search.worker');
    const liveAfterGcBytes = { window: await liveBytesOf(windowTarget), worker: await liveBytesOf(worker) };
    await worker.detach();
    return {
      newestMs: shown.t,
      newestIds: shown.ids,
      clickMs: probe.clicks[0] ?? null,
      boot: { ...boot, sections_painted_ms: probe.firstSeen.sections ? Math.round(probe.firstSeen.sections) : null },
      typedMs: probe.keys.find((k) => k.value === word)?.inputT ?? null,
      readyMs: answer.t,
      paints: probe.paints,
      indexFrom: answer.indexFrom ?? '',
      liveAfterGcBytes,
      processes: phasePeaks(processes.samples),
    };
  } finally {
    await processes.stop();
    onBridge(undefined);
    await context.close();
  }
}
