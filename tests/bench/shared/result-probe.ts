/**
 * Runs in the app's page before its scripts (page.addInitScript; bench:typing and bench:index).
 * It reads the DOM only; the app knows nothing of it. Serialized by Playwright: self-contained,
 * no imports.
 *
 * - Each key of the search box: its keydown's `timeStamp` (when the browser took the key in,
 *   before the page's main thread ran anything for it) and the box's value after its input event.
 * - Each new result on screen (the text it answers, its count, totals and the ids of its first
 *   rows): looked at in the first animation frame after a commit that changed it, and timed in a
 *   task posted from that frame's callback, which runs once the frame's style, layout and paint
 *   are done: the time is after the frame was painted, not before.
 * - When `wantRows` is set (before the page loads: a cold open), the first frame in which the
 *   list shows that many rows from its top, whatever they come from (the newest rows read from
 *   the cache before the index is ready, or an answer), timed the same way, with their ids.
 * - Every click's timeStamp, and the first frame in which each selector of `__probeSelectors`
 *   (set before the page loads) matched, timed the same way.
 * - With `__probeClickOnSight` (a selector and the start of a text), the first such element is
 *   clicked as soon as a frame showing it was painted: the quickest a person could click it,
 *   without the harness's own polling in between. With `__probeTypeOnRows`, that text is put in
 *   the search box (its input event, as typing sends) as soon as the `wantRows` rows were painted.
 */
export function installResultProbe(): void {
  interface Probe {
    keys: { keydownT: number; inputT: number; value: string; measured: boolean }[];
    paints: {
      t: number;
      answers: string;
      /** The box's value when this result was committed. */ value: string;
      count: string;
      inText: string;
      outText: string;
      firstIds: string[];
      took: string;
      indexFrom: string;
    }[];
    measuring: boolean;
    wantRows: number;
    rowsShown: { t: number; ids: string[] } | null;
    clicks: number[];
    firstSeen: Record<string, number>;
  }
  const global = window as unknown as {
    __resultProbe: Probe;
    __probeWantRows?: number;
    __probeSelectors?: Record<string, string>;
    __probeClickOnSight?: { selector: string; text: string };
  };
  let toClick = global.__probeClickOnSight ?? null;
  const typeOnRows = (global as { __probeTypeOnRows?: string }).__probeTypeOnRows ?? null;
  const probe: Probe = {
    keys: [],
    paints: [],
    measuring: false,
    wantRows: global.__probeWantRows ?? 0,
    rowsShown: null,
    clicks: [],
    firstSeen: {},
  };
  const watched = Object.entries(global.__probeSelectors ?? {});
  global.__resultProbe = probe;
  /** Rows read per result: more than the first page a window shows at once. */
  const FIRST_ROWS = 10;
  let last = '';
  let pending = false;
  let keydownT: number | null = null;
  // The box's value when the result last changed (in the observer's microtask right after the
  // commit): a result committed for a text the box no longer held is stale; one committed for
  // the box's text and overtaken by a key before the frame is merely superseded.
  let seenAnswers: string | null = null;
  let valueAtCommit = '';
  const afterPaint = (record: () => void) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      record();
    };
    channel.port2.postMessage(null);
  };
  const idsFromTop = (most: number) => {
    const ids: string[] = [];
    for (let i = 0; i < most; i++) {
      const id = document.getElementById(`vrow-${i}`)?.getAttribute('data-row-id');
      if (!id) break;
      ids.push(id);
    }
    return ids;
  };
  const rows = () => {
    if (probe.wantRows === 0 || probe.rowsShown) return;
    const ids = idsFromTop(probe.wantRows);
    if (ids.length < probe.wantRows) return;
    const entry = { t: 0, ids };
    probe.rowsShown = entry;
    afterPaint(() => {
      entry.t = performance.now();
      const box = document.getElementById('tx-search') as HTMLInputElement | null;
      if (typeOnRows === null || !box) return;
      // The value as a keystroke sets it (through the element's own setter, which React watches), then the input event.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(box, typeOnRows);
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const seen = () => {
    for (const [name, selector] of watched) {
      if (name in probe.firstSeen || !document.querySelector(selector)) continue;
      probe.firstSeen[name] = 0;
      afterPaint(() => (probe.firstSeen[name] = performance.now()));
    }
  };
  const clickOnSight = () => {
    if (!toClick) return;
    const { selector, text } = toClick;
    const target = [...document.querySelectorAll<HTMLElement>(selector)].find((el) =>
      (el.textContent ?? '').trim().startsWith(text),
    );
    if (!target) return;
    toClick = null;
    afterPaint(() => target.click());
  };
  const frame = () => {
    pending = false;
    seen();
    clickOnSight();
    rows();
    const summary = document.querySelector('.result-summary[data-answers]');
    const input = document.getElementById('tx-search') as HTMLInputElement | null;
    if (!summary || !input) return;
    const answers = summary.getAttribute('data-answers') ?? '';
    const count = summary.querySelector('strong')?.textContent ?? '';
    const row = document.getElementById('vrow-0');
    // A result is whole once its first row is on screen too (or it has none).
    if (count !== '0' && (!row || row.classList.contains('vtable__row--loading'))) return;
    const firstIds = idsFromTop(FIRST_ROWS);
    const key = `${answers}\u0000${count}\u0000${firstIds.join(',')}`;
    if (key === last) return;
    last = key;
    const spans = summary.querySelectorAll('span');
    const entry = {
      t: 0,
      answers,
      value: valueAtCommit,
      count,
      inText: spans[1]?.textContent ?? '',
      outText: spans[2]?.textContent ?? '',
      firstIds,
      // The search's own time, kept in an attribute: the screen does not show it.
      took: `${summary.getAttribute('data-took-ms') ?? ''} ms`,
      indexFrom: summary.getAttribute('data-index-from') ?? '',
    };
    probe.paints.push(entry);
    afterPaint(() => (entry.t = performance.now()));
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(frame);
  };
  document.addEventListener('click', (e) => probe.clicks.push(e.timeStamp), true);
  document.addEventListener(
    'keydown',
    (e) => {
      if ((e.target as HTMLElement | null)?.id === 'tx-search') keydownT = e.timeStamp;
    },
    true,
  );
  document.addEventListener(
    'input',
    (e) => {
      const target = e.target as HTMLInputElement | null;
      if (target?.id !== 'tx-search') return;
      probe.keys.push({
        keydownT: keydownT ?? e.timeStamp,
        inputT: e.timeStamp,
        value: target.value,
        measured: probe.measuring,
      });
      keydownT = null;
      schedule();
    },
    true,
  );
  const onMutation = () => {
    const answers = document.querySelector('.result-summary[data-answers]')?.getAttribute('data-answers') ?? null;
    if (answers !== null && answers !== seenAnswers) {
      seenAnswers = answers;
      valueAtCommit = (document.getElementById('tx-search') as HTMLInputElement | null)?.value ?? '';
    }
    schedule();
  };
  const start = () =>
    new MutationObserver(onMutation).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-answers', 'class'],
    });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}
