/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { openSection, startDemo, synced } from '../e2e/harness/flows';
import { freshUserData, launch } from './launch';

// The app's storage on its own origin, app://treasury/, in the real Electron: the search index
// saved as a file of the origin's private file system (OPFS, written from the search worker's
// side), the Dexie databases in IndexedDB, the first naming the second; and all of it still
// there after the app quits and starts again (the origin never changes, so neither does its data).

test.slow();

interface Stored {
  origin: string;
  /** Each file of the private file system's search-index folder: its name, its first four bytes, and the stamp its header names. */
  files: { name: string; magic: string; stamp: string; bytes: number }[];
  databases: string[];
  /** The stamp each cache database's searchIndex store names for its file (read with IndexedDB itself, not Dexie). */
  marks: Record<string, unknown>;
}

/** What the page's origin holds, read with the platform's own APIs. */
function stored(page: Page): Promise<Stored> {
  return page.evaluate(async () => {
    const files: Stored['files'] = [];
    try {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('search-index');
      for await (const handle of (dir as unknown as { values(): AsyncIterable<FileSystemHandle> }).values()) {
        if (handle.kind !== 'file') continue;
        const file = await (handle as FileSystemFileHandle).getFile();
        const prefix = new DataView(await file.slice(0, 12).arrayBuffer());
        const headerBytes = prefix.getUint32(8, true);
        const header = JSON.parse(await file.slice(12, 12 + headerBytes).text()) as { stamp: string };
        files.push({ name: handle.name, magic: await file.slice(0, 4).text(), stamp: header.stamp, bytes: file.size });
      }
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'NotFoundError')) throw error;
    }
    const databases = (await indexedDB.databases()).map((d) => d.name ?? '').sort();
    const marks: Record<string, unknown> = {};
    for (const name of databases.filter((n) => n.startsWith('treasury-cache:'))) {
      marks[name] = await new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('searchIndex', 'readonly').objectStore('searchIndex').get('file');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { data?: unknown } | undefined)?.data ?? null);
          };
        };
      });
    }
    return { origin: location.origin, files, databases, marks };
  });
}

/** The one search-index file, checked against the cache database that names it; returns the profile it belongs to. */
function checkIndex(s: Stored): string {
  expect(s.origin).toBe('app://treasury');
  expect(s.files).toHaveLength(1);
  const [file] = s.files as [Stored['files'][number]];
  expect(file.magic).toBe('TSIX');
  expect(file.bytes).toBeGreaterThan(12);
  const profileId = decodeURIComponent(file.name.replace(/\.index$/, ''));
  expect(s.databases).toEqual(expect.arrayContaining([`treasury-cache:${profileId}`, `treasury-outbox:${profileId}`]));
  // The cache names this very file: the index is the one saved for this cache.
  expect(s.marks[`treasury-cache:${profileId}`]).toBe(file.stamp);
  return profileId;
}

/** The index as the app leaves it: waited for, since the worker saves it a few seconds after it changes (file first, then the mark). */
async function savedIndex(page: Page): Promise<string> {
  let profileId = '';
  await expect(async () => {
    profileId = checkIndex(await stored(page));
  }).toPass({ timeout: 90_000 });
  return profileId;
}

test('the search index is a file of the private file system and the caches are IndexedDB databases, on app://, kept across a restart', async () => {
  const userData = freshUserData('storage');
  const first = await launch(userData);
  const profileId = await (async () => {
    try {
      await startDemo(first.page);
      await synced(first.page);
      await openSection(first.page, 'Transactions');
      await first.page.getByLabel('Search transactions').fill('a');
      return await savedIndex(first.page);
    } finally {
      await first.app.close();
    }
  })();

  const second = await launch(userData);
  try {
    await expect(second.page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    expect(await savedIndex(second.page)).toBe(profileId);
  } finally {
    await second.app.close();
  }
});
