import { defineConfig } from '@playwright/test';

/**
 * The renderer in plain Chromium (no Electron binary is needed): the built app is served on
 * loopback and window.treasury is a shim wired to the real main-process handlers in the test
 * process (tests/e2e/fixtures.ts).
 */
export default defineConfig({
  // The app's screens (tests/e2e) and the renderer's logic on its own (tests/renderer), both in Chromium.
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'renderer/**/*.spec.ts'],
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Every test here takes under 15 s on an idle machine, and up to ten times that on one shared
  // by several test suites (measured: load average 20 on 2 cores). Tests wait on states, so a
  // limit only bounds how long a broken test takes to fail: UI reactions get 30 s, syncs and
  // sends (background work with backoff) 90 s where they are awaited, a test 2 minutes, and
  // tests that sync the Demo and then reload or reset it say test.slow() (three times that).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    headless: true,
    viewport: { width: 1200, height: 800 },
    // The screens format dates and money with Intl in the person's locale; the tests read English.
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
});
