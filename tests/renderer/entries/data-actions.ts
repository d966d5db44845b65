import { clearCache } from '../../../src/renderer/src/app/clear-cache';
import { removeProfile } from '../../../src/renderer/src/app/remove-profile';
import { cacheDb } from '../../../src/renderer/src/db/open';
import { exportUnsent } from '../../../src/renderer/src/outbox/commands/export-unsent';
import * as repo from '../../../src/renderer/src/outbox/repo/outbox-repo';
import { replaceEntities } from '../../../src/renderer/src/repos/entities-repo';
import { saveSearch } from '../../../src/renderer/src/repos/saved-searches-repo';
import { appendPage } from '../../../src/renderer/src/repos/transactions-repo';
import type { Transaction } from '../../../src/shared/service';
import type { DraftInput } from '../../../src/shared/outbox';
import { expose } from './expose';

const SVC = 'https://svc.example';

expose({
  /** Adds the transactions, a card and a saved search (one more each call) to the profile's cache. */
  async fillCache(profileId: string, transactions: Transaction[]) {
    await appendPage(profileId, 'backfill', transactions);
    await replaceEntities(profileId, 'card', [{ id: 'card_1' }], (c) => c.id, Date.now());
    await saveSearch(profileId, `Search ${(await cacheDb(profileId).savedSearches.count()) + 1}`, { text: 'big' });
  },
  async cacheCounts(profileId: string) {
    const db = cacheDb(profileId);
    return {
      chunks: await db.chunks.count(),
      entities: await db.entities.count(),
      savedSearches: await db.savedSearches.count(),
    };
  },
  /** A row drafted and submitted for approval; returns its id. */
  async waiting(profileId: string, input: DraftInput) {
    const row = await repo.createDraft(profileId, input);
    return (await repo.submitRow(profileId, row.id, SVC)).id;
  },
  /** A row left in `sending` (a send in flight), as the sender leaves it. */
  async inFlight(profileId: string, input: DraftInput) {
    const row = await repo.createDraft(profileId, input);
    await repo.changeRow(profileId, row.id, (r) => ({ ...r, state: 'approved', approvedFor: SVC }));
    const [claimed] = await repo.claimDue(profileId, SVC);
    return claimed?.id;
  },
  async states(profileId: string) {
    return (await repo.listRows(profileId)).map((r) => r.state);
  },
  clearCache: (profileId: string) => clearCache(profileId, false),
  removeProfile: (profileId: string) => removeProfile(profileId),
  exportUnsent: async (profileId: string) => (await exportUnsent(profileId)).kind,
  discard: async (profileId: string) => (await repo.discardQueued(profileId, 'discarded in the test')).length,
  async databases() {
    return (await indexedDB.databases()).map((d) => d.name ?? '').sort();
  },
});
