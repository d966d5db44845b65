import { cacheDb } from '../db/open';

/** Small typed records of how far each sync got; a parser guards against a damaged record. */
export async function readSyncState<T>(
  profileId: string,
  key: string,
  parse: (value: unknown) => T | null,
): Promise<T | null> {
  const record = await cacheDb(profileId).syncState.get(key);
  return record ? parse(record.value) : null;
}

export async function writeSyncState(profileId: string, key: string, value: unknown): Promise<void> {
  await cacheDb(profileId).syncState.put({ key, value });
}

export async function clearSyncState(profileId: string, key: string): Promise<void> {
  await cacheDb(profileId).syncState.delete(key);
}
