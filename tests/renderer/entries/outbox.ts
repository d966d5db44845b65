import { outboxDb } from '../../../src/renderer/src/db/outbox-db';
import { payloadHash } from '../../../src/renderer/src/outbox/rows/payload-hash';
import * as repo from '../../../src/renderer/src/repos/outbox-repo';
import type { DraftInput } from '../../../src/shared/outbox';
import { expose } from './expose';

const ADA = { user: 'ada', machine: 'ledger-1' };

expose({
  async reset(profileId: string) {
    await outboxDb(profileId).delete();
  },
  /** Drafts, submits and approves (as a person would), returning the row ids in order. */
  async queue(profileId: string, inputs: DraftInput[], t0: number) {
    const ids: string[] = [];
    for (const [i, input] of inputs.entries()) {
      const row = await repo.createDraft(profileId, input, t0 + i);
      await repo.submitRow(profileId, row.id, t0 + i);
      await repo.approveRow(profileId, row.id, ADA, await payloadHash(row.payload), t0 + i);
      ids.push(row.id);
    }
    return ids;
  },
  async draft(profileId: string, input: DraftInput, now: number) {
    return repo.createDraft(profileId, input, now);
  },
  async claim(profileId: string, now: number) {
    return (await repo.claimDue(profileId, now)).map((r) => r.id);
  },
  async record(profileId: string, rowId: string, type: 'ok' | 'rejected', now: number) {
    await repo.recordSend(profileId, rowId, type === 'ok' ? { type, value: { transferId: `tr-${rowId}` } } : { type, message: 'refused' }, now);
  },
  async recover(profileId: string, now: number) {
    return repo.recoverInterrupted(profileId, now);
  },
  async expire(profileId: string, now: number) {
    return repo.expireKeys(profileId, now);
  },
  async rows(profileId: string) {
    return repo.listRows(profileId);
  },
  async audit(profileId: string) {
    return (await repo.listAudit(profileId)).map((a) => `${a.action}:${a.rowId}`);
  },
  async tryApproveWithWrongHash(profileId: string, rowId: string) {
    try {
      await repo.approveRow(profileId, rowId, ADA, 'not-the-hash');
      return 'approved';
    } catch (error) {
      return error instanceof Error ? error.name : 'unknown';
    }
  },
  async clearFinished(profileId: string) {
    return repo.clearFinished(profileId);
  },
  /** The durability IndexedDB reports on a write transaction of the outbox database. */
  async durability(profileId: string) {
    const db = outboxDb(profileId);
    return db.transaction('rw', db.settings, (tx) => (tx as unknown as { idbtrans: IDBTransaction }).idbtrans.durability);
  },
});
