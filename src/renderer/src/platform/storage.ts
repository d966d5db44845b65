/** What the browser says this app's origin uses on disk, every profile together. */
export interface StorageUse {
  /** Bytes in use in all, and the most the browser will let the app use. */
  usage: number;
  quota: number;
  /** Chromium's split, where it gives one: IndexedDB, and files (the search index files). */
  indexedDb?: number;
  files?: number;
}

/**
 * navigator.storage.estimate(): an estimate by the browser's own account (it rounds, and counts
 * space not yet reclaimed), per origin only: the browser cannot say how much one database uses.
 */
export async function storageUse(): Promise<StorageUse | null> {
  const storage = (globalThis.navigator as { storage?: StorageManager } | undefined)?.storage;
  if (!storage?.estimate) return null;
  // Chromium's breakdown is not in the DOM typings.
  const e = (await storage.estimate()) as StorageEstimate & {
    usageDetails?: { indexedDB?: number; fileSystem?: number };
  };
  return {
    usage: e.usage ?? 0,
    quota: e.quota ?? 0,
    ...(e.usageDetails?.indexedDB !== undefined ? { indexedDb: e.usageDetails.indexedDB } : {}),
    ...(e.usageDetails?.fileSystem !== undefined ? { files: e.usageDetails.fileSystem } : {}),
  };
}
