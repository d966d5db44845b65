import type { Page } from '@playwright/test';

/** One painted change of a team row in the Approvals inbox: its row key, what it says it still needs ('' once gone), and when. */
export type InboxPaint = [key: string, needs: string, t: number];

/**
 * Runs in the app's page before its scripts (page.addInitScript). It reads the DOM only; the app
 * knows nothing of it. Serialized by Playwright: self-contained, no imports.
 *
 * After any DOM change, in the next animation frame, it reads every team row of the Approvals
 * inbox (`li[data-key^="team:"]`) and what its "Still needed" line says, compares it with what
 * the last frame showed, and times each difference (a new text, or the row gone) in a task posted
 * from that frame's callback, which runs once the frame's style, layout and paint are done: the
 * time is after the frame was painted. Times are wall-clock ms (performance.timeOrigin + now),
 * the clock the benchmark's Node process reads too.
 */
export function installInboxProbe(): void {
  const global = window as unknown as { __inboxPaints: [string, string, number][] };
  const paints: [string, string, number][] = [];
  global.__inboxPaints = paints;
  let shown = new Map<string, string>();
  let scheduled = false;
  const needsOf = (li: Element) => {
    const lines = li.querySelectorAll('.outbox__review dd');
    return (lines[lines.length - 1]?.textContent ?? '').trim();
  };
  const frame = () => {
    scheduled = false;
    const now = new Map<string, string>();
    for (const li of document.querySelectorAll('li[data-key^="team:"]')) now.set(li.getAttribute('data-key') ?? '', needsOf(li));
    const changed: [string, string][] = [];
    for (const [key, needs] of now) if (shown.get(key) !== needs) changed.push([key, needs]);
    for (const key of shown.keys()) if (!now.has(key)) changed.push([key, '']);
    shown = now;
    if (changed.length === 0) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      const t = performance.timeOrigin + performance.now();
      for (const [key, needs] of changed) paints.push([key, needs, t]);
    };
    channel.port2.postMessage(null);
  };
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(frame);
  });
  const start = () => observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

/**
 * The init script that installs the probe, with its own `__name` helper (tsx names functions
 * through one the page lacks): init scripts run in no set order.
 */
export const INBOX_PROBE_SCRIPT = `var __name = (f) => f;\n(${installInboxProbe.toString()})();`;

/** Every painted change the page recorded since `from` (an index into its list), and the next index. */
export async function paintsSince(page: Page, from: number): Promise<{ paints: InboxPaint[]; next: number }> {
  const paints = await page.evaluate((i) => (window as unknown as { __inboxPaints: [string, string, number][] }).__inboxPaints.slice(i), from);
  return { paints, next: from + paints.length };
}
