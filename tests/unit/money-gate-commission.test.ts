import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type Client } from '../support/sandbox-harness';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { startCore, type CoreHarness } from '../support/core-helpers';
import { PINNED_NOW, startTeam, type ServiceAt, type Team } from '../support/workspace-helpers';

// A commission rule makes the service move money by itself (from a virtual account to the
// primary one, on every due date), so a page that sets one moves money as surely as a transfer.
// For a service a team workspace covers, main asks the person in its own prompt first; read on the
// sandbox's own rules, balances and request log.

let cluster: PgCluster;
let svc: Client;
let team: Team;

beforeAll(async () => {
  cluster = await startPgCluster();
  // The service's clock just after the desktops': a rule starting at it starts "now or later".
  svc = await startClient({ seed: 41, now: () => PINNED_NOW + 5_000 });
  team = await startTeam(cluster, {}, { service: serviceAt(svc) });
}, 180_000);

afterAll(async () => {
  await team?.close();
  await svc?.close();
  await cluster?.stop();
});

function serviceAt(c: Client): ServiceAt {
  return { apiUrl: c.sandbox.apiUrl, vaultUrl: c.sandbox.vaultUrl, apiKey: c.sandbox.apiKey };
}

/** An open virtual account of the seed other than the primary one (the primary takes no rule). */
function anAccount(c: Client, skip: readonly string[] = []) {
  const world = c.sandbox.world;
  const va = [...world.virtualAccounts.values()].find(
    (v) => v.closedAt === null && v.id !== world.primaryVirtualAccountId && !skip.includes(v.id),
  );
  if (!va) throw new Error('the seed has no open virtual account besides the primary one');
  return va;
}

const START = new Date(PINNED_NOW + 60_000).toISOString();
const rule = (amountCents: number) => ({
  type: 'flatFee' as const,
  amount: { amountCents },
  frequency: 'monthly' as const,
  startDate: START,
});

/** What the page asks: a commission rule on an account, through the generic service call. */
const setRule = (h: CoreHarness, profileId: string, virtualAccountId: string, amountCents: number) =>
  h.invoke('service:call', {
    profileId,
    requestId: randomUUID(),
    endpoint: 'updateVirtualAccount',
    params: { virtualAccountId },
    body: { action: 'update', commissionDetails: rule(amountCents) },
  });

const patches = (c: Client) => c.sandbox.requests.all({ method: 'PATCH' }).length;

describe('a commission rule on a profile a team workspace covers', () => {
  it('is asked in main’s prompt with the account, amount, frequency and start; declined, nothing reaches the service', async () => {
    const { h, profileId } = team.admin;
    expect((await h.ok('workspace:binding', { profileId })).kind).toBe('team');
    const va = anAccount(svc);
    const before = svc.sandbox.world.transactions.totals(va.id);
    const sentBefore = patches(svc);
    h.prompt.answer = 'decline';
    try {
      const r = await setRule(h, profileId, va.id, 250_00);
      expect(r.ok ? null : r.error).toMatchObject({ code: 'declined' });
      expect(r.ok ? '' : r.error.message).toBe(
        'No commission rule was set: you chose not to in the confirmation. Nothing was sent.',
      );
    } finally {
      h.prompt.answer = 'confirm';
    }
    const asked = h.prompt.of('commission').at(-1);
    expect(asked).toMatchObject({
      title: 'Set a commission rule',
      message: `Let the service take $250.00 from “${va.name}” every month?`,
      confirm: 'Set the rule',
      cancel: 'Cancel',
    });
    expect(asked?.detail).toEqual(
      expect.arrayContaining([
        `Account: ${va.name} (${va.id})`,
        'Commission: a flat fee of $250.00',
        'How often: every month',
        'First collection: June 16, 2025, 09:31 UTC',
      ]),
    );
    // Nothing reached the service: no rule, no request, and no money moved off the account.
    expect(svc.sandbox.world.commissionRules.get(va.id)).toBeUndefined();
    expect(patches(svc)).toBe(sentBefore);
    expect(svc.sandbox.world.transactions.totals(va.id)).toEqual(before);
  });

  it('confirmed, the rule is set as asked', async () => {
    const { h, profileId } = team.admin;
    const va = anAccount(svc);
    const r = await setRule(h, profileId, va.id, 125_00);
    expect(r.ok).toBe(true);
    expect(svc.sandbox.world.commissionRules.get(va.id)).toMatchObject({ amountCents: 125_00, frequency: 'monthly' });
  });

  it('a new account with a rule is asked too; a rename alone is not', async () => {
    const { h, profileId } = team.admin;
    const world = svc.sandbox.world;
    const accountId = world.virtualAccounts.get(world.primaryVirtualAccountId)?.accountId ?? 'missing';
    const asked = h.prompt.of('commission').length;
    h.prompt.answer = 'decline';
    try {
      const count = world.virtualAccounts.size;
      const r = await h.invoke('service:call', {
        profileId,
        requestId: randomUUID(),
        endpoint: 'createVirtualAccount',
        body: { name: 'Fees', accountId, commissionDetails: rule(99_00) },
      });
      expect(r.ok ? null : r.error.code).toBe('declined');
      expect(h.prompt.of('commission').at(-1)?.message).toBe(
        'Let the service take $99.00 from the new account “Fees” every month?',
      );
      expect(world.virtualAccounts.size).toBe(count);
      const va = anAccount(svc);
      const renamed = await h.invoke('service:call', {
        profileId,
        requestId: randomUUID(),
        endpoint: 'updateVirtualAccount',
        params: { virtualAccountId: va.id },
        body: { action: 'update', name: 'Renamed' },
      });
      expect(renamed.ok).toBe(true);
      expect(h.prompt.of('commission')).toHaveLength(asked + 1);
    } finally {
      h.prompt.answer = 'confirm';
    }
  });
});

describe('a commission rule on a solo profile', () => {
  // Solo rows are approved by the page on this desktop (the person is the only approver), so a
  // question here would add nothing a compromised page could not already do with a transfer.
  it('is set as before, with no question', async () => {
    const h = await startCore({ now: () => PINNED_NOW });
    try {
      const at = serviceAt(svc);
      const profile = await h.ok('profiles:create', {
        name: 'Solo',
        baseUrl: at.apiUrl,
        vaultUrl: at.vaultUrl,
        apiKey: at.apiKey,
      });
      expect((await h.ok('workspace:binding', { profileId: profile.id })).kind).toBe('solo');
      const va = anAccount(svc, [...svc.sandbox.world.commissionRules.keys()]);
      const r = await setRule(h, profile.id, va.id, 12_50);
      expect(r.ok).toBe(true);
      expect(h.prompt.of('commission')).toEqual([]);
      expect(svc.sandbox.world.commissionRules.get(va.id)).toMatchObject({ amountCents: 12_50 });
    } finally {
      await h.close();
    }
  });
});
