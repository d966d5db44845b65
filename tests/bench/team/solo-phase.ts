import type { Browser, Page } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';
import { openSection, synced } from '../../e2e/harness/flows';
import { startDesktop, wallNow } from './desktop';
import { approveSoloBatch, importTransfers, inboxKeys, waitForInbox } from './inbox-driver';
import { progress } from './progress';
import { untilTrue } from './until';
import { balanceChangesSince, markLedger, movedSince, transfersCsv } from './transfers-plan';
import { checkMoney, type ApprovalBatch, type Drafted, type MoneyCheck } from './verdict';

const GIVE_UP_MS = 10 * 60_000;

export interface SoloRun {
  drafted_ms: number;
  to_ledger_ms: number;
  /** From the last batch's confirmation to the outbox saying sent for every row. */
  to_sent_ms: number;
  sent_in_outbox: number;
  money: MoneyCheck;
}

/**
 * Rows the profile's outbox marks sent, read straight from its IndexedDB database (the live
 * queue and the archive of finished rows) without the app's code: what the outbox says.
 */
function sentInOutbox(page: Page, profileId: string): Promise<number> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const all = (store: string) =>
        new Promise<{ state: string }[]>((resolve, reject) => {
          const q = db.transaction(store).objectStore(store).getAll();
          q.onsuccess = () => resolve(q.result as { state: string }[]);
          q.onerror = () => reject(q.error);
        });
      return [...(await all('rows')), ...(await all('archive'))].filter((r) => r.state === 'sent').length;
    } finally {
      db.close();
    }
  }, `treasury-outbox:${profileId}`);
}

/**
 * The baseline: the solo outbox on a desktop with no workspace, on the same sandbox, with the
 * same number of transfers (amounts of their own) imported the same way and approved in the
 * inbox `batch` at a time (checked, A, the app's confirmation); its own sender sends them.
 */
export async function runSolo(
  browser: Browser,
  shim: string,
  sandbox: Sandbox,
  drafted: readonly Drafted[],
  batch: number,
): Promise<SoloRun> {
  const d = await startDesktop(browser, shim, 'Sam Solo', sandbox);
  try {
    progress('solo: opening the desktop and its first sync');
    await d.open();
    await synced(d.page);
    const mark = markLedger(sandbox);
    const n = drafted.length;
    progress(`solo: importing and approving ${n} transfers`);
    const drafted_ms = await importTransfers(d, transfersCsv(drafted), n);
    progress('solo: imported; approving in the inbox');
    await openSection(d.page, 'Approvals');
    await waitForInbox(d.page, 'solo:', n, '^needs one approval');
    progress('solo: every row in the inbox');
    const keys = await inboxKeys(d.page, 'solo:');
    const batches: ApprovalBatch[] = [];
    for (let i = 0; i < keys.length; i += batch) {
      batches.push(await approveSoloBatch(d, keys.slice(i, i + batch)));
      progress(`solo: approved ${Math.min(keys.length, i + batch)} of ${keys.length}`);
    }
    const lastAt = (batches[batches.length - 1] as ApprovalBatch).at;

    progress('solo: waiting for every row to be sent');
    const solo = new Set(drafted.map((x) => x.amountCents));
    await untilTrue(
      () => Promise.resolve(movedSince(sandbox, mark).filter((m) => solo.has(m.amountCents)).length >= n),
      GIVE_UP_MS,
      10,
      `the ledger never held the ${n} solo transfers`,
    );
    const to_ledger_ms = wallNow() - lastAt;
    let sent = 0;
    await untilTrue(
      async () => (sent = await sentInOutbox(d.page, d.profileId)) >= n,
      GIVE_UP_MS,
      25,
      `the outbox never said sent for each of the ${n} solo transfers`,
    );
    const to_sent_ms = wallNow() - lastAt;
    return {
      drafted_ms,
      to_ledger_ms,
      to_sent_ms,
      sent_in_outbox: sent,
      money: checkMoney(drafted, movedSince(sandbox, mark), balanceChangesSince(sandbox, mark)),
    };
  } finally {
    await d.close();
  }
}
