import type Dexie from 'dexie';

/**
 * One open database per profile and page (or worker). One closed by a deletion elsewhere (Dexie
 * closes on `versionchange`) is replaced by a fresh one on next use.
 */
export function perProfile<D extends Dexie>(
  make: (profileId: string) => D,
  deleteByName: (profileId: string) => Promise<void>,
) {
  const open = new Map<string, D>();
  return {
    get(profileId: string): D {
      let db = open.get(profileId);
      if (!db || db.hasBeenClosed()) {
        db = make(profileId);
        open.set(profileId, db);
      }
      return db;
    },
    async delete(profileId: string): Promise<void> {
      const db = open.get(profileId);
      open.delete(profileId);
      db?.close();
      await deleteByName(profileId);
    },
  };
}
