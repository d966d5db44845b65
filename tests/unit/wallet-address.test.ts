import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OfframpResult, WalletAddress } from '../../src/shared/service';
import { startCore, type CoreHarness } from '../support/core-helpers';
import { json, startStub } from '../support/service-client-helpers';

// Issue 23, finding 3: an off-ramp answer whose address is empty, too long for a QR code, not of
// its chain's form, or carrying control or bidi characters is refused in main, whole: nothing of
// it reaches the renderer to be cached and drawn on every visit.

const WALLET = {
  id: 'wal_1',
  type: 'off_ramp',
  status: 'pending_active',
  subaccountId: 'va_1',
  svcAccountGroupId: 'le_1',
  timestamp: '2026-03-01T10:00:00.000Z',
};
const address = (chain: string, value: string, extra: object = {}) => ({
  id: 'wad_1',
  walletId: 'wal_1',
  status: 'pending_active',
  currency: 'usdc',
  chain,
  address: value,
  method: 'wire',
  timestamp: '2026-03-01T10:00:00.000Z',
  ...extra,
});
const EVM = `0x${'ab12'.repeat(10)}`;

describe('a deposit address', () => {
  it.each([
    ['ethereum', EVM],
    ['ethereum', `0x${'AB12'.repeat(10)}`],
    ['polygon', EVM],
    ['arbitrum', EVM],
    ['solana', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'],
    ['tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
    ['stellar', `G${'A'.repeat(55)}`],
    // A chain neither the contract nor the reference names: the generic form.
    ['cosmos', 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'],
  ])('on %s: %s is taken', (chain, value) => {
    expect(WalletAddress.safeParse(address(chain, value)).success).toBe(true);
  });

  it.each([
    ['ethereum', 'empty', '', /the address is empty/],
    [
      'ethereum',
      '41 hex digits',
      `0x${'ab12'.repeat(10)}0`,
      /not an address on ethereum \(0x followed by 40 hexadecimal digits\)/,
    ],
    ['ethereum', 'no 0x', 'ab12'.repeat(10) + 'ab', /not an address on ethereum/],
    ['ethereum', 'not hex', `0x${'zz12'.repeat(10)}`, /not an address on ethereum/],
    ['ethereum', 'a right-to-left override', `${EVM}\u202E`, /not an address on ethereum/],
    ['ethereum', '3,002 characters', `0x${'a'.repeat(3000)}`, /the address is longer than 128 characters/],
    ['solana', 'an EVM address', `0x${'ab12'.repeat(10)}`, /not an address on solana/],
    ['cosmos', 'too short', 'short', /not an address on cosmos/],
    ['cosmos', 'a space', 'cosmos1 qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu', /not an address on cosmos/],
    ['cosmos', 'isolates', `cosmos1\u2066qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lz\u2069`, /not an address on cosmos/],
  ])('on %s: %s is refused', (chain, _what, value, message) => {
    const r = WalletAddress.safeParse(address(chain, value));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      expect.stringMatching(new RegExp(`^address: ${message.source}`)),
    ]);
  });

  it('refuses a chain that is not a short lower-case name, and a memo with a control or bidi character', () => {
    expect(WalletAddress.safeParse(address('Ethereum\u202E', EVM)).success).toBe(false);
    expect(WalletAddress.safeParse(address('x'.repeat(40), EVM)).success).toBe(false);
    expect(WalletAddress.safeParse(address('ethereum', EVM, { blockchainMemo: 'OFR123\u202E' })).success).toBe(false);
    expect(WalletAddress.safeParse(address('ethereum', EVM, { blockchainMemo: 'OFR1234567890' })).success).toBe(true);
  });

  it('is kept with only the fields the app knows', () => {
    const r = OfframpResult.parse({
      wallet: { ...WALLET, extra: 1 },
      addresses: [address('ethereum', EVM, { pan: '4111111111111111' })],
      more: true,
    });
    expect(r).toEqual({ wallet: WALLET, addresses: [address('ethereum', EVM)] });
  });
});

describe('main refuses a bad off-ramp answer whole', () => {
  let h: CoreHarness;
  let stub: Awaited<ReturnType<typeof startStub>>;
  let answer: unknown;
  beforeAll(async () => {
    stub = await startStub((req, res) => {
      req.resume();
      json(res, 200, answer);
    });
  });
  afterAll(() => stub.close());
  afterEach(() => h?.close());

  it.each([
    ['an empty address', '', 'the address is empty'],
    [
      'one longer than a QR code is asked to hold',
      `0x${'f'.repeat(4000)}`,
      'the address is longer than 128 characters',
    ],
    [
      'one with a right-to-left override',
      `0x${'ab12'.repeat(9)}\u202Eab12`,
      'not an address on ethereum (0x followed by 40 hexadecimal digits)',
    ],
  ])('%s', async (_what, value, reason) => {
    answer = { wallet: WALLET, addresses: [address('ethereum', EVM), address('ethereum', value)] };
    h = await startCore();
    const { id } = await h.ok('profiles:create', {
      name: 'Stub',
      baseUrl: stub.url,
      vaultUrl: stub.url,
      apiKey: 'stub-key-0123456789',
    });
    const r = await h.invoke('service:call', {
      profileId: id,
      requestId: 'w',
      endpoint: 'createOfframp',
      body: { virtualAccountId: 'va_1', paymentRail: 'wire', currency: 'usdc' },
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'service', service: { kind: 'invalid-response' } } });
    if (!r.ok)
      expect(r.error.message).toBe(
        `The service's answer to createOfframp does not match the contract at addresses.1.address (${reason}). The service may have changed; try again later or report it.`,
      );
  });
});
