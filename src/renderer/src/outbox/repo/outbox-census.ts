import type { OutboxCensus } from '../../../../shared/ipc';
import type { OutboxState } from '../../../../shared/outbox';
import { outboxDb } from '../../db/outbox-db';

/** How many rows each profile's outbox holds per state, for the support bundle: counts only, never a row. */
export async function outboxCensus(profileIds: readonly string[]): Promise<OutboxCensus> {
  return Promise.all(
    profileIds.map(async (profileId) => {
      const counts: Partial<Record<OutboxState, number>> = {};
      await outboxDb(profileId).rows.each((r) => {
        counts[r.state] = (counts[r.state] ?? 0) + 1;
      });
      return { profileId, counts };
    }),
  );
}
