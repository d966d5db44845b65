import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, ServiceError } from '../../src/main/service';
import { buildPath } from '../../src/shared/service';
import { startCaptureServer, type CaptureServer } from './capture-server';

// A server that puts card secrets where they do not belong, and records what it was asked.
const CARD = { id: 'card_1', accountId: 'acc_1', last4: '4242', name: 'Ops', expiryMonth: '01', expiryYear: '2030', status: 'active', isPhysical: false };
const SECRETS = { pan: '4111111111114242', cvv: '123' };

let api: CaptureServer;
let vault: CaptureServer;
beforeAll(async () => {
  const answer = (url: string) => {
    if (url.startsWith('/card?') || url === '/card') return { items: [{ ...CARD, ...SECRETS }], metadata: {} };
    if (url.startsWith('/transaction/tx_1/fee-details')) return { items: [{ id: 'f1', dateCharged: '2026-01-01', feeAmountCents: 100, feeType: 'x', accountId: 'acc_1', card: { ...CARD, ...SECRETS } }] };
    return { ...CARD, ...SECRETS };
  };
  api = await startCaptureServer(answer);
  vault = await startCaptureServer(answer);
});
afterAll(async () => {
  await api.close();
  await vault.close();
});

const client = () => createServiceClient({ baseUrl: api.url, vaultUrl: vault.url, getApiKey: () => 'test-key-123456', sleep: async () => {} });
const text = (v: unknown) => JSON.stringify(v);

describe('card secrets come only from the vault reveal', () => {
  it('strips pan and cvv from every response that is not a vault read', async () => {
    const c = client();
    for (const value of [
      await c.getCard({ params: { cardId: 'card_1' }, query: { include_pan: 'true', include_cvv: 'true' } }),
      await c.listCards(),
      await c.updateCard({ params: { cardId: 'card_1' }, body: { name: 'Ops 2' } }),
      await c.getTransactionFeeDetails({ params: { transactionId: 'tx_1' } }),
    ]) {
      expect(text(value)).not.toContain(SECRETS.pan);
      expect(text(value)).not.toMatch(/"(pan|cvv)"/);
    }
  });

  it('keeps them on the vault read that asked for them', async () => {
    const card = await client().getCard({ params: { cardId: 'card_1' }, query: { include_pan: 'true', include_cvv: 'true' }, vault: true });
    expect(card).toMatchObject(SECRETS);
  });
});

describe('path parameters cannot change the path', () => {
  it('refuses "." and ".." (a dot segment collapses the URL: /card/.. is /), sending nothing', async () => {
    const before = api.seen.length;
    for (const cardId of ['.', '..']) {
      const error = await client()
        .getCard({ params: { cardId } })
        .then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).kind).toBe('invalid-request');
    }
    expect(api.seen.length).toBe(before);
    expect(() => buildPath('/card/:cardId', { cardId: '..' })).toThrow(/"\." or "\.\."/);
  });

  it('encodes everything else, so a slash or a query stays inside the id', async () => {
    await client().getCard({ params: { cardId: '../x?y=1' } });
    expect(api.seen.at(-1)?.url).toBe('/card/..%2Fx%3Fy%3D1');
  });
});
