import type { z } from 'zod';
import type { BodyOf, EndpointName, Endpoints, PathParams, QueryOf } from './endpoints';

/**
 * What a call to one endpoint takes, derived from the endpoint table so that the type checker
 * demands exactly what the endpoint needs: path params iff the path has any, a body iff the
 * endpoint takes one, an idempotency key iff it requires one. The renderer's `service.call`
 * and main's ServiceClient both use it, so they cannot drift apart.
 */

type HasKeys<T> = [keyof T] extends [never] ? false : true;

type ParamsArg<N extends EndpointName> =
  HasKeys<PathParams<N>> extends true ? { params: PathParams<N> } : { params?: undefined };
type QueryArg<N extends EndpointName> = Endpoints[N] extends { query: z.ZodType }
  ? { query?: QueryOf<N> }
  : { query?: undefined };
type BodyArg<N extends EndpointName> = Endpoints[N] extends { body: z.ZodType }
  ? { body: BodyOf<N> }
  : { body?: undefined };
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
