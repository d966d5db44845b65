import Dexie, { type Table } from 'dexie';
import { FINAL_STATES, type OutboxRow } from '../../../shared/outbox';
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
export const OUTBOX_DB_VERSION = 3;

export class OutboxDb extends Dexie {
  /** The queue: rows not finished yet. */
  rows!: Table<OutboxRow, string>;
  /** Finished rows (sent, rejected, canceled), moved here in the commit that finished them. */
  archive!: Table<OutboxRow, string>;
  audit!: Table<AuditRecord, number>;
  settings!: Table<OutboxSettingRecord, string>;

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
        const finished = await rows.where('state').anyOf([...FINAL_STATES]).toArray();
        await tx.table<OutboxRow, string>('archive').bulkPut(finished);
        await rows.bulkDelete(finished.map((r) => r.id));
      });
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
