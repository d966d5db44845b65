import { CONTENT_SECURITY_POLICY } from '../../src/main/app-protocol/content-security-policy';
import { HOST_ORIGIN } from '../../src/browser-host/origin';
import { test, expect } from './fixtures';

// The page runs under the policy the app ships: the harness serves the built renderer through the
// same function as the app's scheme, so these refusals are the app's refusals.

test.use({ allowedConsole: [/Content Security Policy|Refused to (load|execute|apply|frame)/] });

const EVIL = 'https://evil.example';

test('every response carries the app CSP as a header', async ({ app }) => {
  await app.open();
  const headers = await app.page.evaluate(async () => {
    const pick = async (path: string) => {
      const r = await fetch(path);
      return { csp: r.headers.get('content-security-policy'), nosniff: r.headers.get('x-content-type-options') };
    };
    return [await pick('/index.html'), await pick('/no-such-file.js')];
  });
  for (const h of headers) expect(h).toEqual({ csp: CONTENT_SECURITY_POLICY, nosniff: 'nosniff' });
});

test('a <base>, an inline script, a foreign script and a frame are each refused', async ({ app }) => {
  const { page } = app;
  // If the policy let it through, this foreign script would run: the refusal is the policy's doing.
  await page.context().route(`${EVIL}/**`, (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/javascript' },
      body: 'window.__foreignRan = true;',
    }),
  );
  await app.open();
  const seen = await page.evaluate(async (evil) => {
    const violations: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = violations;
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.effectiveDirective));
    const baseBefore = document.baseURI;
    const base = document.createElement('base');
    base.href = `${evil}/`;
    document.head.prepend(base);
    const baseAfter = document.baseURI;

    const inline = document.createElement('script');
    inline.textContent = 'window.__inlineRan = true;';
    document.body.append(inline);

    const foreign = document.createElement('script');
    foreign.src = `${evil}/x.js`;
    const loaded = new Promise<string>((resolve) => {
      foreign.onload = () => resolve('loaded');
      foreign.onerror = () => resolve('refused');
    });
    document.body.append(foreign);

    const frame = document.createElement('iframe');
    frame.src = `${evil}/frame.html`;
    document.body.append(frame);

    const outcome = await loaded;
    return { baseMoved: baseAfter !== baseBefore, outcome };
  }, EVIL);
  // The frame's refusal is reported after the script's: wait for the reports, not for a time.
  await expect
    .poll(() =>
      page.evaluate(() => [...new Set((window as unknown as { __violations: string[] }).__violations)].sort()),
    )
    .toEqual(['base-uri', 'frame-src', 'script-src-elem']);
  const ran = await page.evaluate(() => {
    const w = window as unknown as { __inlineRan?: boolean; __foreignRan?: boolean };
    return { inlineRan: !!w.__inlineRan, foreignRan: !!w.__foreignRan };
  });
  expect({ ...seen, ...ran }).toEqual({ baseMoved: false, inlineRan: false, foreignRan: false, outcome: 'refused' });
});

test('the page lives on one fixed origin, where IndexedDB and Web Locks work', async ({ app }) => {
  await app.open();
  const facts = await app.page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open('origin-check', 1);
      r.onupgradeneeded = () => r.result.createObjectStore('s');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error);
    });
    db.close();
    const locked = await navigator.locks.request('origin-check', async () => 'held');
    return { origin: location.origin, secure: isSecureContext, locked };
  });
  expect(facts).toEqual({ origin: HOST_ORIGIN, secure: true, locked: 'held' });
});
