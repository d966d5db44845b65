import { startSandbox, type Sandbox } from '../../src/sandbox';
import { claimRows, recordOutcomes } from '../../src/main/workspace/claims';
import { expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { openSection, startDemo } from './harness/flows';
import { teamTest as test } from './harness/team';
import { createTeam, holdTheKey, mainOf, profileIdOf, signOne } from './harness/team-forgery';

/**
 * A team payment whose send may have gone through waits for a person. An approver who did not
 * draft it reviews it from the Approvals inbox: what they checked, then their answer, signed
 * after main's own prompt. Found not to have gone, it goes out once, with its key: read on the
 * sandbox's ledger and request log.
 */

let sandbox: Sandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox({ seed: 43, transactions: 20, startAt: PINNED_NOON });
});
test.afterAll(async () => {
  await sandbox.close();
});

test('a payment waiting for a review is reviewed from the inbox by an approver who did not draft it: not gone through, it is sent once with its key', async ({
  app,
  pg,
  desktop,
}) => {
  test.slow();
  const world = sandbox.world;
  const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId)?.svcHandle ?? 'x';
  const paid = () => world.ledger.filter((e) => e.kind === 'payment' && e.amountCents === 6_201);

  // Ada (admin, `app`) and Bo (approver) both hold the sandbox's key; nobody sends until the test says.
  const bo = await desktop();
  for (const d of [app, bo]) {
    await d.open();
    await startDemo(d.page);
    await holdTheKey(d, sandbox);
  }
  const team = await createTeam(pg, mainOf(app), 'ws_review');
  const boMember = await team.add(mainOf(bo), 'Bo Approver', 'approver', 2);
  const adaProfile = await profileIdOf(team.admin.main, 'Acme');
  const boProfile = await profileIdOf(boMember.main, 'Acme');
  await team.admin.main.call('outbox:pause', { profileId: adaProfile, paused: true });
  await boMember.main.call('outbox:pause', { profileId: boProfile, paused: true });
  // Bo's desktop signs once it has read its own registration in the workspace's directory.
  await expect
    .poll(async () => (await boMember.main.call('workspace:binding', { profileId: boProfile })).kind)
    .toBe('team');

  // Bo drafts a payment, Ada approves it; Bo's desktop claims it and its answer is lost: it waits for a review.
  const draft = await signOne(boMember.main, boProfile, 'payment', { svcHandle: payee, amountCents: 6_201 }, 1);
  const signed = { text: draft.text, signature: draft.signature, payload: draft.payload };
  await boMember.main.call('workspace:push', { workspaceId: team.workspaceId, drafts: [signed], decisions: [] });
  const decisions = await team.admin.main.call(
    'workspace:decide',
    { workspaceId: team.workspaceId, drafts: [signed], decision: 'approve' },
    1,
  );
  await team.admin.main.call('workspace:push', { workspaceId: team.workspaceId, drafts: [], decisions });
  const l = await bo.core.workspaces.refresh(team.workspaceId);
  const actor = await bo.core.workspaces.actor(l);
  const [claim] = await claimRows(l.session, l.directory, actor, { rowIds: [draft.rowId], leaseMs: 60_000 });
  if (!claim?.claimed) throw new Error(`not claimed: ${claim?.text ?? 'no answer'}`);
  await recordOutcomes(l.session, l.directory, actor, [
    {
      rowId: claim.rowId,
      fence: claim.fence,
      payloadHash: claim.payloadHash,
      state: 'needs-review',
      detail: 'The connection dropped after the payment was sent.',
    },
  ]);

  // Ada's inbox: the row says what happened and offers Review… on the row itself.
  await openSection(app.page, 'Approvals');
  const inbox = app.page.getByRole('list', { name: 'Waiting for approval' });
  const row = inbox.getByRole('listitem', { name: /^Payment \$62\.01/ });
  await expect(row).toContainText(
    "Needs review: left to a person (its answer was lost) by Bo Approver's desktop: The connection dropped after the payment was sent",
  );
  await row.getByRole('button', { name: 'Review…' }).click();
  const dialog = app.page.getByRole('dialog', { name: `Did Payment $62.01 to ${payee} go through?` });
  // An answer with nothing said of what was checked is refused in the dialog, and nothing is asked.
  await dialog.getByRole('button', { name: 'It did not: send it' }).click();
  await expect(dialog).toContainText('Say what you checked: your team and the audit read it.');
  await dialog
    .getByLabel('What you checked')
    .fill('The paying account’s transactions since noon: no payment of $62.01');
  await dialog.getByRole('button', { name: 'It did not: send it' }).click();
  // main asks in its own window, listing the row from its signed draft, before Ada's key signs.
  const asked = await app.prompts.next();
  expect(asked.message).toBe('Record that this did not go through? It will be sent again, with its key.');
  expect(asked.detail).toContain(
    `Payment $62.01 to @${payee} from the drafter’s own account ${world.ownSvcHandleId}, drafted by Bo Approver`,
  );
  expect(asked.detail).toContain(
    'What you checked: The paying account’s transactions since noon: no payment of $62.01',
  );
  await asked.confirm();
  await expect(row).toContainText('Approved: it goes out when a desktop holding the profile’s API key sends it.');
  expect(paid()).toHaveLength(0);

  // Ada's desktop sends it: once, with the row's own key.
  await team.admin.main.call('outbox:pause', { profileId: adaProfile, paused: false });
  await expect(app.page.getByRole('region', { name: 'Closed in the team workspace' })).toContainText(
    `Payment $62.01 to ${payee}: Sent`,
  );
  expect(paid()).toHaveLength(1);
  expect(paid()[0]?.idempotencyKey).toBe(claim.idempotencyKey);
  expect(
    sandbox.requests.all({ path: '/pay', method: 'POST' }).filter((r) => r.idempotencyKey === claim.idempotencyKey),
  ).toHaveLength(1);
});
