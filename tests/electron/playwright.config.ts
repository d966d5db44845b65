import { defineConfig } from '@playwright/test';

/** The real app in Electron (run through tests/electron/run.mjs, which skips loudly without a binary). */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: 'list',
});
