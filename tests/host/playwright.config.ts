import { defineConfig } from '@playwright/test';

/**
 * `npm start` where Electron cannot be had: the app in a real Chromium window (app mode), under
 * Xvfb when there is no display (tests/host/run.mjs). The tests start their own browser.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
});
