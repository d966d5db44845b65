import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { basename } from 'node:path';
import type { AddressInfo } from 'node:net';
import { HELD_LOCKS_SCRIPT, NOT_ANSWERING } from './page-work';
import type { UpdateInstaller, VerifiedUpdate } from './updates';

/**
 * The feed electron-updater reads: only what this file already verified, naming the one
 * downloaded artifact (by its SHA-512, which electron-updater checks again as it copies it).
 * JSON is valid YAML, so no YAML writer is needed.
 */
function localFeed(update: VerifiedUpdate, name: string): string {
  const file = { url: name, sha512: update.sha512, size: update.size };
  return JSON.stringify({
    version: update.version,
    files: [file],
    path: name,
    sha512: update.sha512,
    ...(update.releaseDate ? { releaseDate: update.releaseDate } : {}),
  });
}

/** Serves the verified feed and artifact on this machine only, for electron-updater to read. */
export async function serveVerified(update: VerifiedUpdate): Promise<{ url: string; server: Server }> {
  const name = basename(update.file);
  const feed = localFeed(update, name);
  const server = createServer((req, res) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      // Any process on this machine may knock; a malformed request is answered, never thrown in main.
      res.writeHead(400).end();
      return;
    }
    // Whichever channel file electron-updater asks for (latest.yml, latest-mac.yml, latest-linux-arm64.yml, ...).
    if (/^\/latest[\w-]*\.yml$/.test(path)) {
      res.writeHead(200, { 'content-type': 'text/yaml' }).end(feed);
    } else if (path === `/${name}`) {
      res.writeHead(200, { 'content-length': update.size });
      createReadStream(update.file).pipe(res);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/**
 * The OS's own install step, by electron-updater: it copies the verified artifact, checks its
 * SHA-512 again and, on Windows, the installer's code signature against the publisher the app
 * was signed by (on macOS Squirrel.Mac checks the new app's signature), then quits and installs.
 * It is loaded only here, in the app: nothing that runs under plain Node imports it. It never
 * downloads or installs by itself (autoDownload and autoInstallOnAppQuit off): the person
 * chose this restart.
 */
export function electronInstaller(): UpdateInstaller {
  return {
    async install(update) {
      const { autoUpdater } = await import('electron-updater');
      autoUpdater.autoDownload = false;
      autoUpdater.autoInstallOnAppQuit = false;
      // The version, the way back and the rollout were decided from the signed feed already.
      autoUpdater.allowDowngrade = update.wayBack;
      autoUpdater.isUserWithinRollout = () => true;
      // The whole verified file is served; there is no blockmap to patch an older one from.
      autoUpdater.disableDifferentialDownload = true;
      const { url, server } = await serveVerified(update);
      try {
        autoUpdater.setFeedURL({ provider: 'generic', url });
        const found = await autoUpdater.checkForUpdates();
        if (!found?.isUpdateAvailable)
          throw new Error(`the installer step did not accept version ${update.version} as an update`);
        await autoUpdater.downloadUpdate();
      } finally {
        server.close();
      }
      autoUpdater.quitAndInstall(false, true);
    },
  };
}

/** What a window must offer for main to read its held locks (Electron's BrowserWindow does). */
interface AppWindow {
  webContents: { executeJavaScript(code: string): Promise<unknown> };
}

/**
 * The Web Locks every window holds, for a restart to wait on (page-work.ts). A window that does
 * not answer within two seconds counts as busy: it may be in the middle of a write.
 */
export function electronPageLocks(windows: () => AppWindow[]): () => Promise<unknown[]> {
  const ask = (w: AppWindow) =>
    Promise.race([
      w.webContents.executeJavaScript(HELD_LOCKS_SCRIPT).then((names) => (Array.isArray(names) ? names : [])),
      new Promise<unknown[]>((resolve) => setTimeout(() => resolve([NOT_ANSWERING]), 2000).unref()),
    ]).catch(() => [NOT_ANSWERING]);
  return async () => (await Promise.all(windows().map(ask))).flat();
}
