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
import {
  approveRow,
  claimDue,
  listAudit,
  listRows,
  recordSends,
} from '../../../src/renderer/src/outbox/repo/outbox-repo';
import { getApprovalRule } from '../../../src/renderer/src/outbox/repo/approval-rule-repo';
import { approvalHash } from '../../../src/renderer/src/outbox/model/approval-binding';
import { unpushedItems } from '../../../src/renderer/src/team/repo/team-repo';
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
  2: {
    rows: 'id, state, createdAt, [sourceKey+state+createdAt], [fundsKey+state+createdAt]',
    audit: '++seq, at, rowId',
    settings: 'key',
  },
  3: {
    rows: 'id, state, createdAt, [sourceKey+state+createdAt], [fundsKey+state+createdAt]',
    audit: '++seq, at, rowId',
    settings: 'key',
    archive: 'id, updatedAt, [sourceKey+state+createdAt], [fundsKey+state+createdAt]',
  },
  4: {
    rows: 'id, state, createdAt, [sourceKey+state+createdAt], [fundsKey+state+createdAt]',
    audit: '++seq, at, rowId',
    settings: 'key',
    archive: 'id, updatedAt, [sourceKey+state+createdAt], [fundsKey+state+createdAt]',
    team: 'id, [workspaceId+pushed], rowId',
  },
};

/** The team workspace's offline copy exists from outbox version 4 on. */
const TEAM_FROM = 4;
const TEAM_WS = '0a6f1c2e-8d7b-4c1a-9e3f-5b2d7c9e1f00';

/** Approvals name the service they are for from outbox version 3 on. */
const BOUND_FROM = 3;

const T0 = Date.parse('2026-03-01T09:00:00Z');
const SVC = 'https://svc.example';

const ADA = { user: 'ada', machine: 'ledger-1' };

/** An approved transfer as the app of that version wrote one (before version 3, its approval named no service). */
function approvedTransfer(profileId: string, id: string, amountCents: number, at: number, version: number): OutboxRow {
  const row = draftRow(
    { kind: 'transfer', payload: { source: 'va_a', destination: 'va_b', amountCents } },
    profileId,
    id,
    `00000000-0000-4000-8000-00000000000${amountCents}`,
    at,
  );
  const approved = t.approve(t.submit(row, true, at, SVC), ADA, 'h', 'h', at, SVC);
  if (version >= BOUND_FROM) return approved;
  const { approvedFor: _none, ...legacy } = approved;
  return { ...legacy, approval: { by: ADA, at, payloadHash: 'h' } } as OutboxRow;
}

/** A transfer that was sent, as that version kept it (in the queue until cleared, before version 3). */
function sentTransfer(profileId: string, version: number): OutboxRow {
  const approved = approvedTransfer(profileId, 'row_0', 9, T0 - 60_000, BOUND_FROM);
  const sent = t.recordOutcome(
    t.claim(approved, T0 - 50_000, SVC),
    { type: 'ok', value: { transferId: 'tr_0' } },
    T0 - 40_000,
    () => 0.5,
  );
  if (version >= BOUND_FROM) return sent;
  const { approvedFor: _none, ...legacy } = sent;
  return legacy as OutboxRow;
}

expose({
  outboxReleased: () => Object.keys(RELEASED_OUTBOX).map(Number),
  outboxCurrent: () => OUTBOX_DB_VERSION,
  /** A sent transfer, two approved transfers from one source, an audit line and the approval rule, written as that release did. */
  async writeOutboxAsReleased(profileId: string, version: number) {
    const db = new Dexie(outboxDbName(profileId));
    db.version(version).stores(RELEASED_OUTBOX[version] ?? {});
    await db.open();
    await db
      .table('rows')
      .bulkAdd([
        approvedTransfer(profileId, 'row_1', 1, T0, version),
        approvedTransfer(profileId, 'row_2', 2, T0 + 1, version),
      ]);
    await db.table(version >= 3 ? 'archive' : 'rows').add(sentTransfer(profileId, version));
    await db
      .table('audit')
      .add({ at: T0, rowId: 'row_1', kind: 'transfer', action: 'approved', amountCents: 1, detail: '', by: 'ada' });
    await db.table('settings').put({ key: 'approvalRule', value: { mode: 'above', thresholdCents: 10_000 } });
    if (version >= TEAM_FROM)
      await db.table('team').add({
        id: 'd_1',
        workspaceId: TEAM_WS,
        rowId: 'd_1',
        type: 'draft',
        draft: { text: 't', signature: 's', payload: '{}' },
        pushed: 0,
        at: T0,
      });
    db.close();
  },
  /**
   * Opens with the current schema and sends the queue the sender's way: approvals that named no
   * service go back to a person and are approved again; then the first is claimed and its outcome
   * claims the second. The sent row is in the archive.
   */
  async readOutboxCurrent(profileId: string) {
    const beforeReapproval = await claimDue(profileId, SVC, T0 + 10);
    const backToPerson = (await listRows(profileId)).filter((r) => r.state === 'awaiting-approval');
    for (const r of backToPerson) await approveRow(profileId, r.id, ADA, await approvalHash(r, SVC), SVC, T0 + 11);
    const first = beforeReapproval.length > 0 ? beforeReapproval : await claimDue(profileId, SVC, T0 + 12);
    const [recorded] = await recordSends(
      profileId,
      [{ rowId: 'row_1', outcome: { type: 'ok', value: { transferId: 'tr_1' } }, now: T0 + 20, claimNext: true }],
      SVC,
    );
    return {
      verno: outboxDb(profileId).verno,
      backToPerson: backToPerson.map((r) => `${r.id}: ${r.lastError}`),
      archived: (await outboxDb(profileId).archive.toArray()).map((r) => `${r.id} ${r.state}`).sort(),
      claimedFirst: first.map((r) => r.id),
      claimedWithOutcome: recorded?.claimed.map((r) => r.id),
      keys: recorded?.claimed.map((r) => r.idempotencyKey),
      rule: await getApprovalRule(profileId),
      auditFirst: (await listAudit(profileId))[0]?.action,
      teamUnpushed: (await unpushedItems(profileId, TEAM_WS)).map((i) => i.id),
    };
  },
  released: () => Object.keys(RELEASED).map(Number),
  current: () => CACHE_DB_VERSION,
  /** Writes a database as that release did, with a little of everything, and closes it. */
  async writeAsReleased(profileId: string, version: number, rows: unknown[]) {
    const db = new Dexie(cacheDbName(profileId));
    db.version(version).stores(RELEASED[version] ?? {});
    await db.open();
    await db
      .table('chunks')
      .add({ source: 'backfill:0', rows, maxDateMs: Date.parse('2026-01-15T00:00:00Z'), writtenAt: 1 });
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
