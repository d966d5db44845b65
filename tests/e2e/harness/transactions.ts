import type { Locator, Page } from '@playwright/test';

/** The Transactions screen as a person uses it. */

/** The line above the results that counts them ("1,234 transactions", "12 of 1,234 shown"). */
export const resultSummary = (page: Page): Locator => page.locator('.result-summary');

/** Types `text` into the screen's search box. */
export async function searchTransactions(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search transactions').fill(text);
}
