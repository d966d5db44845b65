import { z } from 'zod';
import { Cursor, Id } from './common';
import { SpendingConstraint, SpendingConstraintView } from './spending-constraint';
import { NameText, ServiceId } from './text';

export const CardGroup = z.object({
  id: ServiceId,
  name: NameText,
  virtualAccountId: ServiceId.optional(),
  spendingConstraint: SpendingConstraintView.nullish(),
});
export type CardGroup = z.infer<typeof CardGroup>;

export const CardGroupCreate = z.object({
  name: z.string().min(1).max(100),
  virtualAccountId: Id.optional(),
  spendingConstraint: SpendingConstraint.optional(),
});
export type CardGroupCreate = z.infer<typeof CardGroupCreate>;

export const CardGroupUpdate = z.object({
  name: z.string().min(1).max(100).optional(),
  /** null removes every group-level constraint. */
  spendingConstraint: SpendingConstraint.nullable().optional(),
});
export type CardGroupUpdate = z.infer<typeof CardGroupUpdate>;

export const CardGroupListQuery = z.object({
  cursor: Cursor.optional(),
  'filter:name': z.string().min(1).max(200).optional(),
});
export type CardGroupListQuery = z.infer<typeof CardGroupListQuery>;
