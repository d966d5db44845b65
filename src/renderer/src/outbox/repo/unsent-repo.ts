import type { OutboxRow } from '../../../../shared/outbox';
import { deleteOutbox, outboxDb } from '../../db/outbox-db';
import { summarizeUnsent, type UnsentExport, type UnsentSummary } from '../model/unsent';

/** The settings record of the last export of the unsent rows (outbox/model/unsent.ts). */
const EXPORT_KEY = 'unsentExport';

function asExport(value: unknown): UnsentExport | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<UnsentExport>;
  if (typeof v.at !== 'number' || typeof v.rows !== 'object' || v.rows === null) return null;
  return { at: v.at, rows: v.rows };
}

/** Every row still in the profile's queue (each is unsent), oldest first, and the last export of them. */
export async function readUnsent(profileId: string): Promise<{ rows: OutboxRow[]; exported: UnsentExport | null }> {
  const db = outboxDb(profileId);
  return db.transaction('r', db.rows, db.settings, async () => ({
    rows: await db.rows.orderBy('createdAt').toArray(),
    exported: asExport((await db.settings.get(EXPORT_KEY))?.value),
  }));
}

export async function unsentSummary(profileId: string): Promise<UnsentSummary> {
  return (await unsentState(profileId)).summary;
}

/** The summary and when the rows were last exported (null: never). */
export async function unsentState(profileId: string): Promise<{ summary: UnsentSummary; exportedAt: number | null }> {
  const { rows, exported } = await readUnsent(profileId);
  return { summary: summarizeUnsent(rows, exported), exportedAt: exported?.at ?? null };
}

/** Notes that these rows, as they were read, are in a file the person saved. */
export async function recordUnsentExport(profileId: string, rows: readonly OutboxRow[], at: number): Promise<void> {
  const record: UnsentExport = { at, rows: Object.fromEntries(rows.map((r) => [r.id, r.updatedAt])) };
  await outboxDb(profileId).settings.put({ key: EXPORT_KEY, value: record });
}

/**
 * Deletes the profile's outbox database: queue, archive, audit log and settings. Only for a
 * profile being removed whose unsent rows were handled (app/remove-profile.ts).
 */
export function forgetOutbox(profileId: string): Promise<void> {
  return deleteOutbox(profileId);
}
