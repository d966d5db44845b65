import { test, expect } from './fixtures';
import { draftTransfer, openSection, syncedDemo } from './harness/flows';
import { twoAccounts } from './harness/accounts';

// Several transfers from one account in flight at once (outbox/sender/send-window.ts): only while
// its cached balance covers them all, and a reload with all of them in flight resends each with
// its own key, so each moves money once.

const AMOUNTS = ['12.01', '12.02', '12.03'];

test('three transfers from one covered account go at once; reloaded with all three in flight, each is resent with its key and moves money once', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to } = twoAccounts(sandbox);
  for (const amount of AMOUNTS) await draftTransfer(page, from, to, amount);
  await openSection(page, 'Transfers');
  // The service is slow, so the three are still unanswered when the page goes away.
  await sandbox.setFaults({ latencyMs: 3_000 });
  const before = sandbox.requests.lastSeq;
  await page.getByRole('button', { name: /^Approve all 3/ }).click();
  const ask = page.getByRole('dialog', { name: 'Approve 3 items?' });
  await expect(ask).toContainText('3 items totalling $36.06');
  await ask.getByRole('button', { name: 'Approve 3 items' }).click();
  const sending = page.getByRole('region', { name: 'Sending' });
  for (const amount of AMOUNTS) await expect(sending).toContainText(`Transfer $${amount}`);
  // All three reached the service before any was answered: they went together, not in turn.
  await expect
    .poll(
      () =>
        new Set(
          sandbox.requests
            .all({ after: before })
            .filter((r) => r.method === 'POST')
            .map((r) => r.idempotencyKey),
        ).size,
    )
    .toBe(3);
  expect(sandbox.world.ledger.filter((e) => [1_201, 1_202, 1_203].includes(e.amountCents))).toHaveLength(0);
  await page.reload();
  await sandbox.resetFaults();
  await openSection(page, 'Approvals');
  const sent = page.getByRole('region', { name: 'Sent' });
  for (const amount of AMOUNTS) await expect(sent).toContainText(`Transfer $${amount}`);
  // Each key was sent again after the reload, and each moved money exactly once.
  const posts = sandbox.requests.all({ after: before }).filter((r) => r.method === 'POST');
  const keys = new Set(posts.map((r) => r.idempotencyKey));
  expect(keys.size).toBe(3);
  for (const key of keys) expect(posts.filter((r) => r.idempotencyKey === key).length).toBeGreaterThanOrEqual(2);
  for (const cents of [1_201, 1_202, 1_203])
    expect(sandbox.world.ledger.filter((e) => e.amountCents === cents)).toHaveLength(1);
});
