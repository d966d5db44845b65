/**
 * Runs in the app's page before its scripts (page.addInitScript): records every input event of
 * the search box and, in the first animation frame after a commit that changed the result (its
 * text answered, count and first row), what is about to be painted. Reads the DOM only; the app
 * knows nothing of it. Serialized by Playwright: self-contained, no imports.
 */
export function installTypingProbe(): void {
  interface Probe {
    inputs: { t: number; value: string; measured: boolean }[];
    paints: { t: number; answers: string; /** The box's value when this result was committed. */ value: string; count: string; firstRow: string; took: string }[];
    measuring: boolean;
  }
  const probe: Probe = { inputs: [], paints: [], measuring: false };
  (window as unknown as { __typingProbe: Probe }).__typingProbe = probe;
  let last = '';
  let pending = false;
  // The box's value when the result last changed (in the observer's microtask right after the
  // commit): a result committed for a text the box no longer held is stale; one committed for
  // the box's text and overtaken by a key before the frame is merely superseded.
  let seenAnswers: string | null = null;
  let valueAtCommit = '';
  const frame = () => {
    pending = false;
    const summary = document.querySelector('.result-summary[data-answers]');
    const input = document.getElementById('tx-search') as HTMLInputElement | null;
    if (!summary || !input) return;
    const answers = summary.getAttribute('data-answers') ?? '';
    const count = summary.querySelector('strong')?.textContent ?? '';
    const row = document.getElementById('vrow-0');
    // A result is whole once its first row is on screen too (or it has none).
    if (count !== '0' && (!row || row.classList.contains('txrow--loading'))) return;
    const firstRow = row?.textContent ?? '';
    const key = `${answers}\u0000${count}\u0000${firstRow}`;
    if (key === last) return;
    last = key;
    const took = summary.querySelector('.muted')?.textContent ?? '';
    probe.paints.push({ t: performance.now(), answers, value: valueAtCommit, count, firstRow, took });
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(frame);
  };
  document.addEventListener(
    'input',
    (e) => {
      const target = e.target as HTMLInputElement | null;
      if (target?.id !== 'tx-search') return;
      probe.inputs.push({ t: e.timeStamp, value: target.value, measured: probe.measuring });
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
  const start = () => new MutationObserver(onMutation).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-answers', 'class'] });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}
