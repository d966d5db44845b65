import { describe, expect, it } from 'vitest';
import { redactText, redactValue } from '../../src/main/logs/redact';
import {
  ACCOUNT_NUMBERS,
  GENERATED_CARD_NUMBERS,
  IN_TEXT,
  KEPT,
  KEY_SHAPED,
  PEM_PRIVATE_KEY,
  printedForms,
  SECRET_FIELDS,
  TEST_CARD_NUMBERS,
} from '../support/log-secrets';
import { lcg } from '../support/lcg';

/** The digits of a text, to find a card number whatever separated its groups. */
const digitsOf = (text: string) => text.replace(/\D/g, '');

describe('log redaction by shape', () => {
  it.each(TEST_CARD_NUMBERS.flatMap(printedForms))('removes the card number %s wherever it sits in a line', (n) => {
    for (const line of [n, `card ${n} declined`, `{"card":"${n}"}`, `pan=${n};`]) {
      const out = redactText(line);
      expect(out).not.toContain(n);
      expect(digitsOf(out)).not.toContain(digitsOf(n));
    }
  });

  it('removes Luhn-valid numbers of every length from 13 to 19 digits', () => {
    for (const n of GENERATED_CARD_NUMBERS) {
      expect(digitsOf(redactText(`spent on ${n} today`)), n).not.toContain(n);
    }
    // The fixture covers every length.
    expect(new Set(GENERATED_CARD_NUMBERS.map((n) => n.length))).toEqual(new Set([13, 14, 15, 16, 17, 18, 19]));
  });

  it.each(Object.entries(KEY_SHAPED))('removes a key shaped like %s', (_name, key) => {
    const out = redactText(`request with ${key} failed`);
    expect(out).not.toContain(key);
    expect(out).toContain('request with');
  });

  it('removes a PEM private key whole', () => {
    const out = redactText(`loaded ${PEM_PRIVATE_KEY} from disk`);
    expect(out).not.toContain('MC4CAQAwBQYDK2VwBCIEIHbZ3j3f6zV9wq0l8Xl2m1N4Qx5kR7tP0sYcBvWuE1aM');
    expect(out).not.toContain('PRIVATE KEY');
  });

  it.each(IN_TEXT)('removes the credential of "$text"', ({ text, secret }) => {
    expect(redactText(text)).not.toContain(secret);
  });

  it.each(ACCOUNT_NUMBERS)('keeps only the last 4 digits of the account number %s', (n) => {
    const out = redactText(`to account ${n} at the bank`);
    expect(out).not.toContain(n);
    expect(out).toContain(n.slice(-4));
    expect(digitsOf(out)).toBe(n.slice(-4));
  });

  it.each(KEPT)('keeps "%s" as it is', (text) => {
    expect(redactText(text)).toBe(text);
  });

  it('keeps every row id (a UUID) whole, whatever digits it happens to hold', () => {
    // Ids are random: their digit groups can pass Luhn or run past nine digits by chance.
    const rand = lcg(2026);
    const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[rand.int(0, 15)]).join('');
    const ids = Array.from({ length: 5000 }, () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`);
    // Digit-heavy ones too, where the shape rules bite.
    const digits = (n: number) => Array.from({ length: n }, () => String(rand.int(0, 9))).join('');
    ids.push(
      ...Array.from({ length: 2000 }, () => `${digits(8)}-${digits(4)}-4${digits(3)}-8${digits(3)}-${digits(12)}`),
    );
    const changed = ids.filter((id) => redactText(`row ${id} sent`) !== `row ${id} sent`);
    expect(changed).toEqual([]);
  });

  it('still removes a UUID-shaped secret named as one (the ids are set aside, not exempt from names)', () => {
    const id = '6f1c2b9e-4a7d-4e0b-9c3f-2d8e1a7b5c40';
    expect(redactText(`apiKey=${id} row ${id}`)).toBe(`apiKey=[redacted] row ${id}`);
    expect(redactText(`{"password":"${id}"}`)).not.toContain(id);
  });

  it('is idempotent: a redacted line redacted again is the same line', () => {
    const line = `key ${KEY_SHAPED.stripeStyle} card ${TEST_CARD_NUMBERS[0]} account ${ACCOUNT_NUMBERS[0]}`;
    expect(redactText(redactText(line))).toBe(redactText(line));
  });
});

describe('log redaction by field name', () => {
  it.each(Object.entries(SECRET_FIELDS))('drops the value of a field named %s', (name, value) => {
    const out = JSON.stringify(redactValue({ [name]: value, rows: 3 }));
    expect(out).not.toContain(value);
    expect(out).toContain('"rows":3');
  });

  it('drops them at any depth, in arrays, and in an error’s message and cause', () => {
    const cause = new Error(`vault said ${KEY_SHAPED.testKey}`);
    const value = {
      a: [{ b: { workspacePassword: 'deep-secret-1' } }],
      err: Object.assign(new Error(`card ${TEST_CARD_NUMBERS[2]}`), { cause }),
    };
    const out = JSON.stringify(redactValue(value));
    for (const s of ['deep-secret-1', TEST_CARD_NUMBERS[2] as string, KEY_SHAPED.testKey]) expect(out).not.toContain(s);
  });

  it('keeps an account number field to its last 4 digits', () => {
    expect(redactValue({ accountNumber: '000123456789', routing_number: 21000021 })).toEqual({
      accountNumber: '…6789',
      routing_number: '…0021',
    });
  });

  it('survives cycles and keeps counts as numbers', () => {
    const a: Record<string, unknown> = { pages: 3, rows: 150 };
    a['self'] = a;
    expect(redactValue(a)).toEqual({ pages: 3, rows: 150, self: '[cycle]' });
  });
});

describe('log redaction of shared objects', () => {
  it('writes an object met twice side by side both times (only a cycle is cut)', () => {
    const call = { pages: 1 };
    expect(redactValue({ last: call, lastFailed: call })).toEqual({ last: { pages: 1 }, lastFailed: { pages: 1 } });
  });
});
