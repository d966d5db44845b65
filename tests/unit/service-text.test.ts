import { describe, expect, it } from 'vitest';
import {
  Card,
  cleanText,
  isPlainText,
  Merchant,
  SvcHandle,
  Transaction,
  VirtualAccountView,
  Webhook,
} from '../../src/shared/service';

// Issue 23, finding 3: the strings of an answer are bounded before anything is cached. Text
// that is only read has controls and bidi formatting taken out; exact values (ids, handles) with
// them are refused; and every string has a length limit.

const RLO = '\u202E';
const card = {
  id: 'card_1',
  accountId: 'acc_1',
  last4: '4242',
  name: 'Ops',
  expiryMonth: '01',
  expiryYear: '2030',
  status: 'active',
  isPhysical: false,
};
const tx = {
  id: 't',
  date: '2026-03-01',
  description: 'd',
  amountCents: -100,
  status: 'posted',
  detailedStatus: 'settled',
  accountId: 'a',
  accountSubtype: 'cash',
};
const va = {
  virtualAccount: { id: 'va_1', name: 'Payroll', accountId: 'acc_1', accountType: 'default' },
  balance: { amountCents: 0 },
  spend: { amountCents: 0 },
};

describe('text as the app keeps it', () => {
  it('takes bidirectional formatting out and makes controls and line separators spaces', () => {
    expect(cleanText(`Invoice ${RLO}fdp.exe`)).toBe('Invoice fdp.exe');
    expect(cleanText('a\u2066b\u2069c\u200Fd\u061Ce')).toBe('abcde');
    expect(cleanText('line\nbreak\ttab\u0000nul\u2028sep\u0085nel')).toBe('line break tab nul sep nel');
    // Letters of right-to-left scripts are text, not formatting.
    expect(cleanText('שלום مرحبا')).toBe('שלום مرحبا');
    expect(isPlainText('שלום مرحبا café')).toBe(true);
    expect(isPlainText(`a${RLO}b`)).toBe(false);
  });

  it('cleans the names and descriptions a screen draws', () => {
    expect(Card.parse({ ...card, name: `Travel${RLO}gnirts` }).name).toBe('Travelgnirts');
    expect(
      Transaction.parse({
        ...tx,
        description: `Coffee\n${RLO}shop`,
        memo: 'a\u2067b',
        merchantData: { description: `x${RLO}`, location: { city: 'Pa\u200Eris' } },
      }),
    ).toMatchObject({
      description: 'Coffee shop',
      memo: 'ab',
      merchantData: { description: 'x', location: { city: 'Paris' } },
    });
    expect(
      VirtualAccountView.parse({ ...va, virtualAccount: { ...va.virtualAccount, name: `Pay${RLO}roll` } })
        .virtualAccount.name,
    ).toBe('Payroll');
    expect(Merchant.parse({ id: 'm', name: `Shop${RLO}` }).name).toBe('Shop');
    expect(
      Webhook.parse({
        id: 'w',
        createdAt: '2026-03-01',
        url: `https://x.example/${RLO}a`,
        name: 'n',
        reason: `old${RLO}`,
      }),
    ).toMatchObject({ url: 'https://x.example/a', reason: 'old' });
  });

  it('refuses an id, a code or a handle with a control or bidi character, since cleaning would change what it names', () => {
    expect(Card.safeParse({ ...card, id: `card${RLO}1` }).success).toBe(false);
    expect(Card.safeParse({ ...card, last4: `42${RLO}42` }).success).toBe(false);
    expect(Transaction.safeParse({ ...tx, accountId: 'a\n' }).success).toBe(false);
    expect(SvcHandle.safeParse({ id: 'h', svcHandle: `acme${RLO}`, name: 'Acme', accountId: 'a' }).success).toBe(false);
  });

  it('refuses strings past their limit', () => {
    expect(Card.safeParse({ ...card, name: 'n'.repeat(1000) }).success).toBe(true);
    expect(Card.safeParse({ ...card, name: 'n'.repeat(1001) }).success).toBe(false);
    expect(Transaction.safeParse({ ...tx, description: 'd'.repeat(5001) }).success).toBe(false);
    expect(Card.safeParse({ ...card, id: 'i'.repeat(501) }).success).toBe(false);
    expect(Card.safeParse({ ...card, expiryYear: '2'.repeat(201) }).success).toBe(false);
  });
});
