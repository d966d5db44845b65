import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, ServiceError } from '../../src/main/service';
import { CARD_SECRETS_MAX_DEPTH, withoutCardSecrets } from '../../src/main/service/card-secrets';
import { buildPath } from '../../src/shared/service';
import { startCaptureServer, type CaptureServer } from '../support/capture-server';

// A server that puts card secrets where they do not belong, and records what it was asked.
const CARD = {
  id: 'card_1',
  accountId: 'acc_1',
  last4: '4242',
  name: 'Ops',
  expiryMonth: '01',
  expiryYear: '2030',
  status: 'active',
  isPhysical: false,
};
const SECRETS = { pan: '4111111111114242', cvv: '123' };

let api: CaptureServer;
let oddServer: CaptureServer;
let vault: CaptureServer;
beforeAll(async () => {
  const answer = (url: string) => {
    if (url.startsWith('/card?') || url === '/card') return { items: [{ ...CARD, ...SECRETS }], metadata: {} };
    if (url.startsWith('/transaction/tx_1/fee-details'))
      return {
        items: [
          {
            id: 'f1',
            dateCharged: '2026-01-01',
            feeAmountCents: 100,
            feeType: 'x',
            accountId: 'acc_1',
            card: { ...CARD, ...SECRETS },
          },
        ],
      };
    return { ...CARD, ...SECRETS };
  };
  api = await startCaptureServer(answer);
  let deep: unknown = { PAN: SECRETS.pan, note: 'bottom' };
  for (let i = 0; i < CARD_SECRETS_MAX_DEPTH + 4; i++) deep = { next: deep };
  const oddCard = {
    ...CARD,
    Pan: SECRETS.pan,
    CVV: SECRETS.cvv,
    card_number: SECRETS.pan,
    metadata: { securityCode: SECRETS.cvv, deep },
  };
  oddServer = await startCaptureServer((url) =>
    url.startsWith('/card?') || url === '/card' ? { items: [oddCard], metadata: {} } : oddCard,
  );
  vault = await startCaptureServer(answer);
});
afterAll(async () => {
  await api.close();
  await oddServer.close();
  await vault.close();
});

const client = () =>
  createServiceClient({
    baseUrl: api.url,
    vaultUrl: vault.url,
    getApiKey: () => 'test-key-123456',
    sleep: async () => {},
  });
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

  it('matches the names in any case and spelling, at any depth, and drops what lies below the depth limit', async () => {
    const odd = {
      PAN: SECRETS.pan,
      Cvv: SECRETS.cvv,
      cardNumber: SECRETS.pan,
      security_code: SECRETS.cvv,
      'CARD-NUMBER': SECRETS.pan,
      SecurityCode: SECRETS.cvv,
    };
    let deep: unknown = { ...odd, pan: SECRETS.pan, note: 'bottom' };
    for (let i = 0; i < CARD_SECRETS_MAX_DEPTH + 8; i++) deep = { level: i, next: i % 2 ? [deep] : deep };
    const value = { ...CARD, nested: [{ card: { ...CARD, ...odd } }], deep };
    const stripped = withoutCardSecrets(value);
    expect(text(stripped)).not.toContain(SECRETS.pan);
    expect(text(stripped)).not.toMatch(new RegExp(`"${SECRETS.cvv}"`));
    expect(text(stripped)).not.toContain('bottom');
    expect(stripped.nested[0]?.card).toEqual(CARD);
    // What is above the limit is kept as it was.
    expect((stripped.deep as { level: number }).level).toBe(CARD_SECRETS_MAX_DEPTH + 7);
    // Through the client, from a server that sends them under other spellings.
    const c = createServiceClient({
      baseUrl: oddServer.url,
      vaultUrl: oddServer.url,
      getApiKey: () => 'test-key-123456',
      sleep: async () => {},
    });
    for (const got of [await c.listCards(), await c.getCard({ params: { cardId: 'card_1' } })]) {
      expect(text(got)).not.toContain(SECRETS.pan);
      expect(text(got)).not.toContain('bottom');
    }
  });

  it('keeps them only on the reveal, never on a generic read (even at the vault)', async () => {
    const card = await client().revealCard({ cardId: 'card_1', pan: true, cvv: true });
    expect(card).toMatchObject(SECRETS);
    const generic = await client().getCard({
      params: { cardId: 'card_1' },
      query: { include_pan: 'true', include_cvv: 'true' },
      vault: true,
    });
    expect(text(generic)).not.toContain(SECRETS.pan);
  });
});

describe('path parameters cannot change the path', () => {
  it('refuses an id with a lone surrogate as invalid-request, not a URIError, sending nothing', async () => {
    const before = api.seen.length;
    for (const cardId of ['\uD800', 'card_\uDC00', 'a\uD800b']) {
      const error = await client()
        .getCard({ params: { cardId } })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({
        kind: 'invalid-request',
        sentRequest: false,
        message: expect.stringMatching(/broken character.*Nothing was sent/),
      });
    }
    expect(api.seen.length).toBe(before);
    // A well-formed pair (an emoji) is a character like any other.
    await client().getCard({ params: { cardId: 'card_\u{1F600}' } });
    expect(api.seen.at(-1)?.url).toBe(`/card/card_${encodeURIComponent('\u{1F600}')}`);
  });

  it('refuses "." and ".." (a dot segment collapses the URL: /card/.. is /), sending nothing', async () => {
    const before = api.seen.length;
    for (const cardId of ['.', '..']) {
      const error = await client()
        .getCard({ params: { cardId } })
        .then(
          () => null,
          (e: unknown) => e,
        );
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
