import Dexie, { type Table } from 'dexie';
import { FINAL_STATES, type OutboxRow } from '../../../shared/outbox';
import type { Signed, SignedDraft } from '../../../shared/team/model';
import { perProfile } from './per-profile';

/** One line of the audit log: kept when the queue is cleared, exportable as CSV. */
export interface AuditRecord {
  seq?: number;
  at: number;
  rowId: string;
  kind: OutboxRow['kind'];
  /** drafted, submitted, approved, rejected, canceled, edited, sent, failed, retry, needs review, resolved, ... */
  action: string;
  amountCents: number;
  detail: string;
  by?: string;
}

/**
 * A statement this desktop signed for a team workspace (docs/team-workspace.md): the offline
 * copy, kept until the workspace has it, and after (the workspace may lose it; pushing again
 * adds nothing twice).
 */
export type TeamItemRecord = {
  /** The statement's own id: a draft's row id, a decision's id. */
  id: string;
  workspaceId: string;
  /** The row it is about (for a draft, its own id). */
  rowId: string;
  /** 0 until the workspace has it (added, or already there); a number, as IndexedDB indexes no booleans. */
  pushed: 0 | 1;
  /** Why the workspace refused it, in its words (kept unpushed: a person sees it). */
  problem?: string;
  at: number;
} & ({ type: 'draft'; draft: SignedDraft } | { type: 'decision'; decision: Signed; choice: 'approve' | 'reject' });

export interface OutboxSettingRecord {
  key: string;
  value: unknown;
}

/**
 * The profile's outbox: money movements and notes waiting to be sent. Its own database, apart
 * from the cache, because Chromium sets durability per database: here every commit is flushed
 * to disk before it reports success (`strict`), so an approved transfer survives a power cut;
 * the cache, which can be downloaded again, keeps the faster default.
 */
export const OUTBOX_DB_VERSION = 4;

export class OutboxDb extends Dexie {
  /** The queue: rows not finished yet. */
  rows!: Table<OutboxRow, string>;
  /** Finished rows (sent, rejected, canceled), moved here in the commit that finished them. */
  archive!: Table<OutboxRow, string>;
  audit!: Table<AuditRecord, number>;
  settings!: Table<OutboxSettingRecord, string>;
  /** What this desktop signed for a team workspace: drafts and decisions, and whether the workspace has them. */
  team!: Table<TeamItemRecord, string>;

  constructor(name: string) {
    super(name, { chromeTransactionDurability: 'strict' });
    // One entry per schema version, never edited once released.
    this.version(1).stores({
      rows: 'id, state, createdAt',
      audit: '++seq, at, rowId',
      settings: 'key',
    });
    // The sender plans one source's queue (the head of its rows, the oldest row funding it) in
    // index order, without reading the whole queue.
    this.version(2).stores({
      rows: 'id, state, createdAt, [sourceKey+state+createdAt], [fundsKey+state+createdAt]',
    });
    // Finished rows leave the queue, so the sender, the queue screens and their live queries
    // read only what is still to do, whether 100 or 100,000 rows were ever sent. The balance
    // check still reads what was sent per account (the same compound indexes); the newest
    // finished rows are shown by `updatedAt`.
    this.version(3)
      .stores({ archive: 'id, updatedAt, [sourceKey+state+createdAt], [fundsKey+state+createdAt]' })
      .upgrade(async (tx) => {
        const rows = tx.table<OutboxRow, string>('rows');
        const finished = await rows
          .where('state')
          .anyOf([...FINAL_STATES])
          .toArray();
        await tx.table<OutboxRow, string>('archive').bulkPut(finished);
        await rows.bulkDelete(finished.map((r) => r.id));
      });
    // The offline copy of what this desktop signed for a team workspace; the pusher reads what a
    // workspace does not have yet. A new table: nothing before it to move.
    this.version(4).stores({ team: 'id, [workspaceId+pushed], rowId' });
  }
}

export function outboxDbName(profileId: string): string {
  return `treasury-outbox:${profileId}`;
}

const outboxes = perProfile(
  (profileId) => new OutboxDb(outboxDbName(profileId)),
  (profileId) => OutboxDb.delete(outboxDbName(profileId)),
);

export function outboxDb(profileId: string): OutboxDb {
  return outboxes.get(profileId);
}

/** Only when the profile itself is deleted: the outbox holds money movements. */
export function deleteOutbox(profileId: string): Promise<void> {
  return outboxes.delete(profileId);
}
