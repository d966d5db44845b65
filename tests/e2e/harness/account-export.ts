import { expect, type Locator, type Page } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';
import { compareOldestFirst, movesMoney } from '../../../src/renderer/src/accounts/model/export-rows';
import { rangeBoundsMs, type ExportRange } from '../../../src/renderer/src/accounts/model/export-range';
import type { MainCore } from '../../../src/main/core';
import type { Handlers } from '../../../src/shared/ipc';
import type { Transaction } from '../../../src/shared/service';
import { openAccount } from './accounts';
import { openSection } from './flows';

/** Steps of the account export tests, as a person does them on the Accounts screen. */

/** Opens the Accounts section, selects the account and returns its "Export transactions" panel. */
export async function openAccountExport(page: Page, name: string): Promise<Locator> {
  await openSection(page, 'Accounts');
  const detail = await openAccount(page, name);
  return detail.getByRole('region', { name: 'Export transactions' });
}

export async function fillRange(panel: Locator, range: ExportRange): Promise<void> {
  await panel.getByLabel('From').fill(range.from);
  await panel.getByLabel('To').fill(range.to);
}

/**
 * Exports in `format` and returns where the file went (from "Saved N transactions to …"). With
 * `previous`, the path of the export before, waits for the message naming a new file.
 */
export async function exportAs(panel: Locator, format: 'OFX' | 'CSV', previous?: string): Promise<{ path: string; rows: number }> {
  await panel.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  await panel.getByRole('button', { name: 'Export', exact: true }).click();
  const saved = panel.getByText(/^Saved [\d,]+ transactions to /);
  await expect(saved).toBeVisible();
  if (previous) await expect(saved).not.toContainText(previous);
  const text = (await saved.textContent()) ?? '';
  const [, rows = '', path = ''] = /^Saved ([\d,]+) transactions to (.*)$/.exec(text) ?? [];
  return { path, rows: Number(rows.replace(/,/g, '')) };
}

/** What the service holds for the account in the range, oldest first, by the export's own rule (failed, declined, canceled left out). */
export function expectedRows(sandbox: Sandbox, virtualAccountId: string, range: ExportRange): Transaction[] {
  const bounds = rangeBoundsMs(range);
  if (!bounds) throw new Error('bad range');
  const out: Transaction[] = [];
  let cursor: string | undefined;
  do {
    const page = sandbox.world.transactions.list({ virtualAccountId }, cursor, 1000);
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out
    .filter((t) => {
      const ms = Date.parse(t.date);
      return ms >= bounds.fromMs && ms <= bounds.toMs && movesMoney(t);
    })
    .sort(compareOldestFirst);
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
