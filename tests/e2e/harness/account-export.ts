import { expect, type Locator, type Page } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';
import type { MainCore } from '../../../src/main/core';
import type { Handlers } from '../../../src/shared/ipc';
import type { Transaction } from '../../../src/shared/service';
import { openAccount } from './accounts';
import { allTransactions } from './expected';
import { openSection } from './flows';
import type { Prompts } from './prompts';

/** Steps of the account export tests, as a person does them on the Accounts screen. */

/** Whole UTC days, both included, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

/** Opens the Accounts section, selects the account and returns its "Export transactions" panel. */
export async function openAccountExport(page: Page, name: string): Promise<Locator> {
  await openSection(page, 'Accounts');
  const detail = await openAccount(page, name);
  return detail.getByRole('region', { name: 'Export transactions' });
}

export async function fillRange(panel: Locator, range: DayRange): Promise<void> {
  await panel.getByLabel('From').fill(range.from);
  await panel.getByLabel('To').fill(range.to);
}

/**
 * Exports in `format` and returns where the file went (from "Saved N transactions to …"). With
 * `previous`, the path of the export before, waits for the message naming a new file.
 */
export async function exportAs(
  prompts: Prompts,
  panel: Locator,
  format: 'OFX' | 'CSV',
  previous?: string,
): Promise<{ path: string; rows: number }> {
  await panel.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  await panel.getByRole('button', { name: 'Export', exact: true }).click();
  // No native save dialog in this host: main asks about the file in its own window.
  await prompts.confirm(new RegExp(`^Save “.+\\.${format.toLowerCase()}” in `));
  const saved = panel.getByText(/^Saved [\d,]+ transactions to /);
  await expect(saved).toBeVisible();
  if (previous) await expect(saved).not.toContainText(previous);
  const text = (await saved.textContent()) ?? '';
  const [, rows = '', path = ''] = /^Saved ([\d,]+) transactions to (.*)$/.exec(text) ?? [];
  return { path, rows: Number(rows.replace(/,/g, '')) };
}

/**
 * Detailed statuses of rows that moved money, read from docs/service.md ("Statuses and what they do to balances"): pending ones move the
 * available balance, settled, refunded, returned, reversed and disputed ones are posted. Not
 * here: pending_approval and in_review (neither balance, yet), failed, declined and canceled.
 */
const MOVED_MONEY = new Set(['pending', 'settled', 'refund', 'returned', 'reversed', 'dispute']);

/** Whether the service's row moved money: a pending or posted one of a detailed status above. */
export function movedMoney(t: Pick<Transaction, 'status' | 'detailedStatus'>): boolean {
  return (t.status === 'pending' || t.status === 'posted') && MOVED_MONEY.has(t.detailedStatus);
}

/**
 * What an export of the account for the range must hold, from the service's own rows: those that
 * moved money, dated within the range's UTC days, oldest first (the same instant: by id).
 */
export function expectedRows(sandbox: Sandbox, virtualAccountId: string, range: DayRange): Transaction[] {
  const from = Date.parse(`${range.from}T00:00:00.000Z`);
  const to = Date.parse(`${range.to}T23:59:59.999Z`);
  return allTransactions(sandbox, { virtualAccountId })
    .filter((t) => Date.parse(t.date) >= from && Date.parse(t.date) <= to && movedMoney(t))
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Holds the next "where to save" of an export in main until `release()`, and counts the aborts
 * main is asked for: a test can act while an export is running, with no timing involved.
 */
export function holdNextSave(core: MainCore): { held: Promise<void>; release(): void; aborts(): number } {
  // The shim looks a handler up at each call, so replacing one here is what the page reaches next.
  const handlers = core.handlers as { -readonly [K in keyof Handlers]: Handlers[K] };
  const begin = handlers['files:saveBegin'];
  const abort = handlers['files:saveAbort'];
  let aborts = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let heldNow!: () => void;
  const held = new Promise<void>((resolve) => (heldNow = resolve));
  handlers['files:saveBegin'] = async (arg) => {
    handlers['files:saveBegin'] = begin;
    heldNow();
    await gate;
    return begin(arg);
  };
  handlers['files:saveAbort'] = (arg) => {
    aborts++;
    return abort(arg);
  };
  return { held, release, aborts: () => aborts };
}
