import type { Page } from '@playwright/test';

/** One painted change of a team row in the Approvals inbox: its row key, what it says it still needs ('' once gone), and when. */
export type InboxPaint = [key: string, needs: string, t: number];

/**
 * Runs in the app's page before its scripts (page.addInitScript). It reads the DOM only; the app
 * knows nothing of it. Serialized by Playwright: self-contained, no imports.
 *
 * It watches the DOM's changes and, in the next animation frame, reads again only the team rows
 * of the Approvals inbox (`li[data-key^="team:"]`) that a change touched, or added, or removed:
 * what each row's who-line says it still needs (its last part), compared with what the last frame showed; each
 * difference (a new text, or the row gone) is timed in a task posted from that frame's callback,
 * which runs once the frame's style, layout and paint are done: the time is after the frame was
 * painted. It reads what changed, never the whole list: on a page of a thousand rows, reading
 * them all on every frame was the probe's own load on the page it measures. Times are wall-clock
 * ms (performance.timeOrigin + now), the clock the benchmark's Node process reads too.
 */
export function installInboxProbe(): void {
  const global = window as unknown as { __inboxPaints: [string, string, number][] };
  const paints: [string, string, number][] = [];
  global.__inboxPaints = paints;
  const shown = new Map<string, string>();
  // The rows a change touched or added since the last frame (each is read again), and those removed.
  const touched = new Set<Element>();
  const removed = new Set<Element>();
  let scheduled = false;
  const ROW = 'li[data-key^="team:"]';
  // What a row still needs is the last part of its who-line ("… · needs 1 more approver, not Ada").
  const needsOf = (li: Element) =>
    (li.querySelector('.inbox__who')?.textContent ?? '').split(' · ').at(-1)?.trim() ?? '';
  /** The row a node is in (a text changed, a line added inside a row). */
  const rowOf = (node: Node): Element | null =>
    (node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement)?.closest(ROW) ?? null;
  /** The rows a node added to or removed from the page is, or holds. */
  const rowsIn = (node: Node): Element[] => {
    if (node.nodeType !== Node.ELEMENT_NODE) return [];
    const el = node as Element;
    return el.matches(ROW) ? [el] : [...el.querySelectorAll(ROW)];
  };
  const frame = () => {
    scheduled = false;
    const changed: [string, string][] = [];
    for (const li of touched) {
      if (!li.isConnected) continue;
      const key = li.getAttribute('data-key') ?? '';
      const needs = needsOf(li);
      if (shown.get(key) !== needs) {
        shown.set(key, needs);
        changed.push([key, needs]);
      }
    }
    touched.clear();
    for (const li of removed) {
      const key = li.getAttribute('data-key') ?? '';
      // Moved (put back) or drawn anew under the same key: not gone.
      if (li.isConnected || !shown.has(key) || document.querySelector(`li[data-key="${CSS.escape(key)}"]`)) continue;
      shown.delete(key);
      changed.push([key, '']);
    }
    removed.clear();
    if (changed.length === 0) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      const t = performance.timeOrigin + performance.now();
      for (const [key, needs] of changed) paints.push([key, needs, t]);
    };
    channel.port2.postMessage(null);
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      const own = rowOf(r.target);
      if (own) touched.add(own);
      for (const n of r.addedNodes) for (const li of rowsIn(n)) touched.add(li);
      for (const n of r.removedNodes) for (const li of rowsIn(n)) removed.add(li);
    }
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
  const paints = await page.evaluate(
    (i) => (window as unknown as { __inboxPaints: [string, string, number][] }).__inboxPaints.slice(i),
    from,
  );
  return { paints, next: from + paints.length };
}
