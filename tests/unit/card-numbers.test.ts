import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maskCardNumbers } from '../../src/main/service/card-numbers';
import type { Card, OfframpResult } from '../../src/shared/service';
import { startCore, type CoreHarness } from '../support/core-helpers';
import { json, startStub } from '../support/service-client-helpers';

// Issue 23, finding 5: card secrets by deny-list. Nothing a card or transaction answer carries
// beyond the fields the app knows reaches the renderer (and so its cache); secret-named fields
// inside free-form data are dropped by name, however written; and a full card number in any
// string value is masked to its last four digits, in main, before the answer leaves it.

/** Luhn by hand, apart from the app's: double every second digit from the right. */
function luhnOk(digits: string): boolean {
  const sum = [...digits].reverse().reduce((acc, ch, i) => {
    const d = Number(ch) * (i % 2 === 1 ? 2 : 1);
    return acc + (d > 9 ? d - 9 : d);
  }, 0);
  return sum % 10 === 0;
}

const PAN = '4111111111111111';
const PAN_SPACED = '5500 0000 0000 0004';
const PAN_DASHED = '3782-822463-10005';
const CODE = '7391';
// Every name the finding found surviving, each holding a number or a code.
const SECRET_NAMES: Record<string, string> = {
  cvc: CODE,
  CVV2: CODE,
  primaryAccountNumber: PAN,
  fullPan: PAN,
  'pan ': PAN,
  ｐａｎ: PAN,
};

// Ids and a reference number that pass Luhn, and amounts of the same digits: none is changed.
const LUHN_ID = '4242424242424242';
const REFERENCE = '5105105105105100';

const CARD = {
  id: LUHN_ID,
  accountId: 'acc_1',
  last4: '4242',
  name: 'Ops',
  expiryMonth: '01',
  expiryYear: '2030',
  status: 'active',
  isPhysical: false,
};
const TX = {
  id: LUHN_ID,
  date: '2026-03-01T10:00:00.000Z',
  description: `Refund to card ${PAN_SPACED} via desk`,
  amountCents: 4242424242424242,
  status: 'posted',
  detailedStatus: 'settled',
  accountId: 'acc_1',
  accountSubtype: 'cash',
  cardId: LUHN_ID,
  referenceNumber: REFERENCE,
  memo: `Card ${PAN_DASHED}; invoice 4242424242424241; ARN 74123456789012345678901; order 12345678901`,
  merchantData: { description: `POS ${PAN}`, location: { city: 'Paris' } },
  originalCurrency: { code: 'EUR', amountCents: 5105105105105100, conversionRate: 1.1 },
};

let h: CoreHarness;
let stub: Awaited<ReturnType<typeof startStub>>;
let profileId: string;
beforeAll(async () => {
  stub = await startStub((req, res) => {
    req.resume();
    const url = req.url ?? '';
    // /card/secret-<i>: a card carrying the i-th secret name at its top level and in its userData.
    const one = /^\/card\/secret-(\d+)$/.exec(url);
    const named = one ? Object.entries(SECRET_NAMES)[Number(one[1])] : undefined;
    if (named)
      return json(res, 200, { ...CARD, [named[0]]: named[1], userData: { [named[0]]: named[1], kept: 'yes' } });
    if (url.startsWith('/card/'))
      return json(res, 200, { ...CARD, ...SECRET_NAMES, userData: { ...SECRET_NAMES, note: `spare ${PAN}` } });
    if (url.startsWith('/card')) return json(res, 200, { items: [{ ...CARD, ...SECRET_NAMES }], metadata: {} });
    if (url.startsWith('/transaction/'))
      return json(res, 200, { ...TX, ...SECRET_NAMES, merchantData: { ...TX.merchantData, cardNumber: PAN } });
    if (url.startsWith('/transaction')) return json(res, 200, { items: [{ ...TX, ...SECRET_NAMES }], metadata: {} });
    if (url.startsWith('/crypto/offramp')) {
      // An EVM address whose hex happens to be decimal digits that pass Luhn: an address, not a card.
      const address = `0x${PAN}${'a'.repeat(24)}`;
      const a = {
        id: 'wad_1',
        walletId: 'wal_1',
        status: 'pending_active',
        currency: 'usdc',
        chain: 'ethereum',
        address,
        timestamp: '2026-03-01T10:00:00.000Z',
      };
      return json(res, 200, {
        wallet: {
          id: 'wal_1',
          type: 'off_ramp',
          status: 'pending_active',
          subaccountId: 'va_1',
          svcAccountGroupId: 'le_1',
          timestamp: '2026-03-01T10:00:00.000Z',
        },
        addresses: [a],
      });
    }
    return json(res, 404, { message: 'no', name: 'NotFound', identifier: 'NOT_FOUND', rawStatus: 404 });
  });
});
afterAll(() => stub.close());
afterEach(async () => {
  await h?.close();
});

async function live(): Promise<void> {
  h = await startCore();
  ({ id: profileId } = await h.ok('profiles:create', {
    name: 'Stub',
    baseUrl: stub.url,
    vaultUrl: stub.url,
    apiKey: 'stub-key-0123456789',
  }));
}

/** What reached the renderer, as text: no number or code may be in it. */
function expectNoSecrets(answer: unknown): void {
  const text = JSON.stringify(answer);
  for (const pan of [PAN, PAN_SPACED, PAN_DASHED]) expect(text).not.toContain(pan);
  expect(text).not.toContain(CODE);
  for (const name of Object.keys(SECRET_NAMES)) expect(text, name).not.toContain(`"${name}"`);
}

describe('card and transaction answers as they leave main', () => {
  it.each(Object.keys(SECRET_NAMES).map((name, i) => [name, i] as const))(
    'drops %j from a card and from inside its userData',
    async (name, i) => {
      await live();
      const card = (await h.ok('service:call', {
        profileId,
        requestId: 'c',
        endpoint: 'getCard',
        params: { cardId: `secret-${i}` },
      })) as Card;
      expect(Object.keys(card)).not.toContain(name);
      expect(card.userData).toEqual({ kept: 'yes' });
    },
  );

  it('a card keeps only its known fields, and secret names inside its userData are dropped however written', async () => {
    await live();
    const card = await h.ok('service:call', {
      profileId,
      requestId: 'c',
      endpoint: 'getCard',
      params: { cardId: 'card_1' },
    });
    expectNoSecrets(card);
    expect(card).toEqual({ ...CARD, userData: { note: 'spare •••• 1111' } });
    const list = await h.ok('service:call', { profileId, requestId: 'l', endpoint: 'listCards' });
    expectNoSecrets(list);
    expect(list).toEqual({ items: [CARD], metadata: {} });
  });

  it('a transaction has every card number in its strings masked to the last four, and its ids, reference and amounts untouched', async () => {
    await live();
    expect(
      luhnOk(LUHN_ID) &&
        luhnOk(REFERENCE) &&
        luhnOk(PAN) &&
        luhnOk(PAN_SPACED.replace(/ /g, '')) &&
        luhnOk(PAN_DASHED.replace(/-/g, '')),
    ).toBe(true);
    expect(luhnOk('4242424242424241')).toBe(false);
    const expected = {
      ...TX,
      description: 'Refund to card •••• 0004 via desk',
      memo: 'Card •••• 0005; invoice 4242424242424241; ARN 74123456789012345678901; order 12345678901',
      merchantData: { description: 'POS •••• 1111', location: { city: 'Paris' } },
    };
    const one = await h.ok('service:call', {
      profileId,
      requestId: 't',
      endpoint: 'getTransaction',
      params: { transactionId: LUHN_ID },
    });
    expectNoSecrets(one);
    expect(one).toEqual(expected);
    const page = await h.ok('service:call', { profileId, requestId: 'p', endpoint: 'listTransactions' });
    expectNoSecrets(page);
    expect(page).toEqual({ items: [expected], metadata: {} });
  });

  it('an off-ramp address is not a card answer: kept exactly, digits and all', async () => {
    await live();
    const r = (await h.ok('service:call', {
      profileId,
      requestId: 'o',
      endpoint: 'createOfframp',
      body: { virtualAccountId: 'va_1', paymentRail: 'wire', currency: 'usdc' },
    })) as OfframpResult;
    expect(r.addresses[0]?.address).toBe(`0x${PAN}${'a'.repeat(24)}`);
  });
});

describe('maskCardNumbers', () => {
  it.each([
    ['4111111111111111', '•••• 1111'],
    ['card 4111 1111 1111 1111 used', 'card •••• 1111 used'],
    ['4111-1111-1111-1111', '•••• 1111'],
    ['ref 2290 4111 1111 1111 1111 ok', 'ref 2290 •••• 1111 ok'],
    ['6011000990139424 and 378282246310005', '•••• 9424 and •••• 0005'],
    // 12 and 19 digits, the shortest and longest card numbers.
    ['Maestro 501800000009', 'Maestro •••• 0009'],
    ['6759649826438453003 end', '•••• 3003 end'],
  ])('masks %j', (text, masked) => {
    expect(maskCardNumbers(text)).toBe(masked);
  });

  it.each([
    '4111111111111112',
    '41111111111',
    '74123456789012345678901',
    '2026-03-01T10:00:00.000Z',
    'INV-20260301-000123',
    'no digits at all',
    '',
  ])('leaves %j alone', (text) => {
    expect(maskCardNumbers(text)).toBe(text);
  });
});
