import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dispatch } from '../../src/main/ipc/dispatch';
import { SENDING } from '../../src/main/money/money-gate';
import { feedFileName } from '../../src/main/updates/feed';
import type { AppInfo } from '../../src/shared/ipc';
import { feedKeys, startFeedServer, type FeedServer } from '../support/update-feed';
import { test, expect } from './fixtures';
import { openSection, startDemo } from './harness/flows';

// The app in Chromium has no installer step of its own: Settings says updates come from the
// installer and shows the version main reports, and no feed is read.
test('Settings → Updates: in this window updates come from the installer, with the version running', async ({
  app,
}) => {
  const { page } = app;
  const info = await dispatch(app.core.handlers, 'app:info', undefined);
  if (!info.ok) throw new Error(info.error.message);
  await app.open();
  await startDemo(page);
  await openSection(page, 'Settings');
  const panel = page.getByRole('region', { name: 'Updates' });
  await expect(panel).toContainText(`Treasury Desktop ${(info.value as AppInfo).version}.`);
  await expect(panel).toContainText('In this window updates come from the installer');
  await expect(panel.getByRole('button')).toHaveCount(0);
  const state = await dispatch(app.core.handlers, 'updates:state', undefined);
  expect(state.ok && state.value).toMatchObject({ mode: 'installer', feed: null, lastChecked: null });
});

test.describe('as the app shows it, with an installer step', () => {
  const keys = feedKeys();
  const installs: string[] = [];
  let feed: FeedServer;
  test.beforeAll(async () => {
    feed = await startFeedServer();
    feed.publish(
      {
        version: '1.1.0',
        fileName: 'Treasury-Setup-1.1.0.exe',
        bytes: new Uint8Array(randomBytes(2048)),
        releaseNotes: 'Approvals that hold.\nA sync status in the top bar.',
      },
      keys,
      // The feed of the platform main runs on, as electron-builder names it.
      { feedName: feedFileName(process.platform) },
    );
  });
  test.afterAll(() => feed.close());
  test.use({
    session: {
      version: '1.0.0',
      beforeStart: (dir) => writeFile(join(dir, 'update-feed.json'), JSON.stringify({ url: feed.url })),
      updates: { publicKey: keys.publicKeyPem, installer: { install: async (u) => void installs.push(u.version) } },
    },
  });

  test('offers the checked update with what changed, and restarts only once nothing is being sent', async ({ app }) => {
    const { page } = app;
    await app.open();
    await startDemo(page);
    await openSection(page, 'Settings');
    const panel = page.getByRole('region', { name: 'Updates' });
    await expect(panel.getByRole('status')).toHaveText(
      'Version 1.1.0 is downloaded and checked. It is installed when you restart.',
    );
    await expect(panel).toContainText('Approvals that hold.\nA sync status in the top bar.');

    // A row is being sent (the money gate holds main's registry so while it sends), and the page
    // holds the lock a sync holds while it writes its pages.
    const release = app.core.busy.hold(SENDING);
    await page.evaluate(
      () =>
        new Promise<void>((granted) => {
          void navigator.locks.request('sync:e2e', () => {
            granted();
            return new Promise<void>((done) => ((window as unknown as { endSync: () => void }).endSync = done));
          });
        }),
    );
    await panel.getByRole('button', { name: 'Restart to update' }).click();
    const waiting = (what: string) =>
      new RegExp(
        `^Restarting to install version 1\\.1\\.0 once this is done: ${what}\\. The app does not restart in the middle of it\\.$`,
      );
    await expect(panel.getByRole('status')).toHaveText(waiting(`${SENDING}; a sync writing its pages( \\(\\d\\))?`));
    await expect(panel.getByRole('button', { name: 'Restart to update' })).toHaveCount(0);
    release();
    await expect(panel.getByRole('status')).toHaveText(waiting('a sync writing its pages( \\(\\d\\))?'));
    expect(installs).toEqual([]);
    await page.evaluate(() => (window as unknown as { endSync: () => void }).endSync());
    await expect(panel.getByRole('status')).toHaveText('Restarting to install version 1.1.0…');
    expect(installs).toEqual(['1.1.0']);
  });
});
