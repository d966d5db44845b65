import { z } from 'zod';
import { BoolParam, Cents, Cursor, Id, JsonObject, Money, PositiveCents, USER_DATA_MAX_BYTES } from './common';
import { SpendingConstraint, SpendingConstraintView } from './spending-constraint';

export const CardStatus = z.enum(['active', 'paused', 'inactive', 'closed']);
export type CardStatus = z.infer<typeof CardStatus>;
export const CARD_STATUSES = CardStatus.options;

export const CardModifier = z.looseObject({ name: z.string(), value: z.boolean() });

export const Card = z.looseObject({
  id: z.string(),
  accountId: z.string(),
  virtualAccountId: z.string().optional(),
  last4: z.string(),
  name: z.string(),
  expiryMonth: z.string(),
  expiryYear: z.string(),
  status: CardStatus,
  isPhysical: z.boolean(),
  isSingleUse: z.boolean().optional(),
  /** Only from {vault_url} with include_pan=true. Never stored by the app. */
  pan: z.string().optional(),
  /** Only from {vault_url} with include_cvv=true. Never stored by the app. */
  cvv: z.string().optional(),
  cardGroupId: z.string().optional(),
  cardGroupName: z.string().optional(),
  createdAt: z.string().optional(),
  spendingConstraint: SpendingConstraintView.optional(),
  userData: JsonObject.optional(),
  cardProductId: z.string().optional(),
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
export const Utilization = z.looseObject({
  spend: Money,
  availableBalance: Money.optional(),
  nextResetDate: z.string().optional(),
});
export type Utilization = z.infer<typeof Utilization>;

/**
 * GET /card/{id}/events: card-network events. SERVICE.md names them (authorizations, reversals,
 * verifications) without a shape and the reference has none; this is our reasoned shape: one
 * record per network message, linked to the transaction it produced when there is one.
 */
export const CardEventType = z.enum(['authorization', 'reversal', 'verification']);
export type CardEventType = z.infer<typeof CardEventType>;
export const CardEvent = z.looseObject({
  id: z.string(),
  cardId: z.string(),
  type: CardEventType,
  approved: z.boolean(),
  amountCents: Cents,
  merchantName: z.string().optional(),
  merchantCategoryCode: z.string().optional(),
  country: z.string().optional(),
  declineReason: z.string().optional(),
  transactionId: z.string().optional(),
  createdAt: z.string(),
});
export type CardEvent = z.infer<typeof CardEvent>;
export const CardEventListQuery = z.object({ cursor: Cursor.optional() });

export const CardProduct = z.looseObject({
  id: z.string(),
  prefix: z.string(),
  status: z.enum(['active', 'inactive']),
});
export type CardProduct = z.infer<typeof CardProduct>;

export const CursorQuery = z.object({ cursor: Cursor.optional() });

/** Sandbox-only: simulate a card authorization (admin route). */
export const SimulatedAuthorization = z.object({
  cardId: Id,
  amountCents: PositiveCents,
  merchantName: z.string().min(1).max(200).optional(),
  mcc: z.string().regex(/^\d{4}$/).optional(),
  country: z.string().regex(/^[A-Z]{2,3}$/).optional(),
});
export type SimulatedAuthorization = z.infer<typeof SimulatedAuthorization>;
