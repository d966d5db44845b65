import { logLine } from './support';

/** The same words shown again within this long are one error seen, not several. */
const SAME_ERROR_MS = 10_000;

/**
 * Every error a person saw goes to main's log: whatever the window announces as an alert
 * (role="alert": error banners, form errors, a screen that could not be drawn, the offline
 * notice) when it appears or its words change, and the page's own uncaught errors. Watching the
 * alerts, rather than each screen calling a logger, catches the ones added later too. `profile`
 * names the profile on screen, so the line says which one it concerns.
 */
export function logSeenErrors(profile: () => string | null, root: HTMLElement = document.body): () => void {
  const lastSeen = new Map<string, number>();
  const seen = (event: string, message: string) => {
    const text = message.replace(/\s+/g, ' ').trim();
    if (!text) return;
    const now = Date.now();
    if (now - (lastSeen.get(text) ?? -Infinity) < SAME_ERROR_MS) return;
    lastSeen.set(text, now);
    const profileId = profile();
    logLine({ level: 'error', source: 'page', event, message: text, ...(profileId ? { profileId } : {}) });
  };
  const alertsIn = (node: Node): Element[] => {
    if (!(node instanceof Element)) return node.parentElement?.closest('[role="alert"]') ? [node.parentElement] : [];
    const own = node.closest('[role="alert"]');
    return own ? [own] : [...node.querySelectorAll('[role="alert"]')];
  };
  const observer = new MutationObserver((records) => {
    const alerts = new Set<Element>();
    for (const r of records) {
      if (r.type === 'characterData') alertsIn(r.target).forEach((a) => alerts.add(a));
      for (const n of r.addedNodes) alertsIn(n).forEach((a) => alerts.add(a));
    }
    for (const a of alerts) {
      const alert = a.closest('[role="alert"]') ?? a;
      seen('error.seen', alert.textContent ?? '');
    }
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  const onError = (e: ErrorEvent) => seen('page.error', e.message);
  const onRejection = (e: PromiseRejectionEvent) =>
    seen('page.rejection', e.reason instanceof Error ? e.reason.message : String(e.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    observer.disconnect();
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
