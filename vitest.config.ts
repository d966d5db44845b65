import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Renderer logic that needs no browser runs here too (tests/renderer/*.test.ts); its Chromium
    // lane (*.spec.ts) runs under Playwright.
    include: ['tests/unit/**/*.test.ts', 'tests/sandbox/**/*.test.ts', 'tests/renderer/**/*.test.ts'],
    testTimeout: 30000,
    pool: 'forks',
  },
});
