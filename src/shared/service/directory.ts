import { z } from 'zod';
import { Cursor, Id, Money } from './common';

export const SvcHandle = z.looseObject({
  id: z.string(),
  svcHandle: z.string(),
  name: z.string(),
  accountId: z.string(),
});
export type SvcHandle = z.infer<typeof SvcHandle>;

export const Merchant = z.looseObject({ id: z.string(), name: z.string(), url: z.string().optional() });
export type Merchant = z.infer<typeof Merchant>;

export const MerchantListQuery = z.object({
  cursor: Cursor.optional(),
  'search:merchant_name': z.string().min(1).max(200).optional(),
});
export type MerchantListQuery = z.infer<typeof MerchantListQuery>;

export const LegalEntity = z.looseObject({
  id: z.string(),
  name: z.string(),
  structure: z.string().optional(),
});
export type LegalEntity = z.infer<typeof LegalEntity>;

export const Account = z.looseObject({
  id: z.string(),
  type: z.enum(['debit', 'charge_card']),
  status: z.enum(['open', 'closed']),
  name: z.string(),
  accountNumber: z.string(),
  routingNumber: z.string(),
  createdAt: z.string(),
  balances: z.array(z.enum(['debit', 'cash', 'credit'])),
});
export type Account = z.infer<typeof Account>;

export const AccountListQuery = z.object({
  cursor: Cursor.optional(),
  'filter:legalEntityId': Id.optional(),
});

export const Balance = z.looseObject({
  accountId: z.string(),
  type: z.enum(['cash', 'credit', 'debit']),
  available: Money,
  posted: Money,
  timestamp: z.string(),
});
export type Balance = z.infer<typeof Balance>;
export const AccountBalances = z.looseObject({ balances: z.array(Balance) });
