import { describe, expect, it } from 'vitest';
import {
  buildPath,
  Card,
  CardListQuery,
  CardUpdate,
  endpoints,
  PayRequest,
  SpendingConstraintPatch,
  Transaction,
  TransferRequest,
  utilizationLimitsOf,
  UtilizationLimit,
  VirtualAccountUpdate,
  WebhookCreate,
} from '../../src/shared/service';

const card = {
  id: 'card_1',
  accountId: 'acct_1',
  last4: '4242',
  name: 'Ops',
  expiryMonth: '01',
  expiryYear: '2030',
  status: 'active',
  isPhysical: false,
};

describe('service contract schemas', () => {
  it('take an answer with fields the server adds later, and drop them: nothing unknown is cached', () => {
    const parsed = Card.parse({ ...card, brandNewField: { x: 1 } });
    expect(parsed).toEqual(card);
    expect(Object.keys(parsed)).not.toContain('brandNewField');
  });

  it('reject responses that miss a required field or carry a wrong enum', () => {
    const { last4: _omit, ...noLast4 } = card;
    expect(Card.safeParse(noLast4).success).toBe(false);
    expect(Card.safeParse({ ...card, status: 'frozen' }).success).toBe(false);
  });

  it('hold money to whole cents', () => {
    const tx = {
      id: 't',
      date: '2025-01-01',
      description: 'd',
      amountCents: 12.5,
      status: 'posted',
      detailedStatus: 'settled',
      accountId: 'a',
      accountSubtype: 'cash',
    };
    expect(Transaction.safeParse(tx).success).toBe(false);
    expect(Transaction.safeParse({ ...tx, amountCents: -1250 }).success).toBe(true);
    for (const amountCents of [0, -1, 1.5, 2 ** 60, Number.NaN]) {
      expect(
        TransferRequest.safeParse({ source: 'a', destination: 'b', amountCents }).success,
        String(amountCents),
      ).toBe(false);
      expect(PayRequest.safeParse({ svcHandle: 'h', amountCents }).success, String(amountCents)).toBe(false);
    }
  });

  it('refuse a transfer to the same account', () => {
    expect(TransferRequest.safeParse({ source: 'a', destination: 'a', amountCents: 1 }).success).toBe(false);
  });

  it('refuse filter:cardGroupId together with filter:cardGroupName', () => {
    expect(CardListQuery.safeParse({ 'filter:cardGroupId': 'g', 'filter:cardGroupName': 'n' }).success).toBe(false);
    expect(CardListQuery.safeParse({ 'filter:cardGroupId': 'g' }).success).toBe(true);
  });

  it('give null its meaning in card updates and constraint patches', () => {
    expect(CardUpdate.parse({ cardGroupId: null, spendingConstraint: null, userData: null })).toEqual({
      cardGroupId: null,
      spendingConstraint: null,
      userData: null,
    });
    expect(CardUpdate.parse({})).toEqual({});
    expect(SpendingConstraintPatch.parse({ countryRule: null })).toEqual({ countryRule: null });
  });

  it('limit userData to 4 KB of JSON', () => {
    expect(CardUpdate.safeParse({ userData: { note: 'x'.repeat(4000) } }).success).toBe(true);
    expect(CardUpdate.safeParse({ userData: { note: 'x'.repeat(4100) } }).success).toBe(false);
    expect(CardUpdate.safeParse({ userData: [1, 2] }).success).toBe(false);
  });

  it('check utilization limits: IANA time zones and ISO days', () => {
    expect(
      UtilizationLimit.safeParse({ limitAmount: { amountCents: 100 }, preset: 'daily', timezone: 'Europe/Paris' })
        .success,
    ).toBe(true);
    expect(
      UtilizationLimit.safeParse({ limitAmount: { amountCents: 100 }, preset: 'daily', timezone: 'Mars/Olympus' })
        .success,
    ).toBe(false);
    expect(
      UtilizationLimit.safeParse({ limitAmount: { amountCents: 100 }, preset: 'weekly', startDate: '2025-13-01' })
        .success,
    ).toBe(false);
    const limits = utilizationLimitsOf({
      spendingRule: {
        utilizationLimit: { limitAmount: { amountCents: 1 }, preset: 'daily' },
        utilizationLimitV2: [{ limitAmount: { amountCents: 2 }, preset: 'monthly' }],
      },
    });
    expect(limits.map((l) => l.preset)).toEqual(['daily', 'monthly']);
  });

  it('accept the two virtual-account actions only', () => {
    expect(VirtualAccountUpdate.safeParse({ action: 'close' }).success).toBe(true);
    expect(VirtualAccountUpdate.safeParse({ action: 'delete' }).success).toBe(false);
    expect(
      VirtualAccountUpdate.safeParse({
        action: 'update',
        commissionDetails: {
          type: 'flatFee',
          amount: { amountCents: 500 },
          frequency: 'monthly',
          startDate: '2025-01-01T00:00:00Z',
        },
      }).success,
    ).toBe(true);
  });

  it('accept only absolute http(s) webhook URLs', () => {
    for (const url of ['ftp://x.example/h', '/relative', 'not a url', 'javascript:alert(1)']) {
      expect(WebhookCreate.safeParse({ url, name: 'n' }).success, url).toBe(false);
    }
    expect(WebhookCreate.safeParse({ url: 'https://erp.example/hook', name: 'n' }).success).toBe(true);
  });

  it('name every endpoint of the contract (docs/service.md), including those known by name only', () => {
    const routes = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    for (const r of [
      'GET /card/:cardId',
      'PATCH /card/:cardId',
      'GET /card',
      'PATCH /card/:cardId/spending-constraint',
      'POST /card-group',
      'GET /card-group/:cardGroupId',
      'GET /card-group',
      'PATCH /card-group/:cardGroupId',
      'PUT /card-group/:cardGroupId/spending-constraint',
      'GET /transaction/:transactionId',
      'GET /transaction/:transactionId/fee-details',
      'GET /transaction',
      'GET /virtual-account/:virtualAccountId',
      'GET /virtual-account',
      'PATCH /virtual-account/:virtualAccountId',
      'POST /transfer/virtual-account',
      'POST /pay',
      'POST /crypto/offramp',
      'GET /svc-handle',
      'GET /merchant',
      'POST /webhook',
      'PATCH /webhook/:webhookId',
      // 4.8, named only
      'GET /card/:cardId/utilization',
      'GET /card-group/:cardGroupId/utilization',
      'GET /card/:cardId/events',
      'PUT /card/:cardId/spending-constraint',
      'PATCH /card-group/:cardGroupId/spending-constraint',
      'POST /card',
      'GET /card-product',
      'GET /transaction/aggregation',
      'PATCH /transaction/:transactionId/note',
      'POST /virtual-account/transfer',
      'GET /legal-entity',
      'GET /account',
      'GET /webhook',
      'GET /pay',
    ]) {
      expect(routes, r).toContain(r);
    }
  });

  it('encode path parameters so an id cannot change the path', () => {
    expect(buildPath('/card/:cardId', { cardId: '../admin?x=1' })).toBe('/card/..%2Fadmin%3Fx%3D1');
    expect(() => buildPath('/card/:cardId', {})).toThrow(/cardId/);
  });
});
