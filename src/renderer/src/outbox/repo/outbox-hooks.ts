import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxRow, OutboxState } from '../../../../shared/outbox';
import { outboxDb } from '../../db/outbox-db';
import { finishedRows, finishedSince, sentAt } from './outbox-repo';
import { getApprovalRule } from './approval-rule-repo';
import type { ApprovalRule } from '../model/approval-rules';
import type { UnsentSummary } from '../model/unsent';
import { unsentState } from './unsent-repo';

/** The profile's queue (every unfinished row), oldest first, live. Undefined while loading. */
export function useOutboxRows(profileId: string | null): OutboxRow[] | undefined {
  return useLiveQuery(
    async () => (profileId ? outboxDb(profileId).rows.orderBy('createdAt').toArray() : []),
    [profileId],
  );
}

/** The newest `limit` finished rows (of one kind, or all) and how many there are in all, live. */
export function useFinishedRows(
  profileId: string | null,
  limit: number,
  kind?: OutboxRow['kind'],
): { rows: OutboxRow[]; total: number } | undefined {
  return useLiveQuery(
    async () =>
      profileId
        ? { rows: await finishedRows(profileId, limit, kind), total: await outboxDb(profileId).archive.count() }
        : { rows: [], total: 0 },
    [profileId, limit, kind],
  );
}

/**
 * Rows sent after `sinceMs` (by their last attempt), live: what moved money after a balance was
 * read. The archive is read from `sinceMs` on (a row is archived after its last attempt). Null: none.
 */
export function useSentSince(profileId: string | null, sinceMs: number | null): OutboxRow[] | undefined {
  return useLiveQuery(
    async () =>
      profileId && sinceMs !== null
        ? (await finishedSince(profileId, sinceMs)).filter((r) => r.state === 'sent' && sentAt(r) > sinceMs)
        : [],
    [profileId, sinceMs],
  );
}

/** Unfinished rows per state, live (the sidebar's counts). */
export function useOutboxCounts(profileId: string | null): Partial<Record<OutboxState, number>> {
  return (
    useLiveQuery(async () => {
      if (!profileId) return {};
      const counts: Partial<Record<OutboxState, number>> = {};
      await outboxDb(profileId).rows.each((r) => {
        counts[r.state] = (counts[r.state] ?? 0) + 1;
      });
      return counts;
    }, [profileId]) ?? {}
  );
}

/** Approved rows waiting to be sent or being sent, per kind, live (the Transfers and Payments badges). */
export function useQueuedByKind(profileId: string | null): Partial<Record<OutboxRow['kind'], number>> {
  return (
    useLiveQuery(async () => {
      if (!profileId) return {};
      const counts: Partial<Record<OutboxRow['kind'], number>> = {};
      await outboxDb(profileId)
        .rows.where('state')
        .anyOf('approved', 'sending')
        .each((r) => {
          counts[r.kind] = (counts[r.kind] ?? 0) + 1;
        });
      return counts;
    }, [profileId]) ?? {}
  );
}

/** The profile's unsent rows summed up (outbox/model/unsent.ts) and their last export, live. Undefined while loading. */
export function useUnsent(profileId: string): { summary: UnsentSummary; exportedAt: number | null } | undefined {
  return useLiveQuery(() => unsentState(profileId), [profileId]);
}

export function useApprovalRule(profileId: string | null): ApprovalRule | undefined {
  return useLiveQuery(async () => (profileId ? getApprovalRule(profileId) : undefined), [profileId]);
}

async function countUnsent(profileIds: readonly string[]): Promise<number> {
  const counts = await Promise.all(
    profileIds.flatMap((id) => [
      outboxDb(id).rows.where('state').equals('approved').count(),
      outboxDb(id).rows.where('state').equals('sending').count(),
    ]),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Approved rows not sent yet (approved or sending) over these profiles: `onCount` hears the
 * count now and after every change to these outboxes, until the returned function is called.
 */
export function watchUnsentCount(profileIds: readonly string[], onCount: (unsent: number) => void): () => void {
  const sub = liveQuery(() => countUnsent(profileIds)).subscribe({ next: onCount, error: () => undefined });
  return () => sub.unsubscribe();
}

/**
 * The ids of the profile's rows waiting for an approval: `onIds` hears them now and after every
 * change to that outbox, until the returned function is called.
 */
export function watchAwaitingIds(profileId: string, onIds: (ids: string[]) => void): () => void {
  const sub = liveQuery(() =>
    outboxDb(profileId).rows.where('state').equals('awaiting-approval').primaryKeys(),
  ).subscribe({ next: onIds, error: () => undefined });
  return () => sub.unsubscribe();
}
