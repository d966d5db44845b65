import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { virtualAccountView } from '../../src/sandbox/accounts/views';
import { startTcpGate, type TcpGate } from '../support/tcp-gate';
import { expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { draftTransfer, newItemForm, openSection, saveLiveProfile, synced } from './harness/flows';
import type { Prompts } from './harness/prompts';
import { sha256, statement } from '../support/team-fixtures';
import {
  addLogin,
  createWorkspace,
  fingerprintOfKey,
  joinWorkspace,
  registerMember,
  signFirstPolicy,
  statementBody,
  teamTest as test,
  workspacePanel,
} from './harness/team';
import { serviceOfUrl } from './harness/team-forgery';
import { dollars, escapeRegExp as escape } from './harness/text';

/**
 * Issue 24's proof with three desktops (separate data folders, keychains and members) on one
 * sandbox and one real PostgreSQL workspace: the treasurer makes the workspace, a controller
 * (approver) and a clerk (drafter) join, and a signed policy asks two approvers from $1,000. The
 * clerk drafts while their desktop cannot reach the workspace (a relay in front of PostgreSQL,
 * shut), and the draft reaches the others once it opens again. The controller approves, the
 * inbox asks for one more, the treasurer approves: the row is sent once (the sandbox's ledger)
 * and shows as sent on all three desktops, the clerk's own copy included. The clerk can never
 * approve it: no action on their inbox, and main refuses the call made straight from their page.
 * Then the clerk withdraws a second draft from the queue, after the app's own confirmation.
 * Expected amounts, names and keys are read here from the sandbox and the database.
 */

test.use({ session: { now: PINNED_NOON } });

let sandbox: Sandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, transactions: 50, startAt: PINNED_NOON });
});
test.afterAll(async () => {
  await sandbox.close();
});

interface Person {
  page: Page;
  prompts: Prompts;
}

/** A desktop on a live profile for the test's sandbox, its first sync done (the pickers and the inbox read the cache). */
async function onLiveProfile(person: Person): Promise<void> {
  await person.page.getByRole('button', { name: 'Connect a live account' }).click();
  await saveLiveProfile(person, {
    name: 'Acme live',
    baseUrl: sandbox.apiUrl,
    vaultUrl: sandbox.vaultUrl,
    apiKey: sandbox.apiKey,
  });
  await expect(person.page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await synced(person.page);
}

async function inbox(page: Page): Promise<Locator> {
  await openSection(page, 'Approvals');
  return page.getByRole('region', { name: /^Waiting for approval/ });
}

test('a clerk drafts offline; reconnected, the draft reaches the controller; two approvers sign; it is sent once and shows as sent on all three desktops; the clerk can neither approve it nor have main sign for it; a draft withdrawn from the queue', async ({
  app,
  pg,
  desktop,
}) => {
  test.slow();
  const world = sandbox.world;
  const open = [...world.virtualAccounts.values()].filter((v) => v.closedAt === null);
  const richest = open
    .map((v) => ({ v, cents: virtualAccountView(world, v).balance.amountCents }))
    .sort((a, b) => b.cents - a.cents)[0];
  const to = open.find((v) => v.id !== richest?.v.id);
  if (!richest || !to) throw new Error('the seed has no two open virtual accounts');
  const amountCents = 1_500_00;
  expect(richest.cents).toBeGreaterThanOrEqual(amountCents);
  const from = richest.v;
  const title = new RegExp(`^Transfer ${escape(dollars(amountCents))} to ${escape(to.name)}`);
  // The queue names the source too.
  const queued = (cents: number) => new RegExp(`^Transfer ${escape(dollars(cents))} from .+ to ${escape(to.name)}`);
  const SERVICE = serviceOfUrl(sandbox.apiUrl);

  const db = await pg.createWorkspaceDatabase('ws_three');
  const su = await pg.connectAsSuperuser(db.database);
  const direct = { host: pg.host, port: pg.port, database: db.database };
  // The clerk's desktop reaches PostgreSQL only through this relay: shut, the workspace is out of
  // reach for that desktop alone (the sandbox and the other desktops are not touched).
  let gate: TcpGate | null = null;
  try {
    gate = await startTcpGate({ host: pg.host, port: pg.port });

    // The treasurer makes the workspace and two logins.
    const treasurer: Person = app;
    await app.open();
    await onLiveProfile(treasurer);
    await createWorkspace(
      treasurer,
      direct,
      { user: db.user, password: db.password },
      { workspace: 'Acme Treasury', me: 'Tess Treasurer' },
    );
    const rootKey =
      (await su.query<{ root_key: string }>('SELECT root_key FROM team.workspace')).rows[0]?.root_key ?? '';
    const adminFingerprint = fingerprintOfKey(rootKey);
    const workspaceId = (await su.query<{ id: string }>('SELECT id FROM team.workspace')).rows[0]?.id ?? '';
    const controllerLogin = await addLogin(treasurer);
    const clerkLogin = await addLogin(treasurer);

    const controller = await desktop();
    await controller.open();
    await onLiveProfile(controller);
    await joinWorkspace(controller, direct, controllerLogin, 'Carl Controller', adminFingerprint);

    const clerk = await desktop();
    await clerk.open();
    await onLiveProfile(clerk);
    await joinWorkspace(clerk, { ...direct, port: gate.port }, clerkLogin, 'Clara Clerk', adminFingerprint);

    await registerMember(treasurer, controller, 'Carl Controller', 'approver');
    await registerMember(treasurer, clerk, 'Clara Clerk', 'drafter');

    // The policy: two approvers from $1,000.00, one below.
    const policies = (await workspacePanel(app.page)).getByRole('region', { name: 'Approval policies' });
    // The live profile's service is the one offered first, named as the rows name it.
    await expect(policies.getByRole('form', { name: `Approval policy for ${SERVICE}` })).toBeVisible();
    await signFirstPolicy(app, policies, SERVICE, { fromUsd: '1,000', approvers: 2 });
    // The clerk's desktop has verified it before it goes out of reach.
    const clerkPanel = await workspacePanel(clerk.page);
    await expect(
      clerkPanel.getByRole('region', { name: 'Approval policies' }).getByText('$1,000.00 or more: 2 approvers'),
    ).toBeVisible();

    // The clerk's desktop loses the workspace, and drafts.
    await gate.shut();
    await expect(clerkPanel.getByTestId('workspace-connectivity')).not.toHaveText('Connected', { timeout: 30_000 });
    await draftTransfer(clerk.page, from.id, to.id, '1,500.00');
    // Main signs the draft with the clerk's key (offline too) once its own window listed it.
    const signing = await clerk.prompts.next();
    expect(signing.message).toBe(`Sign this transfer of ${dollars(amountCents)} as a draft for Acme Treasury?`);
    // It names the account the clerk's key pays from (the sandbox's own handle): only a desktop holding that account's key sends it.
    const payer = world.svcHandles.get(world.ownSvcHandleId);
    expect(signing.detail).toEqual([
      `Service: ${SERVICE}`,
      `Transfer ${dollars(amountCents)} from ${from.id} to ${to.id}`,
      `Paid from: @${payer?.svcHandle ?? '?'} (${payer?.name ?? '?'}), this profile’s own account: only a desktop holding its key sends it`,
      'Your signature says you asked for these; approvers of the workspace decide whether they are sent.',
    ]);
    await signing.confirm();
    const clerkInbox = await inbox(clerk.page);
    // The clerk's desktop sends nothing: its copy can only follow what another desktop records.
    await clerk.page.getByRole('button', { name: 'Pause sending' }).click();
    await expect(clerk.page.getByRole('button', { name: 'Resume sending' })).toBeVisible();
    const offlineDraft = clerkInbox.getByRole('listitem', { name: title });
    await expect(offlineDraft).toContainText('signed here, not in the workspace yet');
    await expect(offlineDraft).toContainText(
      'It reaches the workspace when it answers, and then waits for an approver.',
    );
    await expect(
      clerkInbox.getByRole('alert').filter({ hasText: 'Acme Treasury, the team workspace, is unreachable' }),
    ).toBeVisible();
    await expect(clerkInbox.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
    expect((await su.query('SELECT 1 FROM team.queue_row')).rowCount).toBe(0);

    // Back in reach (main probes sooner than its backoff would): the draft is pushed.
    await gate.open();
    await expect
      .poll(async () => (await clerk.core.handlers['workspace:check']({ workspaceId })).state, { timeout: 30_000 })
      .toBe('online');
    await expect
      .poll(async () => (await su.query('SELECT 1 FROM team.queue_row')).rowCount, { timeout: 30_000 })
      .toBe(1);
    const stored = (
      await su.query<{
        id: string;
        idempotency_key: string;
        draft_text: string;
        draft_signature: string;
        payload: string;
      }>('SELECT id, idempotency_key, draft_text, draft_signature, payload FROM team.queue_row')
    ).rows[0];
    if (!stored) throw new Error('the draft is not in the workspace');
    const moved = () => world.ledger.filter((e) => e.idempotencyKey === stored.idempotency_key);
    // What the clerk's inbox says now: the workspace's verdict, seen by its drafter.
    await expect(offlineDraft).toContainText('needs 2 more approvers, not you');
    await expect(clerkInbox.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();

    // main refuses the clerk's approval asked for straight from their page (no prompt is shown).
    const refused = await clerk.page.evaluate(
      async ({ workspaceId: id, draft }) => {
        type Call = (arg: unknown) => Promise<{ ok: boolean; error?: { code: string; message: string } }>;
        const api = (window as unknown as { treasury: { workspace: { decide: Call } } }).treasury;
        const r = await api.workspace.decide({ workspaceId: id, drafts: [draft], decision: 'approve' });
        return r.ok ? 'approved' : `${r.error?.code}: ${r.error?.message}`;
      },
      { workspaceId, draft: { text: stored.draft_text, signature: stored.draft_signature, payload: stored.payload } },
    );
    expect(refused).toBe(
      'workspace: You are a drafter in this workspace: only approvers and admins approve or reject.',
    );
    expect((await su.query('SELECT 1 FROM team.decision')).rowCount).toBe(0);

    // Nor does the policy check count it: an approval signed with the clerk's own key (taken from
    // their keychain) and written straight into the database is ignored by every desktop.
    const clerkId = (await su.query<{ text: string }>('SELECT text FROM team.directory ORDER BY seq')).rows
      .map((r) => statementBody(r.text).member as { id: string; name: string } | undefined)
      .find((m) => m?.name === 'Clara Clerk')?.id;
    const clerkKey = await clerk.keychain.get(`workspace:${workspaceId}:signing-key`);
    if (!clerkId || !clerkKey) throw new Error('the clerk is not registered, or their desktop holds no key');
    const ownId = randomUUID();
    const own = statement('decision', {
      workspace: workspaceId,
      id: ownId,
      row: stored.id,
      payloadHash: sha256(stored.payload),
      service: SERVICE,
      policyVersion: 1,
      decision: 'approve',
      by: clerkId,
      at: new Date(PINNED_NOON).toISOString(),
    });
    const ownSignature = sign(
      null,
      Buffer.from(own, 'utf8'),
      createPrivateKey({ key: Buffer.from(clerkKey, 'base64'), format: 'der', type: 'pkcs8' }),
    ).toString('base64');
    await su.query(
      "INSERT INTO team.decision (id, row_id, member_id, decision, policy_version, text, signature, db_role) VALUES ($1, $2, $3, 'approve', 1, $4, $5, $6)",
      [ownId, stored.id, clerkId, own, ownSignature, clerkLogin.login],
    );

    // The controller's inbox: who asked, and what it still needs. A, then main's window.
    const controllerInbox = await inbox(controller.page);
    const asked = controllerInbox.getByRole('listitem', { name: title });
    await expect(asked).toContainText('Clara Clerk');
    await expect(asked).toContainText('2 more approvers');
    await asked.getByText('Decisions that do not count (1)').click();
    await expect(asked.getByRole('listitem').filter({ hasText: /^Clara Clerk: / })).toHaveCount(1);
    await expect(asked).toContainText(`${dollars(richest.cents - amountCents)} (nothing ahead of it)`);
    await asked.focus();
    await controller.page.keyboard.press('a');
    const asking = await controller.prompts.next();
    expect(asking.message).toBe(`Approve this transfer of ${dollars(amountCents)}?`);
    // Everything it signs is listed: the service, the amount, where from and where to, who drafted it.
    expect(asking.detail.slice(0, 2)).toEqual([
      `Service: ${SERVICE}`,
      `Transfer ${dollars(amountCents)} from ${from.id} to ${to.id}, drafted by Clara Clerk`,
    ]);
    await asking.confirm();
    // Two approvals are on record, the clerk's and the controller's: only one counts.
    await expect(asked).toContainText('approved by you');
    await expect(asked).toContainText('needs 1 more approver, not Clara Clerk or you');
    expect((await su.query('SELECT 1 FROM team.decision WHERE row_id = $1', [stored.id])).rowCount).toBe(2);
    expect(moved()).toHaveLength(0);

    // The treasurer's inbox says one more is needed, and the treasurer gives it.
    const treasurerInbox = await inbox(app.page);
    const second = treasurerInbox.getByRole('listitem', { name: title });
    await expect(second).toContainText('1 more approver');
    await second.focus();
    await app.page.keyboard.press('a');
    await app.prompts.confirm(`Approve this transfer of ${dollars(amountCents)}?`);

    // Sent once, by whichever desktop claimed it: the sandbox's ledger.
    await expect.poll(() => moved().length, { timeout: 60_000 }).toBe(1);
    expect(moved().map((e) => [e.source, e.destination, e.amountCents])).toEqual([[from.id, to.id, amountCents]]);
    await expect
      .poll(
        async () =>
          (await su.query<{ state: string }>('SELECT state FROM team.queue_row WHERE id = $1', [stored.id])).rows[0]
            ?.state,
      )
      .toBe('sent');
    const claimedBy = (
      await su.query<{ db_role: string }>('SELECT db_role FROM team.audit WHERE text LIKE \'%"event":"claim"%\'')
    ).rows.map((r) => r.db_role);
    expect(claimedBy.length).toBeGreaterThanOrEqual(1);
    expect(claimedBy).not.toContain(clerkLogin.login);

    // "Sent" on all three desktops: the approvers' inboxes say how it ended, the clerk's own copy follows.
    for (const page of [app.page, controller.page]) {
      await expect(page.getByRole('region', { name: 'Closed in the team workspace' })).toContainText(
        `Transfer ${dollars(amountCents)} to ${to.name}: Sent`,
      );
    }
    await openSection(clerk.page, 'Transfers');
    await expect(
      clerk.page.getByRole('region', { name: 'Sent' }).getByRole('listitem', { name: queued(amountCents) }),
    ).toBeVisible();
    await expect(clerk.page.getByRole('region', { name: 'Awaiting approval' })).toHaveCount(0);
    expect(moved()).toHaveLength(1);

    // A second draft, withdrawn by the clerk from the queue after the app's own confirmation.
    const small = new RegExp(`^Transfer ${escape(dollars(2_000))} to ${escape(to.name)}`);
    const form = await newItemForm(clerk.page, 'New transfer');
    await form.getByLabel('From').selectOption(from.id);
    await form.getByLabel('To').selectOption(to.id);
    await form.getByLabel('Amount (USD)').fill('20.00');
    await form.getByRole('button', { name: 'Queue transfer' }).click();
    await clerk.prompts.confirm('Sign this transfer of $20.00 as a draft for Acme Treasury?');
    const waiting = clerk.page
      .getByRole('region', { name: 'Awaiting approval' })
      .getByRole('listitem', { name: queued(2_000) });
    await expect(waiting).toContainText('Waiting in the team workspace for its approvers');
    await expect(controllerInbox.getByRole('listitem', { name: small })).toContainText('Clara Clerk');
    await waiting.getByRole('button', { name: /^Cancel: / }).click();
    // Signed with the Clerk's key: main asks in its own window, listing the row (the app asks nothing more).
    const signed = await clerk.prompts.confirm('Cancel this transfer of $20.00? It is never sent, by any desktop.');
    expect(signed.detail).toContain(`Transfer $20.00 from ${from.id} to ${to.id}, drafted by Clara Clerk`);
    await expect(
      clerk.page.getByRole('region', { name: 'Canceled' }).getByRole('listitem', { name: queued(2_000) }),
    ).toBeVisible();
    await expect(controllerInbox.getByRole('listitem', { name: small })).toHaveCount(0);
    await expect(controller.page.getByRole('region', { name: 'Closed in the team workspace' })).toContainText(
      `Transfer $20.00 to ${to.name}: Canceled by its drafter`,
    );
    expect(
      (await su.query<{ state: string }>('SELECT state FROM team.queue_row WHERE amount_cents = 2000')).rows.map(
        (r) => r.state,
      ),
    ).toEqual(['canceled']);
    expect(world.ledger.filter((e) => e.amountCents === 2_000 && e.source === from.id)).toHaveLength(0);
  } finally {
    await gate?.close();
    await su.end();
  }
});
