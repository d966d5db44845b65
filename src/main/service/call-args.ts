import type { z } from 'zod';
import type { BodyOf, EndpointName, Endpoints, PathParams, QueryOf, ResponseOf } from '../../shared/service';

/**
 * The arguments of one generated method, derived from the endpoint table so that the type
 * checker demands exactly what the endpoint needs: path params iff the path has any, a body iff
 * the endpoint takes one, an idempotency key iff it requires one, `vault` only where the vault
 * serves the endpoint.
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
  : { idempotencyKey?: undefined };
type VaultArg<N extends EndpointName> = Endpoints[N]['hosts'] extends 'api+vault'
  ? {
      /** Send to {vault_url} (needed for PAN/CVV). */
      vault?: boolean;
    }
  : { vault?: undefined };

export type CallArgs<N extends EndpointName> = ParamsArg<N> &
  QueryArg<N> &
  BodyArg<N> &
  IdempotencyArg<N> &
  VaultArg<N> & {
    /** Aborts the call (and any retry wait): the error is `canceled`. */
    signal?: AbortSignal;
  };

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];

/** One method per endpoint; the argument is optional when nothing in it is required. */
export type EndpointMethod<N extends EndpointName> = [RequiredKeys<CallArgs<N>>] extends [never]
  ? (args?: CallArgs<N>) => Promise<ResponseOf<N>>
  : (args: CallArgs<N>) => Promise<ResponseOf<N>>;

export type EndpointMethods = { [N in EndpointName]: EndpointMethod<N> };

/** Endpoints that page with `cursor` (their responses carry `metadata.nextCursor`). */
export type ListEndpointName = {
  [N in EndpointName]: 'cursor' extends keyof NonNullable<QueryOf<N>> ? N : never;
}[EndpointName];
