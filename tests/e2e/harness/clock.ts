import type { Page } from '@playwright/test';

/**
 * The instants the e2e and renderer lanes pin their clocks to: dates chosen here, never the day
 * the suite runs, so a test reads the same days, months and limit periods on any date and in any
 * time zone (`npm run test:e2e:awkward` starts the suites at 23:59:30 UTC in UTC+14 to show it).
 */

/**
 * The default: noon UTC of a Wednesday mid-month, twelve hours from either end of its UTC day. A
 * live profile's sandbox that a spec starts before its tests (beforeAll) starts here too and runs
 * on from its own start: minutes at most from the session's clock, never a day.
 */
export const PINNED_NOON = Date.UTC(2026, 2, 18, 12);

/**
 * One clock for a test's session, read by main's core, by the Demo's sandbox and by the page
 * (Playwright's clock). It starts at a pinned instant and runs on with real time rather than
 * standing still: the app has backoffs, countdowns, "every minute" re-reads of the clock and
 * timers that compare Date.now() with an earlier reading, and a frozen Date.now() would leave them
 * waiting for ever (Playwright's `setFixedTime` keeps the timers running but not the date). A test
 * that needs the date to stand still (outbox-key-age.spec.ts) calls `page.clock.setFixedTime`
 * itself. The Web Worker the page starts keeps the real clock: Playwright's clock reaches pages and
 * frames, not workers, and the search worker reads time only to measure how long it took.
 */
export class SessionClock {
  private offsetMs: number;

  constructor(
    private readonly page: Page,
    readonly startedAt: number,
    private readonly real: () => number = Date.now,
  ) {
    this.offsetMs = startedAt - real();
  }

  /** Now, on every clock of the session. */
  readonly now = (): number => this.real() + this.offsetMs;

  /**
   * Pins the page's clock to this one before anything loads: Playwright's clock, installed at this
   * instant, runs on with the machine's as main's does, and is replayed on every load, so a reload
   * keeps the two together.
   */
  async pinPage(): Promise<void> {
    await this.page.clock.install({ time: this.now() });
  }

  /**
   * Moves every clock of the session `ms` forward at once, as if that much time had passed: main's
   * and the Demo's at once, the page's with the timers due in between fired (once each).
   */
  async advance(ms: number): Promise<void> {
    if (!Number.isInteger(ms) || ms < 0)
      throw new RangeError(`the clock only moves forward by whole milliseconds (asked ${ms})`);
    this.offsetMs += ms;
    await this.page.clock.fastForward(ms);
  }
}
