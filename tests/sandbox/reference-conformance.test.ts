import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/shared/service';
import { clientForFile } from '../support/sandbox-harness';
import {
  checkAgainst,
  loadReference,
  referencePath,
  responseSchema,
  type Deviations,
} from '../support/reference-schema';

/**
 * Every endpoint of the reference contract, called with valid input on real ids, answers a
 * status the reference documents and a body its schema accepts (required fields, types, enums,
 * formats, no null where none is allowed). Small pages, so list items and cursors are checked too.
 */

const path = referencePath();
if (!path)
  console.log(
    'tests/sandbox/reference-conformance: SKIPPED: the reference contract is not beside this checkout (set SERVICE_REFERENCE_OPENAPI to its path to run it).',
  );
const reference = path ? loadReference(path) : { paths: {}, components: { schemas: {} } };

/** The prose contract wins where it states otherwise: closedAt is null while open (docs/service.md, "Where the provider's published reference differs"). */
const SERVICE_MD: Deviations = { nullAllowed: (path) => /\.virtualAccount\.closedAt$/.test(path) };

const c = clientForFile({ transactions: 200, pageSize: 3 });

function ids() {
  const w = c.sandbox.world;
  const card = [...w.cards.values()].find((x) => x.cardGroupId === undefined && x.status === 'active');
  const withRule = [...w.commissionRules.keys()][0];
  const withoutRule = [...w.virtualAccounts.values()].find(
    (v) => v.closedAt === null && v.accountType === 'default' && !w.commissionRules.has(v.id),
  );
  return {
    cardId: card?.id ?? '',
    cardGroupId: [...w.cardGroups.keys()][0] ?? '',
    transactionId: [...w.feeDetails.keys()][0] ?? '',
    virtualAccountId: withRule ?? '',
    virtualAccountWithoutRule: withoutRule?.id ?? '',
    accountId: [...w.accounts.keys()][0] ?? '',
    webhookId: [...w.webhooks.values()].find((x) => x.archivedAt === null)?.id ?? '',
    archivedWebhookId: [...w.webhooks.values()].find((x) => x.archivedAt !== null)?.id ?? '',
    primary: w.primaryVirtualAccountId,
  };
}

/** A valid body for each write of the reference. */
function bodyFor(key: string, id: ReturnType<typeof ids>): unknown {
  const constraint = { countryRule: { countries: ['US'], restriction: 'allowlist' } };
  const bodies: Record<string, unknown> = {
    'POST /virtual-account': { name: 'Conformance', accountId: id.accountId },
    'PATCH /virtual-account/{virtualAccountId}': { action: 'update', name: 'Renamed' },
    'PATCH /transaction/{transactionId}/note': { note: 'checked' },
    'POST /transfer/virtual-account': { source: id.primary, destination: id.virtualAccountId, amountCents: 100 },
    'POST /card': { name: 'Conformance', type: 'virtual' },
    'PATCH /card/{cardId}': { name: 'Renamed' },
    'PATCH /card/{cardId}/spending-constraint': constraint,
    'PUT /card/{cardId}/spending-constraint': constraint,
    'POST /card-group': { name: 'Conformance' },
    'PATCH /card-group/{cardGroupId}': { name: 'Renamed' },
    'PATCH /card-group/{cardGroupId}/spending-constraint': constraint,
    'PUT /card-group/{cardGroupId}/spending-constraint': constraint,
    'POST /webhook': { url: 'https://hooks.example.test/svc', name: 'Conformance' },
    'PATCH /webhook/{webhookId}': { status: 'archived', reason: 'conformance' },
    'POST /crypto/offramp': { virtualAccountId: id.primary, paymentRail: 'wire', currency: 'usdc' },
  };
  return bodies[key];
}

async function expectConforms(
  method: string,
  template: string,
  path: string,
  init: { body?: unknown; host?: 'api' | 'vault' } = {},
): Promise<unknown> {
  const res = await c.call(method, path, { ...init, headers: { 'x-idempotency-key': `conformance-${Math.random()}` } });
  const documented = Object.keys(reference.paths[template]?.[method.toLowerCase()]?.responses ?? {});
  const where = `${method} ${path}${init.host === 'vault' ? ' (vault)' : ''}`;
  expect(documented, `${where}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toContain(String(res.status));
  const schema = responseSchema(reference, method, template, res.status);
  expect(schema, where).toBeDefined();
  expect(checkAgainst(reference, schema ?? {}, res.body, SERVICE_MD), where).toEqual([]);
  return res.body;
}

/** The operations of a path item (it may also carry extension keys such as x-...). */
const httpMethods = (ops: object) =>
  Object.keys(ops).filter((m) => ['get', 'put', 'post', 'patch', 'delete'].includes(m));

describe.skipIf(!path)('responses against the reference contract', () => {
  it('every reference endpoint is one of ours', () => {
    const ours = new Set(Object.values(endpoints).map((d) => `${d.method} ${d.path.replace(/:(\w+)/g, '{$1}')}`));
    for (const [path, ops] of Object.entries(reference.paths)) {
      for (const method of httpMethods(ops))
        expect(ours, `${method.toUpperCase()} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
    }
  });

  it('answers every reference endpoint with a documented status and a body its schema accepts', async () => {
    const id = ids();
    for (const [template, ops] of Object.entries(reference.paths)) {
      for (const method of httpMethods(ops)) {
        const upper = method.toUpperCase();
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(id[name as keyof typeof id] ?? 'x'),
        );
        await expectConforms(upper, template, path, { body: bodyFor(`${upper} ${template}`, id) });
      }
    }
  });

  it('conforms in the variants: closed accounts listed, reveal on the vault, archived webhook, account without a rule', async () => {
    const id = ids();
    await expectConforms('GET', '/virtual-account', '/virtual-account?filter%3AincludeClosedAccounts=true');
    await expectConforms('GET', '/card/{cardId}', `/card/${id.cardId}?include_pan=true&include_cvv=true`, {
      host: 'vault',
    });
    await expectConforms('GET', '/webhook/{webhookId}', `/webhook/${id.archivedWebhookId}`);
    const renamed = await expectConforms(
      'PATCH',
      '/virtual-account/{virtualAccountId}',
      `/virtual-account/${id.virtualAccountWithoutRule}`,
      { body: { action: 'update', name: 'No rule' } },
    );
    expect(renamed).not.toHaveProperty('commissionRule');
    const closed = await expectConforms(
      'PATCH',
      '/virtual-account/{virtualAccountId}',
      `/virtual-account/${id.virtualAccountWithoutRule}`,
      { body: { action: 'close' } },
    );
    expect(closed).not.toHaveProperty('commissionRule');
    const created = await expectConforms('POST', '/virtual-account', '/virtual-account', {
      body: { name: 'No rule either', accountId: id.accountId },
    });
    expect(created).not.toHaveProperty('commissionRule');
  });

  it('answers every error with the reference error body', async () => {
    const id = ids();
    const failures: [string, string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }][] = [
      ['GET', '/card/card_nope', {}],
      ['GET', '/card', { headers: { 'x-api-key': 'wrong' } }],
      ['GET', '/card', { headers: { 'x-api-key': '' } }],
      ['GET', '/transaction?cursor=forged', {}],
      ['GET', '/no-such-route', {}],
      ['PATCH', `/card/${id.cardId}`, { rawBody: '{not json' }],
      ['PATCH', `/card/${id.cardId}`, { rawBody: 'name=x', headers: { 'content-type': 'text/plain' } }],
      [
        'POST',
        '/transfer/virtual-account',
        { body: { source: id.primary, destination: id.virtualAccountId, amountCents: 1 } },
      ],
      [
        'POST',
        '/transfer/virtual-account',
        {
          body: { source: id.virtualAccountId, destination: id.primary, amountCents: 10 ** 15 },
          headers: { 'x-idempotency-key': 'too-much' },
        },
      ],
      ['PATCH', `/virtual-account/${id.primary}`, { body: { action: 'close' } }],
    ];
    const statuses = new Set<number>();
    for (const [method, path, init] of failures) {
      const res = await c.call(method, path, init);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      statuses.add(res.status);
      expect(
        checkAgainst(reference, reference.components.schemas.Error ?? {}, res.body, SERVICE_MD),
        `${method} ${path}`,
      ).toEqual([]);
      expect((res.body as { rawStatus: number }).rawStatus, `${method} ${path}`).toBe(res.status);
    }
    expect([...statuses].sort()).toEqual([400, 401, 404, 409, 415, 422]);
  });
});
