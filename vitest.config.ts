import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/sandbox/**/*.test.ts'],
    testTimeout: 30000,
    pool: 'forks',
  },
});
