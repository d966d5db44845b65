import type { LoggedRequest } from '../../src/sandbox';
import type { Handlers } from '../../src/shared/ipc';
import { test, expect } from './fixtures';
import { draftTransfer, openSection, syncedDemo } from './harness/flows';

// The reload window: the service answers a transfer 429 with Retry-After, main has that answer,
// and the page reloads before the renderer records it. The reloaded outbox finds the row in
// `sending` and resends it with the same key at once; main, which outlives the page, must keep
// it until the Retry-After runs out. Judged from the sandbox's own request log (its clock) and
// ledger, not from what the app says it did.

const RETRY_AFTER_S = 20;
const TRANSFER_PATH = '/transfer/virtual-account';

test('a 429 whose answer is lost to a reload: the key is not sent again before its Retry-After runs out, and the transfer moves money once', async ({
  app,
}) => {
  test.slow();
  const { page, core } = app;
  const sandbox = await syncedDemo(app);
  const world = sandbox.world;
  const to = [...world.virtualAccounts.values()].find(
    (v) => v.id !== world.primaryVirtualAccountId && v.closedAt === null,
  );
  if (!to) throw new Error('the seed has no second open virtual account');

  // Main's answer to the first send of a transfer is held back in the bridge until the page has
  // reloaded: main has it (and the sandbox has answered), the page that asked never hears it.
  // The handler table is read-only to the app; this test stands in the bridge's place for one call.
  const handlers = core.handlers as { -readonly [C in keyof Handlers]: Handlers[C] };
  const send = handlers['outbox:send'];
  let heard = (): void => undefined;
  const answered = new Promise<void>((resolve) => (heard = resolve));
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  handlers['outbox:send'] = async (arg) => {
    if (!first || arg.kind !== 'transfer') return send(arg);
    first = false;
    try {
      return await send(arg);
    } finally {
      heard();
      await released;
    }
  };

  await draftTransfer(page, world.primaryVirtualAccountId, to.id, '88.02');
  await openSection(page, 'Transfers');
  const mark = sandbox.requests.lastSeq;
  await sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: RETRY_AFTER_S });
  await page.getByRole('button', { name: /^Approve: Transfer \$88\.02/ }).click();
  await answered;
  await sandbox.resetFaults();
  const sends = (): LoggedRequest[] => sandbox.requests.all({ path: TRANSFER_PATH, method: 'POST', after: mark });
  const told = sends()[0];
  expect(told).toMatchObject({ status: 429, retryAfterMs: RETRY_AFTER_S * 1000 });
  const key = told?.idempotencyKey as string;
  const until = (told?.answeredAtMs as number) + RETRY_AFTER_S * 1000;

  await page.reload();
  release();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await openSection(page, 'Approvals');

  // It goes once the wait is over, with the same key, and is carried out once.
  const sent = page.getByRole('region', { name: 'Sent' });
  await expect(sent).toContainText('Transfer $88.02', { timeout: 90_000 });
  const withKey = sends().filter((r) => r.idempotencyKey === key);
  const early = withKey.slice(1).filter((r) => r.atMs < until);
  expect(early, `requests with the key before its Retry-After ran out (${until} on the sandbox clock)`).toEqual([]);
  expect(withKey.map((r) => r.status)).toEqual([429, 200]);
  expect(world.ledger.filter((e) => e.idempotencyKey === key)).toHaveLength(1);
  expect(sends().filter((r) => r.idempotencyKey !== key)).toEqual([]);

  // The window was really met: the reloaded outbox resent the row at once, and main refused it unsent.
  await sent.getByText(/^History/).click();
  await expect(sent).toContainText('interrupted; will resend with the same key');
  await expect(sent).toContainText('not sent: the service asked to wait');
});
