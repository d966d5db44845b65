import { expect, type Page } from '@playwright/test';
import { newItemForm, openSection } from '../../e2e/harness/flows';
import { wallNow, type BenchDesktop } from './desktop';
import { progress } from './progress';
import type { ApprovalBatch } from './verdict';

/** Long enough for a thousand rows read on a busy two-core machine. */
const PATIENCE_MS = 10 * 60_000;
/**
 * The CSV import is not what is measured. It once grew faster than its rows (two commits per row,
 * each re-reading the queue: 1,000 rows took 21 minutes); it is two commits now, whatever the
 * rows, and signing each for the workspace is what remains.
 */
const IMPORT_PATIENCE_MS = 60 * 60_000;

/** The Approvals inbox's rows whose key starts with `prefix` ('team:' or 'solo:'), in the order shown. */
export function inboxKeys(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(
    (p) => [...document.querySelectorAll(`li[data-key^="${p}"]`)].map((li) => li.getAttribute('data-key') ?? ''),
    prefix,
  );
}

/**
 * Waits until the inbox shows `count` rows of `prefix` whose who-line's last part (what it still needs) matches `needs`
 * (a regular expression's source, tested in the page).
 */
export async function waitForInbox(page: Page, prefix: string, count: number, needs: string): Promise<void> {
  await page.waitForFunction(
    ({ p, n, source }) => {
      const re = new RegExp(source);
      const lines = [...document.querySelectorAll(`li[data-key^="${p}"]`)].map(
        (li) => (li.querySelector('.inbox__who')?.textContent ?? '').split(' · ').at(-1)?.trim() ?? '',
      );
      return lines.filter((l) => re.test(l)).length === n;
    },
    { p: prefix, n: count, source: needs },
    { timeout: PATIENCE_MS, polling: 200 },
  );
}

/** Waits until every row of `keys` is gone from the inbox or says what `needs` matches. */
async function waitForRows(page: Page, keys: readonly string[], needs: string): Promise<void> {
  await page.waitForFunction(
    ({ ks, source }) => {
      const re = new RegExp(source);
      return ks.every((k) => {
        const li = document.querySelector(`li[data-key="${k}"]`);
        if (!li) return true;
        return re.test((li.querySelector('.inbox__who')?.textContent ?? '').split(' · ').at(-1)?.trim() ?? '');
      });
    },
    { ks: keys, source: needs },
    { timeout: PATIENCE_MS, polling: 50 },
  );
}

/** Checks the rows' boxes, as a person clicks them one after another, and waits for the button that approves them all. */
async function check(page: Page, keys: readonly string[]): Promise<void> {
  // The last batch is over for the screen too: nothing checked, not busy (a box checked before
  // that would be cleared with the last batch's selection).
  await expect(page.getByRole('button', { name: /^Clear the selection/ })).toHaveCount(0, { timeout: PATIENCE_MS });
  await expect(page.locator('section.inbox .form__actions .button--primary')).not.toHaveAttribute(
    'title',
    'Busy with the last decision',
    { timeout: PATIENCE_MS },
  );
  await page.evaluate((ks) => {
    for (const k of ks) document.querySelector<HTMLInputElement>(`li[data-key="${k}"] input[type="checkbox"]`)?.click();
  }, keys);
  const label = keys.length === 1 ? /^Approve$/ : new RegExp(`^Approve ${keys.length} \\(`);
  await expect(page.getByRole('button', { name: label })).toBeEnabled({ timeout: PATIENCE_MS });
}

/** Presses A on the first checked row, as a person does after checking them. */
async function pressApprove(page: Page, keys: readonly string[]): Promise<void> {
  await page.locator(`li[data-key="${keys[0]}"]`).focus();
  await page.keyboard.press('a');
}

/** The title of main's question before this desktop's key signs approvals (src/main/workspace/questions.ts). */
const APPROVE_TITLE = 'Approve with your key';

/** The amounts (cents) a signing question lists, one per row line ("Transfer $12.34 from …"). */
function amountsListed(detail: readonly string[]): number[] {
  return detail.flatMap((line) => {
    const m = /^(?:Transfer|Payment) \$([\d,]+)\.(\d{2}) /.exec(line);
    return m ? [Number((m[1] as string).replace(/,/g, '')) * 100 + Number(m[2])] : [];
  });
}

/**
 * A selection of the workspace's rows approved on `d`: checked, A, and main's prompts (main lists
 * every row it signs, so a large selection is asked as several questions, one after another),
 * which this benchmark's person confirms at once. Each question's rows are a batch whose moment
 * is when it was confirmed; the rows are told apart by their amounts (`amountOf`, from the
 * workspace), which the benchmark keeps distinct. Returns once `d`'s own inbox shows the
 * selection's new state (`doneNeeds`, or gone): a person waits for that before the next one.
 */
export async function approveTeamBatch(
  d: BenchDesktop,
  keys: readonly string[],
  doneNeeds: string,
  amountOf: (key: string) => number,
): Promise<(ApprovalBatch & { keyAt: number })[]> {
  const before = d.prompt.titled(APPROVE_TITLE).length;
  const wanted = new Map(keys.map((k) => [amountOf(k), k]));
  const asked = () => d.prompt.titled(APPROVE_TITLE).slice(before);
  await check(d.page, keys);
  const keyAt = wallNow();
  await pressApprove(d.page, keys);
  await expect
    .poll(() => asked().reduce((n, a) => n + amountsListed(a.question.detail).length, 0), { timeout: PATIENCE_MS })
    .toBe(keys.length);
  const batches = asked().map((a) => ({
    at: a.at,
    keyAt,
    keys: amountsListed(a.question.detail).map((cents) => {
      const key = wanted.get(cents);
      if (!key) throw new Error(`main asked to approve ${cents} cents, which is not in the selection`);
      wanted.delete(cents);
      return key;
    }),
  }));
  await waitForRows(d.page, keys, doneNeeds);
  return batches;
}

/**
 * A batch of this desktop's own rows (solo) approved: checked, A, and the app's confirmation
 * ("Approve N"), whose click is the batch's moment. Returns once they left the inbox.
 */
export async function approveSoloBatch(
  d: BenchDesktop,
  keys: readonly string[],
): Promise<ApprovalBatch & { keyAt: number }> {
  await check(d.page, keys);
  const keyAt = wallNow();
  await pressApprove(d.page, keys);
  const confirm = d.page
    .getByRole('dialog', { name: 'Approve and send?' })
    .getByRole('button', { name: `Approve ${keys.length}` });
  await expect(confirm).toBeVisible();
  const at = wallNow();
  await confirm.click();
  await waitForRows(d.page, keys, '^$');
  return { at, keyAt, keys };
}

/** Drafts the CSV's transfers on `d` through the Transfers screen's import, as a person does; returns how long it took (ms). */
export async function importTransfers(d: BenchDesktop, csv: string, rows: number): Promise<number> {
  await openSection(d.page, 'Transfers');
  await newItemForm(d.page, 'New transfer');
  await d.page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'transfers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(d.page.getByText(`${rows} row${rows === 1 ? '' : 's'} ready.`)).toBeVisible({ timeout: PATIENCE_MS });
  const started = wallNow();
  await d.page.getByRole('button', { name: `Queue ${rows} transfer${rows === 1 ? '' : 's'}` }).click();
  const done = d.page.getByText(`Queued ${rows} transfers for approval.`);
  // Says how far the import is every half minute (the screen's own "Signed N of M…").
  while (!(await done.isVisible())) {
    if (wallNow() - started > IMPORT_PATIENCE_MS)
      throw new Error(`the import of ${rows} transfers had not finished after ${IMPORT_PATIENCE_MS / 60_000} minutes`);
    await done.waitFor({ timeout: 30_000 }).catch(async () =>
      progress(
        `${d.name}: ${
          (await d.page
            .getByText(/^(Queuing|Signed) \d+/)
            .textContent({ timeout: 1_000 })
            .catch(() => null)) ?? 'importing'
        }`,
      ),
    );
  }
  return wallNow() - started;
}

/** The Approvals screen, its sender paused (this desktop drafts or approves; another sends). */
export async function pauseSending(d: BenchDesktop): Promise<void> {
  await openSection(d.page, 'Approvals');
  await d.page.getByRole('button', { name: 'Pause sending' }).click();
  await expect(d.page.getByText('Sending is paused: nothing is sent until you resume.')).toBeVisible();
}
