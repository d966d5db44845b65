import { z } from 'zod';
import { BoolParam, Cursor, Id, IsoDateTime, Money, MoneyInput } from './common';
import { Code, NameText, ServiceId } from './text';

export const AccountType = z.enum(['default', 'primary']);

export const VirtualAccount = z.object({
  id: ServiceId,
  name: NameText,
  accountId: ServiceId,
  accountType: AccountType,
  accountNumber: Code.optional(),
  routingNumber: Code.optional(),
  /** null (or absent) while open. */
  closedAt: Code.nullish(),
});
export type VirtualAccount = z.infer<typeof VirtualAccount>;

export const CommissionFrequency = z.enum(['monthly', 'yearly']);

/** flatFee is the only type the contract states (docs/service.md, "Virtual accounts and commission rules"); the reference also has takeRate, which we read but never send. */
export const FlatFeeCommission = z.object({
  type: z.literal('flatFee'),
  amount: Money,
  frequency: CommissionFrequency,
  startDate: Code.optional(),
});
export const TakeRateCommission = z.object({ type: z.literal('takeRate'), takeRate: z.number() });
export const CommissionDetails = z.discriminatedUnion('type', [FlatFeeCommission, TakeRateCommission]);
export type CommissionDetails = z.infer<typeof CommissionDetails>;

export const CommissionRule = z.object({
  id: ServiceId,
  virtualAccountId: ServiceId,
  commissionDetails: CommissionDetails,
});
export type CommissionRule = z.infer<typeof CommissionRule>;

/** Read view of single reads and list items. */
export const VirtualAccountView = z.object({
  virtualAccount: VirtualAccount,
  balance: Money,
  spend: Money,
  commissionRule: CommissionRule.optional(),
});
export type VirtualAccountView = z.infer<typeof VirtualAccountView>;

/** What a PATCH (and POST) answers. */
export const VirtualAccountWriteResult = z.object({
  virtualAccount: VirtualAccount,
  commissionRule: CommissionRule.nullish(),
});
export type VirtualAccountWriteResult = z.infer<typeof VirtualAccountWriteResult>;

export const CommissionDetailsInput = z.object({
  type: z.literal('flatFee'),
  amount: MoneyInput.refine((m) => m.amountCents > 0, 'commission amount must be greater than zero'),
  frequency: CommissionFrequency,
  startDate: IsoDateTime,
});
export type CommissionDetailsInput = z.infer<typeof CommissionDetailsInput>;

export const VirtualAccountUpdate = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('update'),
    name: z.string().min(1).max(100).optional(),
    commissionDetails: CommissionDetailsInput.optional(),
  }),
  z.object({ action: z.literal('close') }),
]);
export type VirtualAccountUpdate = z.infer<typeof VirtualAccountUpdate>;

/** POST /virtual-account (in the reference contract only: docs/service.md, "Virtual accounts and commission rules"). */
export const VirtualAccountCreate = z.object({
  name: z.string().min(1).max(100),
  accountId: Id,
  commissionDetails: CommissionDetailsInput.optional(),
});
export type VirtualAccountCreate = z.infer<typeof VirtualAccountCreate>;

export const VirtualAccountListQuery = z.object({
  cursor: Cursor.optional(),
  'filter:accountId': Id.optional(),
  'filter:includeClosedAccounts': BoolParam.optional(),
});
export type VirtualAccountListQuery = z.infer<typeof VirtualAccountListQuery>;
