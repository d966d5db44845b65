import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCore, type CoreHarness } from '../support/core-helpers';
import type { TeamRowView } from '../../src/shared/ipc/workspace';
import type { Sandbox } from '../../src/sandbox';

// The Demo's simulated team, through main's handlers as the renderer calls them: a real
// PostgreSQL started by main, the colleagues' desktops in main with keys of their own, the
// person approving through main's prompt, and main's team sender sending to the Demo's sandbox.

const START = Date.parse('2026-03-18T12:00:00.000Z');
const REACT_MS = 30_000;
const FIRST = { atMs: 0, amountCents: 123_400, memo: 'Payroll top-up' };
const SECOND = { atMs: 60_000, amountCents: 5_600, memo: 'Card float' };

describe('the Demo’s team', () => {
  let h: CoreHarness;
  let t = START;
  let sandbox: Sandbox;
  let workspaceId: string;
  const rows = async (): Promise<TeamRowView[]> =>
    h.ok('workspace:rows', { workspaceId, service: 'demo', includeClosed: true });
  const row = async (memo: string) =>
    (await rows()).find((r) => (r.payload as { memo?: string } | null)?.memo === memo);
  const ledgerOf = (key: string) => sandbox.world.ledger.filter((e) => e.idempotencyKey === key);

  beforeAll(async () => {
    h = await startCore({
      now: () => t,
      demo: { transactions: 200, team: { drafts: [FIRST, SECOND], reactMs: REACT_MS, tickMs: 50 } },
      teamLookAgainMs: 200,
    });
    sandbox = await h.core.demo.start();
    // A state, not a time: the status says ready (or why not, which the failure shows).
    const settled = await vi.waitFor(
      async () => {
        const status = await h.ok('demo:teamStatus');
        if (status.state === 'starting' || status.state === 'off') throw new Error(`still ${status.state}`);
        return status;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(settled).toEqual(expect.objectContaining({ state: 'ready' }));
    const listed = await h.ok('workspace:list');
    workspaceId = listed.find((w) => w.name === 'Demo team')?.id ?? '';
  }, 90_000);

  afterAll(async () => {
    await h?.close();
  });

  it('covers the Demo with the team, the person an approver among Dana Kim and Sam Ortiz', async () => {
    expect(await h.ok('workspace:binding', { profileId: 'demo' })).toMatchObject({ kind: 'team', workspaceId });
    const directory = await h.ok('workspace:directory', { workspaceId });
    expect(directory.members.map((m) => [m.name, m.role]).sort()).toEqual([
      ['Dana Kim', 'admin'],
      ['Jordan Lee', 'approver'],
      ['Sam Ortiz', 'approver'],
    ]);
    expect(directory.policies).toEqual([expect.objectContaining({ service: 'demo', defaultApprovals: 2 })]);
  });

  it('a draft by Dana needs the person, then Sam approves it, and it is sent once', async () => {
    await expect.poll(async () => (await row(FIRST.memo))?.drafter?.name, { timeout: 20_000 }).toBe('Dana Kim');
    // The second draft is not due on main's clock yet.
    expect(await row(SECOND.memo)).toBeUndefined();
    const drafted = (await row(FIRST.memo)) as TeamRowView;
    expect(drafted.verdict).toMatchObject({ status: 'waiting', missing: 2 });

    // Sam never approves first: the person's approval is always one of the two.
    t += REACT_MS * 2;
    await h.core.demoTeam.status();
    expect((await row(FIRST.memo))?.verdict).toMatchObject({ status: 'waiting', missing: 2 });

    const decisions = await h.ok('workspace:decide', { workspaceId, drafts: [drafted.draft], decision: 'approve' });
    await h.ok('workspace:push', { workspaceId, drafts: [], decisions });
    expect((await row(FIRST.memo))?.verdict).toMatchObject({ status: 'waiting', missing: 1 });
    expect(ledgerOf(drafted.idempotencyKey)).toHaveLength(0);

    t += REACT_MS;
    await expect.poll(() => ledgerOf(drafted.idempotencyKey).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await row(FIRST.memo))?.state, { timeout: 20_000 }).toBe('sent');
    expect(ledgerOf(drafted.idempotencyKey)).toEqual([
      expect.objectContaining({ amountCents: FIRST.amountCents, source: sandbox.world.primaryVirtualAccountId }),
    ]);
    // The next draft arrives on main's clock (a minute after the team was ready).
    await expect.poll(async () => (await row(SECOND.memo))?.drafter?.name, { timeout: 20_000 }).toBe('Dana Kim');
  });

  it('the person cannot approve their own draft, which goes once both colleagues approved it', async () => {
    const world = sandbox.world;
    const source = world.primaryVirtualAccountId;
    const destination = [...world.virtualAccounts.values()].find((v) => v.closedAt === null && v.id !== source)?.id;
    const idempotencyKey = crypto.randomUUID();
    const signed = await h.ok('workspace:signDrafts', {
      profileId: 'demo',
      drafts: [
        {
          rowId: crypto.randomUUID(),
          kind: 'transfer',
          payload: { source, destination, amountCents: 7_700, memo: 'Mine' },
          idempotencyKey,
        },
      ],
    });
    const mine = signed.signed.map(({ text, signature, payload }) => ({ text, signature, payload }));
    await h.ok('workspace:push', { workspaceId, drafts: mine, decisions: [] });
    const refused = await h.invoke('workspace:decide', { workspaceId, drafts: mine, decision: 'approve' });
    expect(refused.ok).toBe(false);

    t += REACT_MS;
    await expect.poll(async () => (await row('Mine'))?.verdict, { timeout: 20_000 }).toMatchObject({ missing: 1 });
    expect(ledgerOf(idempotencyKey)).toHaveLength(0);
    t += REACT_MS;
    await expect.poll(() => ledgerOf(idempotencyKey).length, { timeout: 20_000 }).toBe(1);
  });

  it('turned off, the Demo approves alone again', async () => {
    const off = await h.ok('demo:setTeam', { enabled: false });
    expect(off).toMatchObject({ enabled: false, state: 'off' });
    expect(await h.ok('workspace:binding', { profileId: 'demo' })).toEqual({ kind: 'solo' });
    expect((await h.ok('workspace:list')).map((w) => w.name)).not.toContain('Demo team');
  });
});

describe('the Demo without PostgreSQL', () => {
  it('runs alone and says why, in words', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'no-pg-'));
    const before = process.env['PG_BIN'];
    process.env['PG_BIN'] = empty;
    const h = await startCore({ demo: { transactions: 200, team: true } });
    try {
      await h.core.demo.start();
      const settled = await vi.waitFor(
        async () => {
          const status = await h.ok('demo:teamStatus');
          if (status.state !== 'solo') throw new Error(`still ${status.state}`);
          return status;
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(settled.message).toMatch(/^PG_BIN names .*, which holds no initdb and postgres: the Demo approves alone/);
      expect(await h.ok('workspace:binding', { profileId: 'demo' })).toEqual({ kind: 'solo' });
    } finally {
      if (before === undefined) delete process.env['PG_BIN'];
      else process.env['PG_BIN'] = before;
      await h.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
