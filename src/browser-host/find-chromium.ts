import { existsSync } from 'node:fs';

/** Where Chromium (or Chrome) is usually installed; CHROMIUM_PATH wins. */
const CANDIDATES: Record<string, string[]> = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'],
  darwin: ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
  win32: ['C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe', 'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe'],
};

export function findChromium(env: NodeJS.ProcessEnv = process.env, platform: string = process.platform): string | null {
  const fromEnv = env['CHROMIUM_PATH'];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return (CANDIDATES[platform] ?? []).find((p) => existsSync(p)) ?? null;
}

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
    ...(asRoot ? ['--no-sandbox'] : []),
    ...extra,
  ];
}
