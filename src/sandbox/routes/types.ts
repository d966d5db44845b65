import type { EndpointName, ParsedBodyOf, ParsedQueryOf, PathParams, ResponseOf } from '../../shared/service';
import type { World } from '../world/world';

export interface RouteContext<N extends EndpointName> {
  params: PathParams<N>;
  query: ParsedQueryOf<N>;
  body: ParsedBodyOf<N>;
  /** Request headers, lower-cased names. */
  headers: Record<string, string | undefined>;
  /** Which listener the request came to: the API or the vault. */
  host: 'api' | 'vault';
  world: World;
}

export type RouteHandler<N extends EndpointName> = (ctx: RouteContext<N>) => ResponseOf<N> | Promise<ResponseOf<N>>;

/** One handler per endpoint of the contract: the type checker refuses a missing one. */
export type RouteTable = { [N in EndpointName]: RouteHandler<N> };
