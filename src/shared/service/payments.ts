import { z } from 'zod';
import { Id, PositiveCents } from './common';

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

export const TransferResult = z.looseObject({ transferId: z.string() });
export type TransferResult = z.infer<typeof TransferResult>;

export const PayRequest = z.object({
  amountCents: PositiveCents,
  svcHandle: z.string().min(1).max(200),
  sourceSvcHandleId: Id.optional(),
  legalEntityId: Id.optional(),
});
export type PayRequest = z.infer<typeof PayRequest>;

export const PayResult = z.looseObject({ success: z.boolean(), redirect: z.string().optional() });
export type PayResult = z.infer<typeof PayResult>;

export const OfframpRequest = z.object({
  virtualAccountId: Id,
  paymentRail: z.enum(['ach', 'wire']),
  currency: z.enum(['usdt', 'usdc']),
});
export type OfframpRequest = z.infer<typeof OfframpRequest>;

export const WalletStatus = z.enum(['pending_active', 'active', 'deactivated']);

export const Wallet = z.looseObject({
  id: z.string(),
  type: z.literal('off_ramp'),
  status: WalletStatus,
  subaccountId: z.string(),
  svcAccountGroupId: z.string(),
  timestamp: z.string(),
});
export type Wallet = z.infer<typeof Wallet>;

export const WalletAddress = z.looseObject({
  id: z.string(),
  walletId: z.string(),
  status: WalletStatus,
  currency: z.enum(['usdc', 'usdt']),
  chain: z.string(),
  address: z.string(),
  method: z.enum(['wire', 'ach']).optional(),
  blockchainMemo: z.string().optional(),
  timestamp: z.string(),
});
export type WalletAddress = z.infer<typeof WalletAddress>;

export const OfframpResult = z.looseObject({ wallet: Wallet, addresses: z.array(WalletAddress) });
export type OfframpResult = z.infer<typeof OfframpResult>;
