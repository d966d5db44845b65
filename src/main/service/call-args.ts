import type { EndpointName, Endpoints, ResponseOf, ServiceArgs } from '../../shared/service';

/**
 * The arguments of one generated ServiceClient method: what the endpoint needs (shared with the
 * renderer's `service.call`, src/shared/service/call-args.ts) plus what only main has: the vault
 * host, where the vault serves the endpoint, and an abort signal.
 */

type VaultArg<N extends EndpointName> = Endpoints[N]['hosts'] extends 'api+vault'
  ? {
      /** Send to {vault_url} (needed for PAN/CVV). */
      vault?: boolean;
    }
  : { vault?: undefined };

export type CallArgs<N extends EndpointName> = ServiceArgs<N> &
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

export type { ListEndpointName } from '../../shared/service';
