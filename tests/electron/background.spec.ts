/// <reference lib="dom" />
import { expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { draftTransfer, newItemForm, openSection, startDemo, synced } from '../e2e/harness/flows';
import { freshUserData, launch } from './launch';
import { answerBoxes, clickTrayItem, closeWhenHeld, isVisible, recorded, watchTray } from './native-ui';

// Closing the last window while an approved transfer is unsent, in the real app: main asks in a
// native box; "Keep sending in the background" hides the window behind a tray icon, the renderer
// keeps sending, and the app quits once everything is sent; "Quit now" quits and the transfer
// waits, approved, for the next start. The sender is paused while the transfer is approved so
// that it is still unsent when the window closes, and resumed when the test wants it sent.

test.slow();

const KEEP_SENDING = 0;
const QUIT_NOW = 1;
const QUESTION = {
  message: '1 approved item is still waiting to be sent.',
  buttons: ['Keep sending in the background', 'Quit now', 'Cancel'],
  defaultId: 0,
  cancelId: 2,
  onWindow: true,
};

/** Two open accounts of the Demo, as the transfer form offers them. */
async function accountsTheFormOffers(page: Page): Promise<[string, string]> {
  await openSection(page, 'Transfers');
  const values = await (
    await newItemForm(page, 'New transfer')
  )
    .getByLabel('From')
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''));
  if (values.length < 2) throw new Error(`the Demo offers ${values.length} accounts to transfer from, not two`);
  return [values[0] as string, values[1] as string];
}

/** The Demo, synced, with one approved $12.34 transfer held back by the paused sender. */
async function approvedAndUnsent(page: Page): Promise<void> {
  await startDemo(page);
  await synced(page);
  const [from, to] = await accountsTheFormOffers(page);
  await openSection(page, 'Approvals');
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await draftTransfer(page, from, to, '12.34');
  await openSection(page, 'Transfers');
  await page.getByRole('button', { name: /^Approve: Transfer \$12\.34/ }).click();
  await expect(page.getByRole('region', { name: 'Approved, to send' })).toContainText('Transfer $12.34');
}

/** A first start on `userData`, the transfer approved and unsent, and the window closed with "Keep sending in the background". */
async function closedToTheTray(userData: string): Promise<{ app: ElectronApplication; page: Page }> {
  const { app, page } = await launch(userData);
  await approvedAndUnsent(page);
  await answerBoxes(app, KEEP_SENDING);
  await watchTray(app);
  await closeWhenHeld(app);
  return { app, page };
}

test('"Keep sending in the background": the window hides behind a tray icon, the transfer goes out, and the app quits by itself', async () => {
  const userData = freshUserData('background');
  const { app, page } = await closedToTheTray(userData);
  await expect.poll(async () => (await recorded(app)).asked).toEqual([expect.objectContaining(QUESTION)]);
  await expect.poll(() => isVisible(app)).toBe(false);
  await expect.poll(async () => (await recorded(app)).tooltips.at(-1)).toBe('Treasury Desktop: 1 waiting to send');
  expect((await recorded(app)).menus.at(-1)).toEqual([
    { label: '1 waiting to send', enabled: false },
    { label: 'Open Treasury Desktop', enabled: true },
    { label: 'Quit (unsent items stay queued)', enabled: true },
  ]);

  // The hidden page keeps running: resumed there (a DOM click: the window is not on screen to
  // click into), the sender sends, the count reaches 0, and main quits the app.
  const closed = app.waitForEvent('close', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Resume sending' }).dispatchEvent('click');
  await closed;

  // It went out before the app quit: the next start shows it sent.
  const again = await launch(userData);
  try {
    await openSection(again.page, 'Approvals');
    await expect(again.page.getByRole('region', { name: 'Sent' })).toContainText('Transfer $12.34');
    await expect(again.page.getByRole('region', { name: 'Approved, to send' })).toHaveCount(0);
  } finally {
    await again.app.close();
  }
});

test('the tray\'s "Open Treasury Desktop" brings the window back; "Quit now" quits, and the transfer is sent at the next start', async () => {
  const userData = freshUserData('quit-now');
  const { app } = await closedToTheTray(userData);
  await expect.poll(() => isVisible(app)).toBe(false);

  await clickTrayItem(app, 'Open Treasury Desktop');
  await expect.poll(() => isVisible(app)).toBe(true);
  await expect.poll(async () => (await recorded(app)).traysRemoved).toBe(1);

  await answerBoxes(app, QUIT_NOW);
  const closed = app.waitForEvent('close', { timeout: 60_000 });
  await closeWhenHeld(app);
  // Held, asked again, answered "Quit now": the app quits with the transfer unsent.
  await closed;

  // Nothing was lost: approved and queued, it is sent once the app runs again (not paused now).
  const again = await launch(userData);
  try {
    await openSection(again.page, 'Approvals');
    await expect(again.page.getByRole('region', { name: 'Sent' })).toContainText('Transfer $12.34', {
      timeout: 90_000,
    });
  } finally {
    await again.app.close();
  }
});
