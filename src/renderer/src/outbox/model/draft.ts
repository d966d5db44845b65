import type { DraftInput, OutboxRow } from '../../../../shared/outbox';

/** A new idempotency key: UUID v4 from the platform's CSPRNG. */
export function newKey(): string {
  return crypto.randomUUID();
}

/** Where a row spends from (FIFO per source) and what it funds (rows spending from there wait for it). */
export function queueKeys(input: DraftInput): { sourceKey: string; fundsKey?: string } {
  switch (input.kind) {
    case 'transfer':
      return { sourceKey: `va:${input.payload.source}`, fundsKey: `va:${input.payload.destination}` };
    case 'payment':
      return { sourceKey: `handle:${input.payload.sourceSvcHandleId ?? 'own'}` };
    case 'note':
      return { sourceKey: `note:${input.payload.transactionId}` };
  }
}

export function amountOf(input: DraftInput): number {
  return input.kind === 'note' ? 0 : input.payload.amountCents;
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
  const schedule = row.notBefore ? { notBefore: row.notBefore } : {};
  switch (row.kind) {
    case 'transfer':
      return { kind: 'transfer', payload: { ...row.payload, amountCents }, labels: row.labels, ...schedule };
    case 'payment':
      return { kind: 'payment', payload: { ...row.payload, amountCents }, labels: row.labels, ...schedule };
    case 'note':
      throw new Error('A note has no amount.');
  }
}
