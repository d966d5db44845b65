import { expect, type Page } from '@playwright/test';
import type { HostPrompt } from '../../../src/browser-host/host-prompt';

/** A question main showed in its own window, as the person reads it there. */
export interface AskedPrompt {
  title: string;
  message: string;
  detail: string[];
  /** Presses the question's own "yes" button in its window, and waits for the window to go. */
  confirm(): Promise<void>;
  /** Presses its "no" button (the default), and waits for the window to go. */
  decline(): Promise<void>;
}

export interface Prompts {
  /** Waits for main's next question and reads it. */
  next(): Promise<AskedPrompt>;
  /** The next question, checked against `expected` (its message), answered yes. */
  confirm(expected?: string | RegExp): Promise<AskedPrompt>;
  /** The next question, checked against `expected` (its message), answered no. */
  decline(expected?: string | RegExp): Promise<AskedPrompt>;
}

/** Presses a button of the question's window; the window closes once main has the answer. */
async function press(page: Page, name: string): Promise<void> {
  const closed = page.waitForEvent('close');
  // The click may be cut short by the very close it causes: the close is what proves it worked.
  await page
    .getByRole('button', { name, exact: true })
    .click()
    .catch((error: unknown) => {
      if (!page.isClosed()) throw error;
    });
  await closed;
}

async function read(page: Page, buttons: { confirm: string; cancel: string }): Promise<AskedPrompt> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  return {
    title: (await dialog.getByRole('heading').textContent())?.trim() ?? '',
    message: (await page.locator('#message').textContent())?.trim() ?? '',
    detail: (await dialog.getByRole('list', { name: 'Details' }).getByRole('listitem').allTextContents()).map((t) =>
      t.trim(),
    ),
    confirm: () => press(page, buttons.confirm),
    decline: () => press(page, buttons.cancel),
  };
}

/**
 * The e2e harness's hands on main's questions: each is the Chromium host's real prompt window
 * (its own page, which the app's page cannot reach), read and answered there as a person would,
 * by its buttons. A test that expects no question simply answers none: the question stays open
 * and main gives up on it (no).
 */
export function promptsOf(host: HostPrompt, waitMs = 30_000): Prompts {
  const next = async (): Promise<AskedPrompt> => {
    for (;;) {
      // As long as an expect waits for a state: a flow that should have asked and did not fails here, saying so.
      const shown = await host.shown(AbortSignal.timeout(waitMs)).catch((error: unknown) => {
        throw new Error(`main asked no question within ${waitMs / 1_000} s`, { cause: error });
      });
      // One that main already gave up on (its window is gone) is not the one the test waits for.
      if (shown.page.isClosed()) continue;
      return read(shown.page, shown.question);
    }
  };
  const answer = async (yes: boolean, expected?: string | RegExp) => {
    const asked = await next();
    if (expected !== undefined) expect(asked.message).toMatch(expected);
    await (yes ? asked.confirm() : asked.decline());
    return asked;
  };
  return { next, confirm: (e) => answer(true, e), decline: (e) => answer(false, e) };
}
