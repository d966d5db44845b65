import { z } from 'zod';
import { boundedRecord } from '../bounded-json';

/**
 * Shapes shared by every resource. Response shapes name the fields the app uses and drop any
 * other (the real service adds fields over time, which must not fail a call, and nothing the app
 * does not know may reach its cache: a proxy's `cardNumber` included); request shapes are what
 * we send and accept.
 */

/** Whole cents, within the range where JavaScript numbers are exact. */
export const Cents = z.number().int().refine(Number.isSafeInteger, 'amount out of range');

/** A strictly positive amount of cents, as every transfer and payment requires. */
export const PositiveCents = Cents.refine((n) => n > 0, 'amount must be greater than zero');

export const Money = z.object({ amountCents: Cents });
export type Money = z.infer<typeof Money>;

/** Request-side Money: the same field, no extras. */
export const MoneyInput = z.object({ amountCents: Cents });

export const Id = z.string().min(1).max(200);

/** ISO 8601 date-time with an offset or Z. */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** ISO 8601 calendar day (YYYY-MM-DD). */
export const IsoDay = z.iso.date();

/** Unix time in milliseconds, as list filters take it (a string in the query). */
export const UnixMillisParam = z.string().regex(/^\d{1,15}$/, 'expected unix time in milliseconds');

export const BoolParam = z.enum(['true', 'false']);

/** A cursor is sent back as it came, so the service's are held to what a request takes. */
export const CURSOR_MAX = 500;
export const Cursor = z.string().min(1).max(CURSOR_MAX);

export const PaginationMetadata = z.object({
  nextCursor: z.string().max(CURSOR_MAX, `a cursor is at most ${CURSOR_MAX} characters`).optional(),
  count: z.number().int().nonnegative().optional(),
});
export type PaginationMetadata = z.infer<typeof PaginationMetadata>;

/** The paginated list envelope: `items` plus `metadata.nextCursor` and `metadata.count`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    metadata: PaginationMetadata.optional(),
  });
}
export interface Page<T> {
  items: T[];
  metadata?: PaginationMetadata;
}

/** The error body of the reference contract, carried by every 4xx and 5xx. */
export const ErrorBody = z.looseObject({
  message: z.string(),
  name: z.string(),
  identifier: z.string(),
  rawStatus: z.number(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const USER_DATA_MAX_BYTES = 4096;

/**
 * A JSON object supplied by the client (card `userData`). More keys than this cannot fit in its
 * 4 KB (each takes at least `"k":0,`), so such an object is refused before its keys are read.
 */
export const JSON_OBJECT_MAX_KEYS = USER_DATA_MAX_BYTES / 4;
export const JsonObject = boundedRecord(z.string(), z.unknown(), JSON_OBJECT_MAX_KEYS);
export type JsonObject = z.infer<typeof JsonObject>;
