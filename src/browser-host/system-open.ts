import { spawn } from 'node:child_process';

/** The Chromium version in a user agent ("… Chrome/131.0.6778.85 …"), or undefined. */
export function chromiumOf(userAgent: string): string | undefined {
  return /Chrome\/([\d.]+)/.exec(userAgent)?.[1];
}

const OPENERS: Record<string, string> = { linux: 'xdg-open', darwin: 'open', win32: 'explorer' };

/**
 * Opens a folder in the system's file manager, as Electron's shell.openPath does in the app:
 * the platform's opener, given the path as one argument (no shell). False when there is none.
 */
export function openWithSystem(path: string): Promise<boolean> {
  const opener = OPENERS[process.platform];
  if (!opener) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(opener, [path], { detached: true, stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
