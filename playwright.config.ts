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
  // Every test here takes under 15 s on an idle machine; the limits leave room for a machine
  // busy with other work (tests wait on states, so a slow machine only makes them slower).
  // Tests that sync the Demo and then reload or reset it again say test.slow() (three times this).
  timeout: 45_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    headless: true,
    viewport: { width: 1200, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
    },
  },
});
