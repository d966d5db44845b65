import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { newItemForm, openSection, startDemo, syncedDemo } from './harness/flows';
import { teamTest as test } from './harness/team';
import { createTeam, holdTheKey, mainOf, profileIdOf, serviceOfUrl, signOne } from './harness/team-forgery';

/**
 * A compromised page: script running in the app's own window calls window.treasury directly,
 * the way a page taken over by an injected script would, to move money main's policy did not
 * approve. Main is the money gate: every attempt is refused in main, or stops at main's own
 * prompt (which the person answers no), and the sandbox's ledger shows nothing moved.
 */

/** What the page gets back from main, read in the page itself: 'ok', or the refusal's code and reason. */
type Answer = { ok: true } | { ok: false; code: string; message: string; reason?: string };

/** Runs `call` in the page against window.treasury, as injected script would; the answer as the page sees it. */
function fromThePage(page: Page, call: string, arg: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ call: path, arg: a }) => {
      const [group, verb] = path.split('.') as [string, string];
      const api = (
        window as unknown as {
          treasury: Record<
            string,
            Record<
              string,
              (
                x: unknown,
              ) => Promise<{ ok: boolean; error?: { code: string; message: string; money?: { reason: string } } }>
            >
          >;
        }
      ).treasury;
      const fn = api[group]?.[verb];
      if (!fn) return { ok: false as const, code: 'missing', message: `no ${path} on window.treasury` };
      const r = await fn(a);
      return r.ok
        ? { ok: true as const }
        : {
            ok: false as const,
            code: r.error?.code ?? '',
            message: r.error?.message ?? '',
            ...(r.error?.money ? { reason: r.error.money.reason } : {}),
          };
    },
    { call, arg },
  );
}

test('a page that rewinds a paid payment in IndexedDB cannot pay it twice: main’s send journal refuses it, and it is found paid or left to a person', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const payee =
    [...sandbox.world.svcHandles.values()].find((h) => h.id !== sandbox.world.ownSvcHandleId)?.svcHandle ?? 'x';
  const paid = () => sandbox.world.ledger.filter((e) => e.kind === 'payment' && e.amountCents === 4_321);

  await openSection(page, 'Payments');
  const form = await newItemForm(page, 'New payment');
  await form.getByLabel('Pay to (payee handle)').fill(payee);
  await form.getByLabel('Amount (USD)').fill('43.21');
  await form.getByRole('button', { name: 'Queue payment' }).click();
  await page.getByRole('button', { name: /^Approve: Payment \$43\.21/ }).click();
  await expect(page.getByRole('region', { name: 'Sent' })).toContainText('Payment $43.21');
  expect(paid()).toHaveLength(1);

  // The page puts the sent row back in the queue as approved, as if the payment had never gone.
  const key = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('treasury-outbox:demo');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(['rows', 'archive'], 'readwrite');
    const all = await new Promise<Record<string, unknown>[]>((resolve) => {
      const r = tx.objectStore('archive').getAll();
      r.onsuccess = () => resolve(r.result as Record<string, unknown>[]);
    });
    const row = all.find((r) => r['kind'] === 'payment' && r['amountCents'] === 4_321);
    if (!row) throw new Error('the sent payment is not in the archive');
    tx.objectStore('archive').delete(row['id'] as string);
    tx.objectStore('rows').put({
      ...row,
      state: 'approved',
      result: undefined,
      attempts: [],
      firstAttemptAt: undefined,
      nextAttemptAt: undefined,
      lastError: undefined,
    });
    await new Promise<void>((resolve) => (tx.oncomplete = () => resolve()));
    db.close();
    return row['idempotencyKey'] as string;
  });
  await page.reload();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await openSection(page, 'Payments');
  // The sender tried; main refused before anything left, and the row went to Needs review with main's reason.
  // From there the outbox looks for the payment in the service's transactions: found (the resend came within
  // the match's few seconds of slack), it is marked sent; not found, it waits for a person. Either ending
  // means the sender tried and main refused; the service saw the key once and paid once.
  const review = page.getByRole('region', { name: 'Needs review' });
  const sent = page.getByRole('region', { name: 'Sent' });
  await expect(
    review
      .getByText('Not sent again: main sent this payment on')
      .or(sent.getByRole('listitem', { name: /^Payment \$43\.21/ }).filter({ hasText: 'found in the transactions' })),
  ).toBeVisible();
  expect(paid()).toHaveLength(1);
  expect(sandbox.requests.all({ path: '/pay', method: 'POST' }).filter((r) => r.idempotencyKey === key)).toHaveLength(
    1,
  );
});

let sandbox: Sandbox;
test.describe('a page on a desktop whose service a team workspace covers', () => {
  test.beforeAll(async () => {
    sandbox = await startSandbox({ seed: 41, transactions: 20, startAt: PINNED_NOON });
  });
  test.afterAll(async () => {
    await sandbox.close();
  });

  test('moves no money: a direct service call, a solo send, a draft, an approval, a cancellation and leaving are each refused or asked in main’s own window', async ({
    app,
    pg,
    desktop,
  }) => {
    test.slow();
    const service = serviceOfUrl(sandbox.apiUrl);
    const world = sandbox.world;
    const source = world.primaryVirtualAccountId;
    const destination =
      [...world.virtualAccounts.values()].find((v) => v.id !== source && v.closedAt === null)?.id ?? 'missing';
    const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId)?.svcHandle ?? 'x';
    const moved = () => world.ledger.filter((e) => [6_101, 6_102, 6_103, 6_104, 6_105].includes(e.amountCents));

    // Ada (admin, `app`, the compromised page) and Bo (approver): both hold the sandbox's key.
    const bo = await desktop();
    for (const d of [app, bo]) {
      await d.open();
      await startDemo(d.page);
      await holdTheKey(d, sandbox);
    }
    const team = await createTeam(pg, mainOf(app), 'ws_page');
    const { workspaceId } = team;
    const boMember = await team.add(mainOf(bo), 'Bo Approver', 'approver', 2);
    await team.admin.main.call('workspace:setPolicy', { workspaceId, service, defaultApprovals: 1, rules: [] }, 1);
    const profileId = await profileIdOf(team.admin.main, 'Acme');
    const su = await pg.connectAsSuperuser(team.database);
    try {
      // 1. The generic service call never carries a transfer or a payment.
      for (const [endpoint, body] of [
        ['transferBetweenVirtualAccounts', { source, destination, amountCents: 6_101 }],
        ['pay', { svcHandle: payee, amountCents: 6_102 }],
      ] as const) {
        const r = await fromThePage(app.page, 'service.call', {
          profileId,
          requestId: randomUUID(),
          endpoint,
          body,
          idempotencyKey: randomUUID(),
        });
        expect(r).toMatchObject({ ok: false, code: 'money-refused', reason: 'not-through-main' });
      }

      // 2. A solo row of the covered profile, "approved" by the page alone: main sends team rows only.
      const solo = await fromThePage(app.page, 'outbox.send', {
        profileId,
        rowId: randomUUID(),
        kind: 'transfer',
        payload: { source, destination, amountCents: 6_103 },
        idempotencyKey: randomUUID(),
      });
      expect(solo).toMatchObject({ ok: false, code: 'money-refused', reason: 'covered' });
      expect(solo.ok ? '' : solo.message).toBe(
        'Not sent: Acme Treasury approves this profile’s transfers and payments now, and sends them once its policy is met. A row approved on this desktop alone is not sent; draft it again to queue it there.',
      );

      // 3. A draft signed with Ada's key: main lists it in its own window, and the person says no.
      const signing = fromThePage(app.page, 'workspace.signDrafts', {
        profileId,
        drafts: [
          {
            rowId: randomUUID(),
            kind: 'transfer',
            payload: { source, destination, amountCents: 6_104 },
            idempotencyKey: randomUUID(),
          },
        ],
      });
      const shown = await app.prompts.next();
      expect(shown.message).toBe('Sign this transfer of $61.04 as a draft for Acme Treasury?');
      expect(shown.detail).toContain(`Transfer $61.04 from ${source} to ${destination}`);
      await shown.decline();
      expect(await signing).toMatchObject({ ok: false, code: 'declined' });

      // 4. An approval of Bo's genuine draft with Ada's key, asked by the page: the person says no.
      const boProfile = await profileIdOf(boMember.main, 'Acme');
      const draft = await signOne(boMember.main, boProfile, 'payment', { svcHandle: payee, amountCents: 6_105 }, 1);
      await boMember.main.call('workspace:push', {
        workspaceId,
        drafts: [{ text: draft.text, signature: draft.signature, payload: draft.payload }],
        decisions: [],
      });
      const approving = fromThePage(app.page, 'workspace.decide', {
        workspaceId,
        drafts: [{ text: draft.text, signature: draft.signature, payload: draft.payload }],
        decision: 'approve',
      });
      const asked = await app.prompts.next();
      expect(asked.message).toBe('Approve this payment of $61.05?');
      await asked.decline();
      expect(await approving).toMatchObject({ ok: false, code: 'declined' });

      // 5. Leaving, to approve alone: main says what becomes of the open rows, and the person stays.
      const leaving = fromThePage(app.page, 'workspace.leave', { workspaceId });
      const leave = await app.prompts.next();
      expect(leave.message).toBe('Leave Acme Treasury on this desktop?');
      expect(leave.detail[0]).toBe(
        'Its 1 open row stays in the workspace for the team to approve and send; this desktop no longer approves or sends it.',
      );
      await leave.decline();
      expect(await leaving).toMatchObject({ ok: false, code: 'declined' });
      const again = await fromThePage(app.page, 'outbox.send', {
        profileId,
        rowId: randomUUID(),
        kind: 'transfer',
        payload: { source, destination, amountCents: 6_103 },
        idempotencyKey: randomUUID(),
      });
      expect(again).toMatchObject({ ok: false, code: 'money-refused', reason: 'covered' });

      // 6. Withdrawing Bo's row with Ada's admin key, asked by the page: main lists it, and the person says no.
      const canceling = fromThePage(app.page, 'workspace.cancel', { workspaceId, rowId: draft.rowId });
      const cancel = await app.prompts.next();
      expect(cancel.message).toBe('Cancel this payment of $61.05? It is never sent, by any desktop.');
      expect(cancel.detail).toContain(
        `Payment $61.05 to @${payee} from the drafter’s own account ${world.ownSvcHandleId}, drafted by Bo Approver`,
      );
      await cancel.decline();
      expect(await canceling).toMatchObject({ ok: false, code: 'declined' });
      expect((await su.query("SELECT 1 FROM team.row_event WHERE event = 'cancel'")).rowCount).toBe(0);

      // Nothing moved, and nothing the page asked for is in the workspace.
      expect(moved()).toEqual([]);
      expect((await su.query('SELECT 1 FROM team.decision')).rowCount).toBe(0);
      expect(
        (await su.query<{ amount_cents: string }>('SELECT amount_cents FROM team.queue_row')).rows.map((r) =>
          Number(r.amount_cents),
        ),
      ).toEqual([6_105]);
    } finally {
      await su.end();
    }
  });
});
