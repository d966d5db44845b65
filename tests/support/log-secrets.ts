import { lcg } from './lcg';

/**
 * Secrets as they could reach a log line, written apart from the redaction they test: published
 * test card numbers, keys in the shapes services issue, and card numbers made here with their own
 * check digit (a table of the doubled digits, not the redaction's arithmetic).
 */

/** Card networks' published test numbers (Visa, Mastercard, Amex, Discover, Diners, JCB, UnionPay). */
export const TEST_CARD_NUMBERS = [
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '378282246310005',
  '6011111111111117',
  '3056930009020004',
  '3566002020360505',
  '6200000000000005',
  '4111111111111',
];

const DOUBLED = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];

/** A number of `length` digits whose last digit makes the Luhn sum a multiple of ten. */
export function cardNumberOf(length: number, seed: number): string {
  const r = lcg(seed);
  const body = [r.int(1, 9), ...Array.from({ length: length - 2 }, () => r.int(0, 9))];
  // From the right of the body (the check digit will be position 0): positions 1, 3, 5… are doubled.
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - i;
    const d = body[i] as number;
    sum += fromRight % 2 === 1 ? (DOUBLED[d] as number) : d;
  }
  return `${body.join('')}${(10 - (sum % 10)) % 10}`;
}

/** Generated card numbers of every length the redaction must catch (13 to 19 digits). */
export const GENERATED_CARD_NUMBERS = Array.from({ length: 7 * 6 }, (_, i) => cardNumberOf(13 + (i % 7), 1000 + i));

/** How a card number is printed: bare, in groups of 4 with spaces or dashes. */
export function printedForms(digits: string): string[] {
  const groups = digits.match(/.{1,4}/g) ?? [digits];
  return [digits, groups.join(' '), groups.join('-')];
}

/** Keys and other secrets a log could be handed as text. */
export const KEY_SHAPED = {
  stripeStyle: 'sk_live_51HxYzAbCdEf0123456789QwErTy',
  testKey: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  sandboxKey: 'sbx_Qm9vYmFyQmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg',
  webhookSecret: 'whsec_5WbX5kEWLlfzsGNjH64I8lOOqUB6e8FH',
  hexSigningKey: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  base64Key: 'MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=',
  jwtLike: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
} as const;

/** A PEM private key (an Ed25519 one made for this fixture; it signs nothing). */
export const PEM_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIHbZ3j3f6zV9wq0l8Xl2m1N4Qx5kR7tP0sYcBvWuE1aM
-----END PRIVATE KEY-----`;

/** Credentials inside text as libraries print them. */
export const IN_TEXT = [
  { text: 'connect postgres://treasurer:Hunter2-Wx9!@db.example.com:5432/team failed', secret: 'Hunter2-Wx9!' },
  { text: 'Authorization: Bearer abc.DEF-ghi_123', secret: 'abc.DEF-ghi_123' },
  { text: 'retrying with password=CorrectHorse9 after 3 s', secret: 'CorrectHorse9' },
  { text: '{"apiKey":"kq8-Zr3-Pp0"}', secret: 'kq8-Zr3-Pp0' },
  { text: 'cvc: 737 was refused', secret: '737' },
] as const;

/** Fields whose value must go, whatever it looks like, by their name. */
export const SECRET_FIELDS: Record<string, string> = {
  apiKey: 'plain words key',
  api_key: 'another',
  password: 'open sesame',
  workspacePassword: 'tr0ub4dor',
  secret: 'shh-quiet-one',
  token: 'tkn-q1w2',
  cvc: 'cvc-321',
  pan: 'pan-value-7',
  number: 'number-value-8',
  memo: 'Rent for the flat on Elm Street',
  note: 'call Bob about the invoice',
  signingKey: 'ed25519 thing',
  privateKey: 'pk-material',
  Authorization: 'Basic dXNlcjpwYXNz',
};

/** Account numbers: only their last 4 digits may stay. */
export const ACCOUNT_NUMBERS = ['000123456789', '9876543210', '12345678901234567'];

/** What must come through unchanged: a log that loses these is no use to support. */
export const KEPT = [
  '2026-11-29T08:30:02.123Z',
  'profile=6f1c2b9e-4a7d-4e0b-9c3f-2d8e1a7b5c40',
  'row 3f2a9c1e-77b0-4d2e-a5c1-09e8f7d6c5b4 sent in 812 ms',
  // A row id whose digit groups run to ten digits with dashes (69-3742-4633-93): CI's fresh clone
  // cut it to its last four once, as if an account number.
  '{"rowId":"ba02cf69-3742-4633-93ab-9193c1bd2f4b","kind":"payment"}',
  'GET https://api.example.com/v1/transactions?limit=50 -> 503',
  'pages=12 rows=600 status=429',
  'http://127.0.0.1:43817/v1/accounts',
];
