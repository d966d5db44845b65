import { startSandbox, type Sandbox } from '../../src/sandbox';
import { formatCents } from '../../src/shared/money';
import { expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { openSection, startDemo } from './harness/flows';
import { teamTest as test } from './harness/team';
import { createTeam, holdTheKey, mainOf, profileIdOf, serviceOfUrl, signOne } from './harness/team-forgery';

/**
 * A team row says on itself who asked, who approved and what it still needs, with names from the
 * workspace's directory and times on the person's clock; once approved while main's team sender
 * is paused, it says it is held, the app-wide banner counts it, and Resume sends it once.
 */

const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

let sandbox: Sandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox({ seed: 43, transactions: 20, startAt: PINNED_NOON });
});
test.afterAll(async () => {
  await sandbox.close();
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every "h:mm AM" the session's desktops may have signed at: their clocks start at PINNED_NOON and run on. */
function minutesSince(startMs: number, nowMs: number): string {
  const f = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: ZONE });
  const seen = new Set<string>();
  for (let t = startMs; t <= nowMs + 60_000; t += 30_000) seen.add(f.format(t));
  return `(${[...seen].map(escape).join('|')})`;
}

test('a row drafted by Bo and approved by Cy says so and needs one more, not them; approved here while paused it is held, counted in the banner, and sent once on Resume', async ({
  app,
  pg,
  desktop,
}) => {
  test.slow();
  const world = sandbox.world;
  const source = world.primaryVirtualAccountId;
  const destination = [...world.virtualAccounts.values()].find((v) => v.closedAt === null && v.id !== source)?.id;
  if (!destination) throw new Error('the seed has no second open virtual account');
  const AMOUNT = 1_825_000;
  const sent = () => world.ledger.filter((e) => e.amountCents === AMOUNT).length;

  // Ada (admin, `app`), Bo (drafter) and Cy (approver) hold the sandbox's key; nobody sends until Ada resumes.
  const bo = await desktop();
  const cy = await desktop();
  for (const d of [app, bo, cy]) {
    await d.open();
    await startDemo(d.page);
    await holdTheKey(d, sandbox);
  }
  const team = await createTeam(pg, mainOf(app), 'ws_who');
  const boMember = await team.add(mainOf(bo), 'Bo Drafter', 'drafter', 2);
  const cyMember = await team.add(mainOf(cy), 'Cy Approver', 'approver', 2);
  await team.admin.main.call(
    'workspace:setPolicy',
    { workspaceId: team.workspaceId, service: serviceOfUrl(sandbox.apiUrl), defaultApprovals: 2, rules: [] },
    1,
  );
  const profiles = {
    ada: await profileIdOf(team.admin.main, 'Acme'),
    bo: await profileIdOf(boMember.main, 'Acme'),
    cy: await profileIdOf(cyMember.main, 'Acme'),
  };
  await team.admin.main.call('outbox:pause', { profileId: profiles.ada, paused: true });
  await boMember.main.call('outbox:pause', { profileId: profiles.bo, paused: true });
  await cyMember.main.call('outbox:pause', { profileId: profiles.cy, paused: true });
  for (const [m, p] of [
    [boMember, profiles.bo],
    [cyMember, profiles.cy],
  ] as const) {
    await expect.poll(async () => (await m.main.call('workspace:binding', { profileId: p })).kind).toBe('team');
  }

  // Bo drafts, Cy approves.
  const draft = await signOne(boMember.main, profiles.bo, 'transfer', { source, destination, amountCents: AMOUNT }, 1);
  const signed = { text: draft.text, signature: draft.signature, payload: draft.payload };
  await boMember.main.call('workspace:push', { workspaceId: team.workspaceId, drafts: [signed], decisions: [] });
  const decisions = await cyMember.main.call(
    'workspace:decide',
    { workspaceId: team.workspaceId, drafts: [signed], decision: 'approve' },
    1,
  );
  await cyMember.main.call('workspace:push', { workspaceId: team.workspaceId, drafts: [], decisions });

  // Ada's inbox: the row itself says who asked, who approved and what is still needed.
  const { page } = app;
  await openSection(page, 'Approvals');
  const inbox = page.getByRole('list', { name: 'Waiting for approval' });
  const row = inbox.getByRole('listitem', { name: new RegExp(`^Transfer \\$${escape(formatCents(AMOUNT))} to `) });
  const when = () => minutesSince(PINNED_NOON, app.clock.now());
  await expect(row).toContainText(
    new RegExp(
      `Requested by Bo Drafter ${when()} · approved by Cy Approver ${when()} · needs 1 more approver, not Bo Drafter or Cy Approver`,
    ),
  );
  // What is needed shows once: the who-line says it, no "Still needed" line repeats it.
  await expect(row.getByRole('term').filter({ hasText: 'Still needed' })).toHaveCount(0);
  await expect(row.getByText(/more approver/)).toHaveCount(1);

  // Ada approves it (main asks in its own window): nothing more is needed, and it is held here.
  await row.focus();
  await page.keyboard.press('a');
  await (await app.prompts.next()).confirm();
  await expect(row).toContainText(
    new RegExp(
      `approved by (Cy Approver ${when()}, you ${when()}|you ${when()}, Cy Approver ${when()}) · approvals complete`,
    ),
  );
  await expect(row).toContainText('Held: sending is paused on this desktop.');

  // The banner, on another screen, counts it from what the test queued; nothing has gone.
  await openSection(page, 'Dashboard');
  const banner = page.getByRole('region', { name: 'Sending paused' });
  await expect(banner).toContainText(`Sending paused: 1 approved item, $${formatCents(AMOUNT)}, held.`);
  expect(sent()).toBe(0);

  await banner.getByRole('button', { name: 'Resume' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await expect.poll(sent, { timeout: 90_000 }).toBe(1);
});
