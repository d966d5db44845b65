import { z } from 'zod';
import { Id, PositiveCents } from './common';
import { Code, exactText, ServiceId } from './text';
import { CHAIN_PATTERN, walletAddressProblem } from './wallet-address';

export const IDEMPOTENCY_HEADER = 'x-idempotency-key';

export const TransferRequest = z
  .object({
    source: Id,
    destination: Id,
    amountCents: PositiveCents,
    memo: z.string().max(255).optional(),
  })
  .refine((t) => t.source !== t.destination, {
    message: 'source and destination must be different accounts',
    path: ['destination'],
  });
export type TransferRequest = z.infer<typeof TransferRequest>;

export const TransferResult = z.object({ transferId: ServiceId });
export type TransferResult = z.infer<typeof TransferResult>;

export const PayRequest = z.object({
  amountCents: PositiveCents,
  svcHandle: z.string().min(1).max(200),
  sourceSvcHandleId: Id.optional(),
  legalEntityId: Id.optional(),
});
export type PayRequest = z.infer<typeof PayRequest>;

export const PayResult = z.object({ success: z.boolean(), redirect: Code.optional() });
export type PayResult = z.infer<typeof PayResult>;

export const OfframpRequest = z.object({
  virtualAccountId: Id,
  paymentRail: z.enum(['ach', 'wire']),
  currency: z.enum(['usdt', 'usdc']),
});
export type OfframpRequest = z.infer<typeof OfframpRequest>;

export const WalletStatus = z.enum(['pending_active', 'active', 'deactivated']);

export const Wallet = z.object({
  id: ServiceId,
  type: z.literal('off_ramp'),
  status: WalletStatus,
  subaccountId: ServiceId,
  svcAccountGroupId: ServiceId,
  timestamp: Code,
});
export type Wallet = z.infer<typeof Wallet>;

/** A memo the sender must attach as it is (Stellar's are 28 bytes; this leaves room for others'). */
const BLOCKCHAIN_MEMO_MAX = 256;

/**
 * A deposit address: its chain's form (wallet-address.ts), never empty, never longer than a QR
 * code is asked to hold, no control or bidirectional character; an answer with one that is not
 * is refused whole, so nothing of it is cached.
 */
export const WalletAddress = z
  .object({
    id: ServiceId,
    walletId: ServiceId,
    status: WalletStatus,
    currency: z.enum(['usdc', 'usdt']),
    chain: z.string().regex(CHAIN_PATTERN, 'expected a chain name such as ethereum'),
    address: z.string(),
    method: z.enum(['wire', 'ach']).optional(),
    blockchainMemo: exactText(BLOCKCHAIN_MEMO_MAX).optional(),
    timestamp: Code,
  })
  .superRefine((a, ctx) => {
    const problem = walletAddressProblem(a.chain, a.address);
    if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem });
  });
export type WalletAddress = z.infer<typeof WalletAddress>;

export const OfframpResult = z.object({ wallet: Wallet, addresses: z.array(WalletAddress) });
export type OfframpResult = z.infer<typeof OfframpResult>;
