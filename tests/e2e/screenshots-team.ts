/**
 * `npm run screenshots:team`: the Approvals screen of a team workspace, as an approver sees it,
 * in the light and the dark theme: docs/screenshots/approvals-team-<light|dark>.png, and the
 * Review dialog of a row whose send may have gone through (approvals-team-review-…). A throwaway
 * PostgreSQL cluster (Debian's, as the tests run it), one sandbox, three desktops that are each
 * the whole app (main's core and the built renderer, bench:team's desktops), set up through
 * main's handlers as a person's confirmations in main's window would. Outside the test runner.
 */
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../../src/browser-host/find-chromium';
import { buildShim } from '../../src/browser-host/shim-bundle';
import { claimRows, recordOutcomes } from '../../src/main/workspace/claims';
import { startSandbox } from '../../src/sandbox';
import { serviceOf } from '../../src/shared/service-address';
import { chromiumPath } from '../bench/shared/lane-bench';
import { startDesktop, type BenchDesktop } from '../bench/team/desktop';
import { startPgCluster } from '../support/pg-cluster';
import { openSection, synced } from './harness/flows';
import { shootDemoTeam } from './screenshots-demo-team';

const OUT = resolve(__dirname, '../../docs/screenshots');

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() =>
      document.fonts.ready.then(
        () => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
      ),
    );
    await page.screenshot({ path: resolve(OUT, `${name}-${scheme}.png`), animations: 'disabled' });
    console.log(`docs/screenshots/${name}-${scheme}.png`);
  }
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ seed: 7, transactions: 200, validateResponses: false });
  const cluster = await startPgCluster();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs(['--disable-gpu']) });
  const desktops: BenchDesktop[] = [];
  try {
    const shim = buildShim();
    const db = await cluster.createWorkspaceDatabase('shots');
    for (const name of ['Dana Drafter', 'Avery Approver', 'Blake Approver'])
      desktops.push(await startDesktop(browser, shim, name, sandbox));
    const [dana, avery, blake] = desktops as [BenchDesktop, BenchDesktop, BenchDesktop];
    // Only Avery's desktop, the one shot, may send (no row it holds is ready): the others are paused.
    for (const d of [dana, blake]) await d.call('outbox:pause', { profileId: d.profileId, paused: true });

    const ws = await dana.call('workspace:create', {
      name: 'Acme Treasury',
      adminName: dana.name,
      host: cluster.host,
      port: cluster.port,
      database: db.database,
      ownerUser: db.user,
      ownerPassword: db.password,
    });
    for (const approver of [avery, blake]) {
      const login = await dana.call('workspace:addLogin', { workspaceId: ws.id });
      await approver.call('workspace:join', {
        host: cluster.host,
        port: cluster.port,
        database: db.database,
        user: login.dbRole,
        password: login.password,
        name: approver.name,
      });
      await dana.call('workspace:register', { workspaceId: ws.id, dbRole: login.dbRole, role: 'approver' });
    }
    const service = serviceOf({ kind: 'live', baseUrl: sandbox.apiUrl });
    await dana.call('workspace:setPolicy', {
      workspaceId: ws.id,
      service,
      defaultApprovals: 1,
      rules: [{ minCents: 100_000, approvals: 2 }],
    });

    const world = sandbox.world;
    const source = world.primaryVirtualAccountId;
    const destination =
      [...world.virtualAccounts.values()].find((v) => v.closedAt === null && v.id !== source)?.id ?? source;
    const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId)?.svcHandle ?? 'globex-corp';
    const drafts = [
      { kind: 'transfer' as const, payload: { source, destination, amountCents: 250_000, memo: 'Payroll top-up' } },
      { kind: 'transfer' as const, payload: { source, destination, amountCents: 42_000 } },
      { kind: 'payment' as const, payload: { svcHandle: payee, amountCents: 7_500 } },
      { kind: 'payment' as const, payload: { svcHandle: payee, amountCents: 120_000 } },
    ];
    const signed = await dana.call('workspace:signDrafts', {
      profileId: dana.profileId,
      drafts: drafts.map((d) => ({ rowId: crypto.randomUUID(), ...d, idempotencyKey: crypto.randomUUID() })),
    });
    const rows = signed.signed;
    await dana.call('workspace:push', {
      workspaceId: ws.id,
      drafts: rows.map(({ text, signature, payload }) => ({ text, signature, payload })),
      decisions: [],
    });
    const [big, , smallPayment] = rows;
    if (!big || !smallPayment) throw new Error('the drafts were not signed');
    // Blake approves the payroll top-up (it needs one more) and the small payment, which Blake's
    // desktop then claims; its answer is lost, so it waits for a review.
    const decisions = await blake.call('workspace:decide', {
      workspaceId: ws.id,
      drafts: [big, smallPayment].map(({ text, signature, payload }) => ({ text, signature, payload })),
      decision: 'approve',
    });
    await blake.call('workspace:push', { workspaceId: ws.id, drafts: [], decisions });
    const l = await blake.core.workspaces.refresh(ws.id);
    const actor = await blake.core.workspaces.actor(l);
    const [claim] = await claimRows(l.session, l.directory, actor, { rowIds: [smallPayment.rowId], leaseMs: 60_000 });
    if (!claim?.claimed) throw new Error(`the payment was not claimed: ${claim?.text ?? 'no answer'}`);
    await recordOutcomes(l.session, l.directory, actor, [
      {
        rowId: claim.rowId,
        fence: claim.fence,
        payloadHash: claim.payloadHash,
        state: 'needs-review',
        detail: 'The connection dropped after the payment was sent: the service may have made it.',
      },
    ]);

    await avery.open();
    await synced(avery.page);
    await avery.page.setViewportSize({ width: 1200, height: 1500 });
    await openSection(avery.page, 'Approvals');
    await avery.page.getByText('Needs review:').first().waitFor();
    await avery.page.mouse.move(0, 0);
    await shoot(avery.page, 'approvals-team');
    await avery.page.getByRole('button', { name: 'Review…' }).click();
    await avery.page.getByRole('dialog').waitFor();
    await avery.page
      .getByRole('dialog')
      .getByRole('textbox')
      .fill('The paying account’s transactions since 09:00: no payment of $75.00 to @' + payee);
    await shoot(avery.page, 'approvals-team-review');
  } finally {
    for (const d of desktops) await d.close();
    await browser.close();
    await cluster.stop();
    await sandbox.close();
  }
}

// Then the Demo's own team inbox (screenshots-demo-team.ts).
main()
  .then(shootDemoTeam)
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  });
