import type { Page } from '@playwright/test';
import type { Theme } from '../shared/ipc';

/**
 * The host's part of main's `applyTheme`: what Electron's nativeTheme does to a window, done to
 * the page by Chromium's media emulation, so `prefers-color-scheme` (the design tokens' one
 * switch) says the person's theme from the first paint. "Follow the system" removes the
 * emulation (`system`: the OS's preference), or, where a test stands in for the OS, emulates
 * the preference it gives. Until a theme was chosen the page is left as it was launched.
 */
export function pageTheme(page: Page, system: 'light' | 'dark' | null = null): (theme: Theme) => Promise<void> {
  let emulating = false;
  return async (theme) => {
    if (theme === 'system' && system === null && !emulating) return;
    emulating = theme !== 'system' || system !== null;
    await page.emulateMedia({ colorScheme: theme === 'system' ? system : theme });
  };
}
