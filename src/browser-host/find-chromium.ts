import { existsSync } from 'node:fs';

/** Where Chromium (or Chrome) is usually installed; CHROMIUM_PATH wins. */
const CANDIDATES: Record<string, string[]> = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ],
  darwin: [
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

export function findChromium(env: NodeJS.ProcessEnv = process.env, platform: string = process.platform): string | null {
  const fromEnv = env['CHROMIUM_PATH'];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return (CANDIDATES[platform] ?? []).find((p) => existsSync(p)) ?? null;
}

/**
 * V8's flags for the page. The bridge hands each answer of main to the page through DevTools'
 * Runtime.callFunctionOn, whose argument values V8's inspector turns into JavaScript by compiling
 * them as a script; V8 keeps compiled scripts in its compilation cache, which only a
 * memory-pressure collection empties, so every answer's text stayed in the window's heap: at a
 * million synced rows 800 MB (bench:typing, `heaps_at_peak_mb`), all of it freed by one forced
 * collection. The app compiles nothing twice (its scripts load once, its CSP forbids eval), so
 * without the cache it loses nothing. Electron's IPC does not go through the inspector: only
 * this host needs it.
 */
export const HOST_JS_FLAGS = '--no-compilation-cache';

/** Chromium's flags for a machine like ours: no background traffic, and as root no sandbox (Chromium refuses otherwise). */
export function chromiumArgs(extra: string[] = []): string[] {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return [
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-sync',
    '--disable-quic',
    `--js-flags=${HOST_JS_FLAGS}`,
    ...(asRoot ? ['--no-sandbox'] : []),
    ...extra,
  ];
}
