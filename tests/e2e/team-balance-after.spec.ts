import { expect } from './fixtures';
import { openAccount, twoAccounts } from './harness/accounts';
import { PINNED_NOON } from './harness/clock';
import { afterTheQueue, httpBalance } from './harness/dashboard';
import { newItemForm, openSection, synced } from './harness/flows';
import { teamSandbox, teamTest as test } from './harness/team';
import { boundToTeam, createTeam, keyHolders, mainOf, serviceOfUrl, signOne } from './harness/team-forgery';
import { escapeRegExp as escape, usd } from './harness/text';

/**
 * A transfer drafted on another desktop of the team workspace counts in the one balance after:
 * the new-transfer panel, the Approvals inbox, the Dashboard's "After the queue" and the
 * account's detail all take it off the source's balance. The expected figures are worked out
 * here: the source's balance as the sandbox answers it over HTTP, less the drafted amount (and,
 * on the panel, the amount typed there), written in dollars by Intl (harness/text.ts usd).
 */

const sandboxOf = teamSandbox({ seed: 47, transactions: 20, startAt: PINNED_NOON });
const DRAFTED = 1_234_500;
const TYPED = 100;

test('a row drafted by another desktop lowers the balance after on the panel, the inbox, the Dashboard and the account', async ({
  app,
  pg,
  desktop,
}) => {
  test.slow();
  const sandbox = sandboxOf();
  const { from: source, to: destination, fromName: sourceName } = twoAccounts(sandbox);

  // Ada (admin, `app`) and Bo (drafter) hold the sandbox's key; one approval is needed and nobody gives it.
  const bo = await desktop();
  await keyHolders([app, bo], sandbox);
  const team = await createTeam(pg, mainOf(app), 'ws_balance');
  const boMember = await team.add(mainOf(bo), 'Bo Drafter', 'drafter', 2);
  await team.admin.main.call(
    'workspace:setPolicy',
    { workspaceId: team.workspaceId, service: serviceOfUrl(sandbox.apiUrl), defaultApprovals: 1, rules: [] },
    1,
  );
  const [, boProfile = ''] = await boundToTeam([team.admin, boMember]);

  // Ada's cache holds the balances before anything is drafted; nothing moves in this test.
  const { page } = app;
  await synced(page);
  const start = await httpBalance(sandbox, source);
  const ledger = sandbox.world.ledger.length;

  // Bo drafts on his desktop: the row reaches the workspace, not Ada's own queue.
  const draft = await signOne(boMember.main, boProfile, 'transfer', { source, destination, amountCents: DRAFTED }, 1);
  await boMember.main.call('workspace:push', {
    workspaceId: team.workspaceId,
    drafts: [{ text: draft.text, signature: draft.signature, payload: draft.payload }],
    decisions: [],
  });
  const after = start - DRAFTED;

  // The Dashboard: what the queue (the workspace's row) leaves in the source.
  await openSection(page, 'Dashboard');
  await expect(await afterTheQueue(page, sourceName)).toHaveText(usd(after));

  // The new-transfer panel: Bo's row is ahead of what is typed.
  await openSection(page, 'Transfers');
  const form = await newItemForm(page, 'New transfer');
  await form.getByLabel('From').selectOption(source);
  await form.getByLabel('Amount (USD)').fill('1.00');
  await expect(form.getByTestId('balance-after')).toHaveText(usd(after - TYPED));
  await expect(form.getByTestId('balance-after-ahead')).toHaveText(
    new RegExp(`^ \\(after 1 item ahead of it, ${escape(usd(DRAFTED))}`),
  );
  await page.keyboard.press('Escape');

  // The inbox: Bo's row itself, nothing ahead of it.
  await openSection(page, 'Approvals');
  const item = page
    .getByRole('list', { name: 'Waiting for approval' })
    .getByRole('listitem', { name: new RegExp(`^Transfer ${escape(usd(DRAFTED))} to `) });
  await expect(item.getByTestId('inbox-balance-after')).toHaveText(`${usd(after)} (nothing ahead of it)`);

  // The account's detail: the same figure as the Dashboard.
  await openSection(page, 'Accounts');
  const detail = await openAccount(page, sourceName);
  await expect(detail.getByTestId('account-balance-after')).toHaveText(new RegExp(`^${escape(usd(after))} after 1 `));
  expect(sandbox.world.ledger.length).toBe(ledger);
});
