import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { PageApi } from '../browser/page-api';
import { ORIGIN, type Site } from './site';

/** A fresh context and page on the bench origin, so each engine starts in a renderer of its own. */
export class BenchPage {
  crashed = false;

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {
    page.on('crash', () => (this.crashed = true));
  }

  static async open(browser: Browser, site: Site): Promise<BenchPage> {
    const context = await browser.newContext();
    await site.attach(context);
    const page = await context.newPage();
    // The page's console (and the workers') goes to stderr: errors there explain failures.
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') process.stderr.write(`[page ${m.type()}] ${m.text()}\n`);
    });
    page.on('pageerror', (e) => process.stderr.write(`[page error] ${e.message}\n`));
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => 'bench' in globalThis);
    const isolated = await page.evaluate(() => globalThis.crossOriginIsolated);
    if (!isolated) throw new Error('the bench page is not cross-origin isolated: memory cannot be measured');
    return new BenchPage(context, page);
  }

  /** Calls window.bench[method] in the page. */
  call<K extends keyof PageApi>(method: K, ...args: Parameters<PageApi[K]>): Promise<Awaited<ReturnType<PageApi[K]>>> {
    return this.page.evaluate(
      ([m, a]) =>
        (
          (globalThis as unknown as { bench: Record<string, (...x: unknown[]) => unknown> }).bench[m] as (
            ...x: unknown[]
          ) => unknown
        )(...a),
      [method, args] as [string, unknown[]],
    ) as Promise<Awaited<ReturnType<PageApi[K]>>>;
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => {});
  }
}
