import { z } from 'zod';
import { Cursor, Id, Money } from './common';
import { Code, exactText, NAME_MAX, NameText, ServiceId } from './text';

export const SvcHandle = z.object({
  id: ServiceId,
  /** The payee's username, sent back as it is to pay them: exact, never cleaned. */
  svcHandle: exactText(NAME_MAX),
  name: NameText,
  accountId: ServiceId,
});
export type SvcHandle = z.infer<typeof SvcHandle>;

export const Merchant = z.object({ id: ServiceId, name: NameText, url: NameText.optional() });
export type Merchant = z.infer<typeof Merchant>;

export const MerchantListQuery = z.object({
  cursor: Cursor.optional(),
  'search:merchant_name': z.string().min(1).max(200).optional(),
});
export type MerchantListQuery = z.infer<typeof MerchantListQuery>;

export const LegalEntity = z.object({
  id: ServiceId,
  name: NameText,
  structure: NameText.optional(),
});
export type LegalEntity = z.infer<typeof LegalEntity>;

export const Account = z.object({
  id: ServiceId,
  type: z.enum(['debit', 'charge_card']),
  status: z.enum(['open', 'closed']),
  name: NameText,
  accountNumber: Code,
  routingNumber: Code,
  createdAt: Code,
  balances: z.array(z.enum(['debit', 'cash', 'credit'])),
});
export type Account = z.infer<typeof Account>;

export const AccountListQuery = z.object({
  cursor: Cursor.optional(),
  'filter:legalEntityId': Id.optional(),
});

export const Balance = z.object({
  accountId: ServiceId,
  type: z.enum(['cash', 'credit', 'debit']),
  available: Money,
  posted: Money,
  timestamp: Code,
});
export type Balance = z.infer<typeof Balance>;
export const AccountBalances = z.object({ balances: z.array(Balance) });
