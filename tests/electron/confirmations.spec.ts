/// <reference lib="dom" />
import { readdir } from 'node:fs/promises';
import { expect, test, type ElectronApplication, type Locator, type Page } from '@playwright/test';
import { freshUserData, launch } from './launch';
import { answerBoxes as answerAll, recorded } from './native-ui';
import { cardDetail, cardList } from '../e2e/harness/cards';
import { openSection } from '../e2e/harness/flows';

// Issue 23 in the real app: main's confirmation is a native message box on the window (stubbed
// here in main, as Playwright's Electron tests do, since a native box cannot be clicked), a
// copied card number carries the OS's "concealed" formats, and an export's save dialog is the
// person's own choice of file (main asks nothing more); a window the person cannot see asks
// nobody.

let app: ElectronApplication;
let page: Page;
let downloads: string;

test.beforeAll(async () => {
  downloads = freshUserData('downloads');
  ({ app, page } = await launch(freshUserData('confirm')));
});

test.afterAll(async () => {
  await app?.close();
});

const answerBoxes = (response: number) => answerAll(app, response);
const asked = async () => (await recorded(app)).asked;

/**
 * Opens the card in row `row` of the Cards list (1: the first card) and returns its number-and-code
 * part. By its row, not its name (tests/e2e/harness/cards.ts's openCard): here the Demo's sandbox
 * runs inside the app, so the test does not know its cards' names.
 */
async function openCardInRow(row = 1): Promise<Locator> {
  await openSection(page, 'Cards');
  await cardList(page).getByRole('row').nth(row).click();
  return cardDetail(page).getByRole('region', { name: 'Card number and code' });
}

test('a reveal asks in a native box on the window first: "no" is the default and reveals nothing; "Reveal" shows the number', async () => {
  await page.getByRole('button', { name: 'Try the Demo' }).click();
  await expect(page.getByRole('status')).toHaveText('Online');
  const secrets = await openCardInRow();

  await answerBoxes(0);
  await secrets.getByRole('button', { name: 'Reveal number and code' }).click();
  await expect(secrets.getByRole('alert')).toHaveText(
    'The card was not revealed: you chose not to in the confirmation.',
  );
  const [box] = await asked();
  expect(box).toMatchObject({ buttons: ['Do not reveal', 'Reveal'], defaultId: 0, cancelId: 0, onWindow: true });
  expect(box?.message).toMatch(/^Show the number and security code of “.+” •••• \d{4}\?$/);
  expect(box?.detail).toMatch(/^Card: .+\nShows: the number and security code, for 30 seconds\nProfile: Demo/);

  await answerBoxes(1);
  await secrets.getByRole('button', { name: 'Reveal number and code' }).click();
  await expect(secrets.getByRole('timer')).toBeVisible();

  // Copied through main with the concealed formats of this OS, in the same write as the text.
  await secrets.getByRole('button', { name: 'Copy number' }).click();
  await expect(secrets.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  const formats = await app.evaluate(async ({ clipboard }, platform) => {
    const names =
      platform === 'darwin'
        ? ['org.nspasteboard.ConcealedType']
        : platform === 'win32'
          ? [
              'ExcludeClipboardContentFromMonitorProcessing',
              'CanIncludeInClipboardHistory',
              'CanUploadToCloudClipboard',
            ]
          : ['x-kde-passwordManagerHint'];
    const present: Record<string, boolean> = {};
    for (const n of names) present[n] = await clipboard.has(`electron application/osclipboard;format="${n}"`);
    return { present, text: (await clipboard.readText()).replace(/\d/g, '9') };
  }, process.platform);
  expect(Object.values(formats.present).every(Boolean), JSON.stringify(formats.present)).toBe(true);
  expect(formats.text).toMatch(/^9{12,19}$/);
});

test('an export saves where the native save dialog says, with no other question', async () => {
  const before = (await asked()).length;
  await app.evaluate(({ dialog }, dir) => {
    dialog.showSaveDialog = ((..._args: unknown[]) =>
      Promise.resolve({ canceled: false, filePath: `${dir}/chosen.csv` })) as typeof dialog.showSaveDialog;
  }, downloads);
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Transactions/ })
    .click();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText(/^Saved \d+ transactions to /)).toBeVisible();
  expect(await readdir(downloads)).toEqual(['chosen.csv']);
  expect(await asked()).toHaveLength(before);
});

test('a reveal from a window the person cannot see (sent to the tray) asks nobody and is refused', async () => {
  await answerBoxes(1); // A box, were one shown, would say yes.
  const before = (await asked()).length;
  const secrets = await openCardInRow(2);
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.hide());
  try {
    // A DOM click: the hidden window is not on screen to click into.
    await secrets.getByRole('button', { name: 'Reveal number and code' }).dispatchEvent('click');
    await expect(secrets.getByRole('alert')).toHaveText(
      'The card was not revealed: you chose not to in the confirmation.',
    );
    await expect(secrets.getByRole('timer')).toHaveCount(0);
    expect(await asked()).toHaveLength(before);
  } finally {
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.show());
  }
});
