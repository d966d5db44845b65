import { expect, type Locator, type Page } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';
import { compareOldestFirst, movesMoney } from '../../../src/renderer/src/accounts/model/export-rows';
import { rangeBoundsMs, type ExportRange } from '../../../src/renderer/src/accounts/model/export-range';
import type { Transaction } from '../../../src/shared/service';
import { openSection } from './flows';

/** Steps of the account export tests, as a person does them on the Accounts screen. */

export function virtualAccountNamed(sandbox: Sandbox, name: string) {
  const va = [...sandbox.world.virtualAccounts.values()].find((v) => v.name === name);
  if (!va) throw new Error(`no virtual account named ${name} in the Demo`);
  return va;
}

/** Opens the Accounts section, selects the account and returns its "Export transactions" panel. */
export async function openAccountExport(page: Page, name: string): Promise<Locator> {
  await openSection(page, 'Accounts');
  await page.getByRole('list', { name: 'Virtual accounts' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  const detail = page.getByRole('region', { name: 'Account details' });
  await expect(detail).toBeVisible();
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
