import { defineConfig } from 'vitest/config';

// The real OS keychain tests: run only through `npm run test:keychain` (tests/keychain/run.sh),
// which starts a private D-Bus session and an unlocked gnome-keyring for them.
export default defineConfig({
  test: {
    root: `${import.meta.dirname}/../..`,
    include: ['tests/keychain/**/*.test.ts'],
    testTimeout: 30000,
    pool: 'forks',
  },
});
