import type { Page } from '@playwright/test';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startCaptureServer } from '../support/capture-server';
import { test, expect } from './fixtures';
import { syncedDemo } from './harness/flows';

/**
 * Issue 23, findings 1 and 7: what a compromised page could do through main on its own. It read
 * every Demo card's number and code in 175 ms, sent a "key" of its choosing to a host of its
 * choosing, and wrote export files nobody chose. Here a script in the page tries each, and main's
 * own prompt window (answered as a person would) and limits decide.
 */

// main's clock pinned: the limits count per minute, and a busy machine must not spread one burst over two.
test.use({ session: { mainNow: Date.UTC(2026, 2, 2, 12) } });

interface PageResult {
  ok: boolean;
  error?: { code: string; message: string };
}
type Treasury = Record<string, Record<string, (arg?: unknown) => Promise<PageResult>>>;

/** Calls window.treasury one call after another from the page, as a script there would; each outcome as "ok" or "code: message". */
function fromPage(page: Page, calls: { group: string; verb: string; arg: unknown }[]): Promise<string[]> {
  return page.evaluate(async (list) => {
    const api = (window as unknown as { treasury: Treasury }).treasury;
    const out: string[] = [];
    for (const c of list) {
      const r = await (api[c.group]?.[c.verb] as (arg?: unknown) => Promise<PageResult>)(c.arg);
      out.push(r.ok ? 'ok' : `${r.error?.code}: ${r.error?.message}`);
    }
    return out;
  }, calls);
}

test('a script revealing card after card is refused past the bound, however many a careless person confirms', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const ids = [...sandbox.world.cards.values()].filter((c) => c.status === 'active').map((c) => c.id);
  const targets = Array.from({ length: 14 }, (_, i) => ids[i % ids.length] as string);
  const before = sandbox.requests.page({ limit: 1 }).lastSeq;

  const loop = fromPage(
    app.page,
    targets.map((cardId) => ({
      group: 'cards',
      verb: 'reveal',
      arg: { profileId: 'demo', cardId, pan: true, cvv: true },
    })),
  );
  for (let i = 0; i < 10; i++) await app.prompts.confirm(/^Show the number and security code of /);
  const results = await loop;
  expect(results.slice(0, 10)).toEqual(Array<string>(10).fill('ok'));
  for (const r of results.slice(10))
    expect(r).toMatch(
      /^rate-limited: The card was not revealed: this profile allows 10 a minute and 100 a day reveals .* You can reveal again in 1 min/,
    );
  // Nobody was asked past the bound, and the vault saw the ten confirmed ones only.
  expect(sandbox.requests.all({ after: before }).filter((r) => r.host === 'vault')).toHaveLength(10);
  const audit = await app.core.handlers['audit:reveals']({ profileId: 'demo' });
  expect(audit.entries.map((e) => e.outcome)).toEqual(['refused', ...Array<string>(10).fill('revealed')]);
});

test('a script sending a typed "key" (a card number) to its own host sends nothing unless the person confirms that host', async ({
  app,
}) => {
  const capture = await startCaptureServer();
  try {
    await app.open();
    const PAN = '4111111111111111';
    const test = (apiKey: string) => ({
      group: 'profiles',
      verb: 'testConnection',
      arg: { baseUrl: capture.url, vaultUrl: capture.url, apiKey },
    });
    const first = fromPage(app.page, [test(PAN)]);
    const asked = await app.prompts.decline();
    expect(asked).toMatchObject({
      title: 'Test a connection',
      message: `Send the API key you typed to ${capture.url}?`,
    });
    expect(asked.detail).toContain('API key: 16 characters, ending in “1111”');
    expect(await first).toEqual(['declined: Nothing was sent or saved: you chose not to in the confirmation.']);

    // Saving a profile with it is asked the same way.
    const save = fromPage(app.page, [
      {
        group: 'profiles',
        verb: 'create',
        arg: { name: 'Mine', baseUrl: capture.url, vaultUrl: capture.url, apiKey: PAN },
      },
    ]);
    expect((await app.prompts.decline()).title).toBe('Save a profile');
    expect(await save).toEqual(['declined: Nothing was sent or saved: you chose not to in the confirmation.']);

    // Trying again and again meets the limit: past it, refused at once, nobody asked.
    const loop = fromPage(
      app.page,
      Array.from({ length: 10 }, (_, i) => test(`${PAN}${i}`)),
    );
    for (let i = 0; i < 8; i++) await app.prompts.decline();
    const results = await loop;
    expect(results.slice(0, 8).every((r) => r.startsWith('declined: '))).toBe(true);
    for (const r of results.slice(8))
      expect(r).toMatch(
        /^rate-limited: Nothing was sent: the app allows 10 a minute and 60 an hour tests or changes of typed keys and addresses/,
      );
    expect(capture.seen).toHaveLength(0);
    expect((await app.core.handlers['profiles:list'](undefined)).profiles.filter((p) => p.kind === 'live')).toEqual([]);
  } finally {
    await capture.close();
  }
});

test('an export a script starts writes nothing the person did not confirm, and is counted', async ({ app }) => {
  await app.open();
  const exports = join(app.userDataDir, 'exports');
  const begin = (name: string) => ({ group: 'files', verb: 'saveBegin', arg: { suggestedName: name, kind: 'csv' } });
  const loop = fromPage(app.page, [
    begin('a.csv'),
    begin('b.csv'),
    begin('c.csv'),
    begin('d.csv'),
    begin('e.csv'),
    begin('f.csv'),
  ]);
  const first = await app.prompts.decline();
  expect(first).toMatchObject({
    title: 'Save an export',
    message: `Save “a.csv” in ${exports}?`,
    detail: [`File: ${join(exports, 'a.csv')}`, 'Nothing is written unless you choose Save.'],
  });
  for (let i = 0; i < 4; i++) await app.prompts.decline();
  const results = await loop;
  expect(results.slice(0, 5)).toEqual(Array<string>(5).fill('ok'));
  expect(results[5]).toMatch(/^rate-limited: Nothing was saved: exports are limited to 5 a minute and 30 an hour/);
  expect(await readdir(exports).catch(() => [])).toEqual([]);
});
