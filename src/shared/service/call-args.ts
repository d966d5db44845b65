import type { z } from 'zod';
import type { BodyOf, EndpointName, Endpoints, PathParams, QueryOf } from './endpoints';

/**
 * What a call to one endpoint takes, derived from the endpoint table so that the type checker
 * demands exactly what the endpoint needs: path params iff the path has any, a body iff the
 * endpoint takes one, an idempotency key iff it requires one. The renderer's `service.call`
 * and main's ServiceClient both use it, so they cannot drift apart.
 */

type HasKeys<T> = [keyof T] extends [never] ? false : true;

type ParamsArg<N extends EndpointName> = HasKeys<PathParams<N>> extends true ? { params: PathParams<N> } : { params?: undefined };
type QueryArg<N extends EndpointName> = Endpoints[N] extends { query: z.ZodType } ? { query?: QueryOf<N> } : { query?: undefined };
type BodyArg<N extends EndpointName> = Endpoints[N] extends { body: z.ZodType } ? { body: BodyOf<N> } : { body?: undefined };
type IdempotencyArg<N extends EndpointName> = Endpoints[N] extends { idempotent: true }
  ? {
      /** `X-Idempotency-Key`: the outbox row's key, the same on every resend of that row. */
      idempotencyKey: string;
    }
  : Endpoints[N] extends { acceptsKey: true }
    ? {
        /** Sent when given, never relied on (see `acceptsKey`). */
        idempotencyKey?: string;
      }
    : { idempotencyKey?: undefined };

export type ServiceArgs<N extends EndpointName> = ParamsArg<N> & QueryArg<N> & BodyArg<N> & IdempotencyArg<N>;

/** Endpoints that page with `cursor` (their responses carry `metadata.nextCursor`). */
export type ListEndpointName = {
  [N in EndpointName]: 'cursor' extends keyof NonNullable<QueryOf<N>> ? N : never;
}[EndpointName];

// A high surrogate not followed by a low one, or a low one not preceded by a high one: what
// String.prototype.isWellFormed (ES2024, not in our ES2023 lib) refuses.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` is well-formed UTF-16 (no lone surrogate), so it can be URL-encoded. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** A path parameter that cannot change the path it is put in. */
export function pathParamProblem(value: string): string | null {
  if (value === '') return 'is empty';
  // encodeURIComponent throws a URIError on a lone surrogate; refused here with a reason instead.
  if (!isWellFormedText(value)) return 'contains a broken character (an unpaired UTF-16 surrogate); copy the id again';
  // Encoded, "." and ".." are still dot segments: URL parsing collapses them (`/card/..` is `/`).
  if (value === '.' || value === '..') return 'cannot be "." or ".."';
  return null;
}
