import Dexie from 'dexie';
import { CACHE_DB_VERSION, cacheDbName } from '../../../src/renderer/src/db/cache-db';
import { cacheDb } from '../../../src/renderer/src/db/open';
import { readEntities } from '../../../src/renderer/src/repos/entities-repo';
import { DuplicateNameError, saveSearch } from '../../../src/renderer/src/repos/saved-searches-repo';
import { loadIndexParts } from '../../../src/renderer/src/repos/search-index-repo';
import { readSyncState } from '../../../src/renderer/src/repos/sync-state-repo';
import { chunksAfter, newestRows } from '../../../src/renderer/src/repos/transactions-repo';
import { OUTBOX_DB_VERSION, outboxDb, outboxDbName } from '../../../src/renderer/src/db/outbox-db';
import { draftRow } from '../../../src/renderer/src/outbox/model/draft';
import * as t from '../../../src/renderer/src/outbox/model/transitions';
import { claimDue, getApprovalRule, listAudit, recordSends } from '../../../src/renderer/src/outbox/repo/outbox-repo';
import type { OutboxRow } from '../../../src/shared/outbox';
import { expose } from './expose';

/**
 * Each released cache schema, frozen as it shipped (never edit one; add the next). A database
 * written with one of them must open with the app's current CacheDb and keep its data.
 */
const RELEASED: Record<number, Record<string, string>> = {
  1: {
    chunks: '++seq, maxDateMs',
    syncState: 'key',
    entities: '[kind+id], kind',
    entityMeta: 'kind',
    searchIndex: 'name',
    savedSearches: '++id, &name',
  },
};

/** Each released outbox schema, frozen the same way. */
const RELEASED_OUTBOX: Record<number, Record<string, string>> = {
  1: { rows: 'id, state, createdAt', audit: '++seq, at, rowId', settings: 'key' },
  2: { rows: 'id, state, createdAt, [sourceKey+state+createdAt], [fundsKey+state+createdAt]', audit: '++seq, at, rowId', settings: 'key' },
};

const T0 = Date.parse('2026-03-01T09:00:00Z');

/** An approved transfer as the app writes one. */
function approvedTransfer(profileId: string, id: string, amountCents: number, at: number): OutboxRow {
  const row = draftRow({ kind: 'transfer', payload: { source: 'va_a', destination: 'va_b', amountCents } }, profileId, id, `00000000-0000-4000-8000-00000000000${amountCents}`, at);
  return t.approve(t.submit(row, true, at), { user: 'ada', machine: 'ledger-1' }, 'h', 'h', at);
}

expose({
  outboxReleased: () => Object.keys(RELEASED_OUTBOX).map(Number),
  outboxCurrent: () => OUTBOX_DB_VERSION,
  /** Two approved transfers from one source, an audit line and the approval rule, written as that release did. */
  async writeOutboxAsReleased(profileId: string, version: number) {
    const db = new Dexie(outboxDbName(profileId));
    db.version(version).stores(RELEASED_OUTBOX[version] ?? {});
    await db.open();
    await db.table('rows').bulkAdd([approvedTransfer(profileId, 'row_1', 1, T0), approvedTransfer(profileId, 'row_2', 2, T0 + 1)]);
    await db.table('audit').add({ at: T0, rowId: 'row_1', kind: 'transfer', action: 'approved', amountCents: 1, detail: '', by: 'ada' });
    await db.table('settings').put({ key: 'approvalRule', value: { mode: 'above', thresholdCents: 10_000 } });
    db.close();
  },
  /** Opens with the current schema and sends the queue the sender's way: the first claimed, its outcome claiming the second. */
  async readOutboxCurrent(profileId: string) {
    const first = await claimDue(profileId, T0 + 10);
    const [recorded] = await recordSends(profileId, [{ rowId: 'row_1', outcome: { type: 'ok', value: { transferId: 'tr_1' } }, now: T0 + 20, claimNext: true }]);
    return {
      verno: outboxDb(profileId).verno,
      claimedFirst: first.map((r) => r.id),
      claimedWithOutcome: recorded?.claimed.map((r) => r.id),
      keys: recorded?.claimed.map((r) => r.idempotencyKey),
      rule: await getApprovalRule(profileId),
      auditFirst: (await listAudit(profileId))[0]?.action,
    };
  },
  released: () => Object.keys(RELEASED).map(Number),
  current: () => CACHE_DB_VERSION,
  /** Writes a database as that release did, with a little of everything, and closes it. */
  async writeAsReleased(profileId: string, version: number, rows: unknown[]) {
    const db = new Dexie(cacheDbName(profileId));
    db.version(version).stores(RELEASED[version] ?? {});
    await db.open();
    await db.table('chunks').add({ source: 'backfill:0', rows, maxDateMs: Date.parse('2026-01-15T00:00:00Z'), writtenAt: 1 });
    await db.table('syncState').put({ key: 'tx:part:0', value: { cursor: 'c1', done: false } });
    await db.table('entities').put({ kind: 'card', id: 'card_1', value: { id: 'card_1', last4: '4242', name: 'Ops' } });
    await db.table('entityMeta').put({ kind: 'card', asOf: 1234 });
    await db.table('searchIndex').put({ name: 'meta', data: '{"version":1}' });
    await db.table('savedSearches').add({ name: 'Pending', query: { statuses: ['pending'] }, createdAt: 5 });
    db.close();
  },
  /** Opens with the current schema (upgrading) and reads everything back through the repositories. */
  async readCurrent(profileId: string) {
    const chunks = await chunksAfter(profileId, 0, 10);
    let duplicateRefused = false;
    try {
      await saveSearch(profileId, 'Pending', {});
    } catch (e) {
      duplicateRefused = e instanceof DuplicateNameError;
    }
    return {
      verno: cacheDb(profileId).verno,
      chunkSources: chunks.map((c) => c.source),
      newest: (await newestRows(profileId, 10)).map((t) => t.id),
      state: await readSyncState(profileId, 'tx:part:0', (v) => v as { cursor: string }),
      cards: await readEntities<{ last4: string }>(profileId, 'card'),
      indexParts: (await loadIndexParts(profileId)).map((p) => p.name),
      duplicateRefused,
    };
  },
});
