import { test, expect } from './fixtures';
import { syncedDemo } from './harness/flows';
import { PLUMBING_WORDS, plumbingWords, type WordFinding } from './harness/plumbing-words';
import { prepareTour, tourScreens } from './harness/screen-tour';

/**
 * The screens speak a treasurer's words: none of the app's plumbing words (harness/plumbing-words)
 * in the visible text of any screen or main detail, outside "Technical details".
 */

/** Words that are the person's own data, not the app's copy; each says why. Anything not here fails the test. */
const ALLOWED: readonly { stop: RegExp; word: string; line: RegExp; because: string }[] = [
  {
    stop: /^Settings$/,
    word: 'svc',
    line: /https:\/\/erp\.acme\.example\/hooks\/svc/,
    because: 'an address the company typed for its webhook (Settings → Developer), shown as typed',
  },
];

test('no screen shows a plumbing word outside "Technical details"', async ({ app }) => {
  test.setTimeout(300_000);
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const names = await prepareTour(page, sandbox);

  const found: string[] = [];
  const stops = new Set<string>();
  await tourScreens(page, names, async (stop) => {
    stops.add(stop);
    const words: WordFinding[] = await plumbingWords(page);
    for (const w of words) {
      if (ALLOWED.some((a) => a.stop.test(stop) && a.word === w.word && a.line.test(w.line))) continue;
      found.push(`${stop}: "${w.word}" in «${w.line}»`);
    }
  });
  expect(stops.size).toBeGreaterThanOrEqual(18);
  expect(found, `${found.length} plumbing words:\n${found.join('\n')}`).toEqual([]);
});

test('the check finds each word of its list, and none behind "Technical details"', async ({ page }) => {
  const lines = [
    'Pay (svc handle)',
    'The sender is idle.',
    'This key’s own handle',
    'Transactions (saved on this computer)',
    '<1 ms',
    'Walked back day by day from the balance now',
    'http://127.0.0.1:4000 (on this computer)',
    'Sent on send_on',
    'Indexed at 5,429/s',
    'Archived Aug 21, 2026, 12:00 AM UTC',
  ];
  await page.setContent(`<body>${lines.map((l) => `<p>${l.replace('<', '&lt;')}</p>`).join('')}
    <details open><summary>Technical details</summary><p>svc_handle on localhost</p></details>
    <p>Sent by wire, the sending window, a service answer, up to date · 12:00 PM</p></body>`);
  const found = await plumbingWords(page);
  expect(found.map((f) => f.word)).toEqual(PLUMBING_WORDS.map((w) => w.word));
});
