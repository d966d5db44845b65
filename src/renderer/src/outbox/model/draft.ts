import type { DraftInput, OutboxRow } from '../../../../shared/outbox';
import { kindOf } from './kinds';

/** A new idempotency key: UUID v4 from the platform's CSPRNG. */
export function newKey(): string {
  return crypto.randomUUID();
}

/** Where a row spends from (FIFO per source) and what it funds (rows spending from there wait for it). */
export function queueKeys(input: DraftInput): { sourceKey: string; fundsKey?: string } {
  return kindOf(input).queueKeys(input.payload);
}

export function amountOf(input: DraftInput): number {
  return kindOf(input).amountCents(input.payload);
}

/** The row a draft starts as; the repository writes it, key included, in one transaction. */
export function draftRow(input: DraftInput, profileId: string, id: string, key: string, now: number): OutboxRow {
  const base = {
    id,
    profileId,
    idempotencyKey: key,
    state: 'draft' as const,
    createdAt: now,
    updatedAt: now,
    attempts: [],
    history: [{ at: now, from: null, to: 'draft' as const }],
    amountCents: amountOf(input),
    labels: input.labels ?? {},
    ...queueKeys(input),
    ...(input.kind !== 'note' && input.notBefore !== undefined ? { notBefore: input.notBefore } : {}),
  };
  return { ...base, kind: input.kind, payload: input.payload } as OutboxRow;
}

/** The row's draft with another amount (the same parties, memo, schedule and labels). */
export function withAmount(row: OutboxRow, amountCents: number): DraftInput {
  const payload = kindOf(row).withAmount(row.payload, amountCents);
  if (payload === null) throw new Error(`A ${row.kind} has no amount.`);
  return {
    kind: row.kind,
    payload,
    labels: row.labels,
    ...(row.notBefore ? { notBefore: row.notBefore } : {}),
  } as DraftInput;
}
