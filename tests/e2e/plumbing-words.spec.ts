import { test, expect } from './fixtures';
import { syncedDemo } from './harness/flows';
import { plumbingWords, type WordFinding } from './harness/plumbing-words';
import { prepareTour, tourScreens } from './harness/screen-tour';

/**
 * The screens speak a treasurer's words: none of the app's plumbing words (harness/plumbing-words)
 * in the visible text of any screen or main detail, outside "Technical details".
 */

/** Findings in work another change is doing; each names it. Anything not here fails the test. */
const ALLOWED: readonly { stop: RegExp; word: string; line: RegExp; because: string }[] = [
  {
    stop: /^Webhooks$/,
    word: 'svc',
    line: /https:\/\/erp\.acme\.example\/hooks\/svc/,
    because: 'an address the company typed, on the Webhooks screen that moves under Settings in its own change',
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
