/**
 * What the windows are writing, read from the Web Locks they hold (src/renderer/src/platform/
 * locks.ts): a profile's sync holds `sync:<profile>` while it reads and writes its pages, the
 * outbox's sender `outbox-sender:<profile>` while it sends. Main asks each window for the names
 * with this script (the app's own page, on its own origin; nothing from the page is run).
 */
export const HELD_LOCKS_SCRIPT = 'navigator.locks.query().then((s) => (s.held ?? []).map((l) => l.name))';

/** What a window that did not answer in time stands for: it may be in the middle of either. */
export const NOT_ANSWERING = 'window-not-answering:';

const WORK: [prefix: string, what: string][] = [
  ['sync:', 'a sync writing its pages'],
  ['outbox-sender:', 'the outbox sending its rows'],
  [NOT_ANSWERING, 'a window that is not answering (close it if it stays so)'],
];

/** The work the held locks stand for, each kind once, with how many when more than one. */
export function pageWorkOf(lockNames: readonly unknown[]): string[] {
  const counts = new Map<string, number>();
  for (const name of lockNames) {
    if (typeof name !== 'string') continue;
    const what = WORK.find(([prefix]) => name.startsWith(prefix))?.[1];
    if (what) counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts].map(([what, n]) => (n > 1 ? `${what} (${n})` : what));
}
