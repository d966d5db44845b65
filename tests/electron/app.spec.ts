/// <reference lib="dom" />
import { expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { freshUserData, launch } from './launch';

let app: ElectronApplication;
let page: Page;

test.beforeAll(async () => {
  ({ app, page } = await launch(freshUserData('app')));
});

test.afterAll(async () => {
  await app?.close();
});

/**
 * Pushes the window to `url` and waits for the refusal itself instead of a fixed pause: main's
 * will-navigate event (seen after the app's guard ran, with what it decided), or Chromium's own
 * refusal of a local resource, which stops a file:// navigation before main hears of it. A marker
 * left on the page shows the document never changed.
 */
async function tryNavigation(
  url: string,
): Promise<{ refusedBy: 'main' | 'chromium' | 'nobody'; sameDocument: boolean }> {
  await app.evaluate(({ BrowserWindow }, target) => {
    const seen = globalThis as { navigationSeen?: { prevented: boolean } };
    delete seen.navigationSeen;
    const contents = BrowserWindow.getAllWindows()[0]?.webContents;
    // Registered after the app's guard, so it runs after it and reads what the guard decided.
    contents?.once('will-navigate', (event) => {
      if (event.url === target) seen.navigationSeen = { prevented: event.defaultPrevented };
    });
  }, url);
  let chromiumRefused = false;
  const onConsole = (m: { text(): string }) => {
    if (/Not allowed to load local resource/.test(m.text())) chromiumRefused = true;
  };
  page.on('console', onConsole);
  try {
    await page.evaluate((target) => {
      (window as { navigationMarker?: string }).navigationMarker = target;
      window.location.href = target;
    }, url);
    let refusedBy: 'main' | 'chromium' | 'nobody' = 'nobody';
    await expect
      .poll(async () => {
        const seen = await app.evaluate(
          () => (globalThis as { navigationSeen?: { prevented: boolean } }).navigationSeen,
        );
        if (seen) refusedBy = seen.prevented ? 'main' : 'nobody';
        else if (chromiumRefused) refusedBy = 'chromium';
        return seen !== undefined || chromiumRefused;
      })
      .toBe(true);
    const sameDocument = await page.evaluate(
      (target) => (window as { navigationMarker?: string }).navigationMarker === target,
      url,
    );
    return { refusedBy, sameDocument };
  } finally {
    page.off('console', onConsole);
  }
}

test('the window opens on the app', async () => {
  await expect(page.getByRole('heading').first()).toBeVisible();
});

test('every window is sandboxed and isolated (checked from inside the page)', async () => {
  // Electron no longer exposes a window's effective preferences, so check what they cause.
  const seen = await page.evaluate(() => ({
    nodeRequire: typeof (globalThis as { require?: unknown }).require,
    nodeBuffer: typeof (globalThis as { Buffer?: unknown }).Buffer,
    isolated: typeof (globalThis as { ipcRenderer?: unknown }).ipcRenderer,
  }));
  expect(seen).toEqual({ nodeRequire: 'undefined', nodeBuffer: 'undefined', isolated: 'undefined' });
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
});

test('the renderer has no Node and only the contract on window.treasury', async () => {
  const seen = await page.evaluate(() => ({
    require: typeof (window as unknown as { require?: unknown }).require,
    process: typeof (window as unknown as { process?: unknown }).process,
    treasury: Object.keys((window as unknown as { treasury: object }).treasury).sort(),
    frozen: Object.isFrozen((window as unknown as { treasury: object }).treasury),
  }));
  expect(seen.require).toBe('undefined');
  expect(seen.process).toBe('undefined');
  expect(seen.treasury).toContain('profiles');
  expect(seen.treasury).not.toContain('ipcRenderer');
  expect(seen.frozen).toBe(true);
});

test('navigation to a foreign URL and window.open are refused', async () => {
  const before = page.url();
  expect(await tryNavigation('https://example.com/')).toEqual({ refusedBy: 'main', sameDocument: true });
  expect(page.url()).toBe(before);
  const opened = await page.evaluate(() => window.open('https://example.com/') === null);
  expect(opened).toBe(true);
  expect(app.windows()).toHaveLength(1);
});

test('IPC from a frame that is not the app window is refused', async () => {
  // A subframe gets no bridge at all (contextBridge exposes to the main frame only).
  const inFrame = await page.evaluate(async () => {
    const frame = document.createElement('iframe');
    frame.srcdoc = '<p>x</p>';
    document.body.append(frame);
    await new Promise((r) => frame.addEventListener('load', r));
    return typeof (frame.contentWindow as unknown as { treasury?: unknown }).treasury;
  });
  expect(inFrame).toBe('undefined');
});

test('permission requests are denied', async () => {
  const state = await page.evaluate(
    async () => (await navigator.permissions.query({ name: 'geolocation' as PermissionName })).state,
  );
  expect(state).not.toBe('granted');
});

test('the renderer is served from app://treasury/ with the CSP as a header, never from file://', async () => {
  expect(page.url()).toMatch(/^app:\/\/treasury\//);
  const seen = await page.evaluate(async () => {
    const r = await fetch('/index.html');
    return { csp: r.headers.get('content-security-policy'), origin: location.origin, secure: isSecureContext };
  });
  expect(seen.csp).toContain("base-uri 'none'");
  expect(seen.csp).toContain("worker-src 'self'");
  expect(seen.secure).toBe(true);
});

test('IndexedDB and Web Locks work on the app origin', async () => {
  const locked = await page.evaluate(async () => {
    await new Promise<void>((ok, ko) => {
      const r = indexedDB.open('electron-origin-check', 1);
      r.onupgradeneeded = () => r.result.createObjectStore('s');
      r.onsuccess = () => {
        r.result.close();
        ok();
      };
      r.onerror = () => ko(r.error);
    });
    return navigator.locks.request('electron-origin-check', async () => 'held');
  });
  expect(locked).toBe('held');
});

test('a file:// page the window is pushed to cannot call main', async () => {
  const before = page.url();
  const tried = await tryNavigation('file:///etc/hostname');
  expect(tried.refusedBy).not.toBe('nobody');
  expect(tried.sameDocument).toBe(true);
  expect(page.url()).toBe(before);
});
