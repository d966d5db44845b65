import { z } from 'zod';
import { BoolParam, Cents, Cursor, Id, JsonObject, Money, PositiveCents, USER_DATA_MAX_BYTES } from './common';
import { SpendingConstraint, SpendingConstraintView } from './spending-constraint';
import { Code, FreeText, NameText, ServiceId } from './text';

export const CardStatus = z.enum(['active', 'paused', 'inactive', 'closed']);
export type CardStatus = z.infer<typeof CardStatus>;
export const CARD_STATUSES = CardStatus.options;

export const CardModifier = z.object({ name: NameText, value: z.boolean() });

/** What the app keeps of a card: these fields only (an unknown one is dropped), each bounded (text.ts). */
export const Card = z.object({
  id: ServiceId,
  accountId: ServiceId,
  virtualAccountId: ServiceId.optional(),
  last4: Code,
  name: NameText,
  expiryMonth: Code,
  expiryYear: Code,
  status: CardStatus,
  isPhysical: z.boolean(),
  isSingleUse: z.boolean().optional(),
  /** Only from {vault_url} with include_pan=true. Never stored by the app. */
  pan: Code.optional(),
  /** Only from {vault_url} with include_cvv=true. Never stored by the app. */
  cvv: Code.optional(),
  cardGroupId: ServiceId.optional(),
  cardGroupName: NameText.optional(),
  createdAt: Code.optional(),
  spendingConstraint: SpendingConstraintView.optional(),
  userData: JsonObject.optional(),
  cardProductId: ServiceId.optional(),
  modifiers: z.array(CardModifier).optional(),
});
export type Card = z.infer<typeof Card>;

export const CardReadQuery = z.object({
  include_pan: BoolParam.optional(),
  include_cvv: BoolParam.optional(),
});
export type CardReadQuery = z.infer<typeof CardReadQuery>;

export const CardSort = z.enum(['createdAt', 'name']);
export const SortDirection = z.enum(['ASC', 'DESC']);

export const CardListQuery = z
  .object({
    cursor: Cursor.optional(),
    'filter:legalEntityId': Id.optional(),
    'filter:accountId': Id.optional(),
    'filter:virtualAccountId': Id.optional(),
    'filter:status': CardStatus.optional(),
    'filter:cardGroupId': Id.optional(),
    'filter:cardGroupName': z.string().min(1).max(200).optional(),
    sort: CardSort.optional(),
    sortDirection: SortDirection.optional(),
  })
  .refine((q) => !(q['filter:cardGroupId'] && q['filter:cardGroupName']), {
    message: 'filter:cardGroupId cannot be combined with filter:cardGroupName',
    path: ['filter:cardGroupName'],
  });
export type CardListQuery = z.infer<typeof CardListQuery>;

function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** `userData`: a JSON object of at most 4 KB once serialized. */
export const UserData = JsonObject.refine(
  (o) => jsonBytes(o) <= USER_DATA_MAX_BYTES,
  `userData must be at most ${USER_DATA_MAX_BYTES} bytes of JSON`,
);

export const CardUpdate = z.object({
  name: z.string().min(1).max(100).optional(),
  status: CardStatus.optional(),
  /** null removes the card from its group; omitted leaves the group unchanged. */
  cardGroupId: Id.nullable().optional(),
  /** null removes every card-level constraint. */
  spendingConstraint: SpendingConstraint.nullable().optional(),
  /** null removes the card's userData. */
  userData: UserData.nullable().optional(),
});
export type CardUpdate = z.infer<typeof CardUpdate>;

/** POST /card (named in the change history; shape from the reference contract). */
export const CardCreate = z.object({
  name: z.string().min(1).max(100),
  type: z.enum(['virtual']),
  accountId: Id.optional(),
  virtualAccountId: Id.optional(),
  cardGroupId: Id.optional(),
  cardProductId: Id.optional(),
  isSingleUse: z.boolean().optional(),
  spendingConstraint: SpendingConstraint.optional(),
  userData: UserData.optional(),
});
export type CardCreate = z.infer<typeof CardCreate>;

/** GET /card/{id}/utilization and GET /card-group/{id}/utilization. */
export const Utilization = z.object({
  spend: Money,
  availableBalance: Money.optional(),
  nextResetDate: Code.optional(),
});
export type Utilization = z.infer<typeof Utilization>;

/**
 * GET /card/{id}/events: card-network events. The contract names them (authorizations, reversals,
 * verifications) without a shape and the reference has none; this is our reasoned shape: one
 * record per network message, linked to the transaction it produced when there is one
 * (docs/service.md, "Cards").
 */
export const CardEventType = z.enum(['authorization', 'reversal', 'verification']);
export type CardEventType = z.infer<typeof CardEventType>;
export const CardEvent = z.object({
  id: ServiceId,
  cardId: ServiceId,
  type: CardEventType,
  approved: z.boolean(),
  amountCents: Cents,
  merchantName: NameText.optional(),
  merchantCategoryCode: Code.optional(),
  country: NameText.optional(),
  declineReason: FreeText.optional(),
  transactionId: ServiceId.optional(),
  createdAt: Code,
});
export type CardEvent = z.infer<typeof CardEvent>;
export const CardEventListQuery = z.object({ cursor: Cursor.optional() });

export const CardProduct = z.object({
  id: ServiceId,
  prefix: Code,
  status: z.enum(['active', 'inactive']),
});
export type CardProduct = z.infer<typeof CardProduct>;

export const CursorQuery = z.object({ cursor: Cursor.optional() });

/** Sandbox-only: simulate a card authorization (admin route). */
export const SimulatedAuthorization = z.object({
  cardId: Id,
  amountCents: PositiveCents,
  merchantName: z.string().min(1).max(200).optional(),
  mcc: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2,3}$/)
    .optional(),
});
export type SimulatedAuthorization = z.infer<typeof SimulatedAuthorization>;
