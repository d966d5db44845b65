import type { ArgOf, ChannelName, EventName, Events, ResultOf } from './contract';
import type { Result } from './result';
import type { ServiceCaller } from './service';

/**
 * `window.treasury`: the renderer's view of the contract, and the function that builds it from
 * channel names. Nothing here imports a schema (type imports vanish at build time), so the
 * sandboxed preload stays a few kilobytes: it gets the names from the build, not from zod.
 */

type Split<C extends string> = C extends `${infer D}:${infer V}` ? [D, V] : never;
type Domains = Split<ChannelName>[0];
type VerbsOf<D extends string> = Split<Extract<ChannelName, `${D}:${string}`>>[1];
/** A channel whose argument may be left out takes it as an optional parameter. */
type Invoker<C extends ChannelName> =
  undefined extends ArgOf<C>
    ? (arg?: Exclude<ArgOf<C>, undefined>) => Promise<Result<ResultOf<C>>>
    : (arg: ArgOf<C>) => Promise<Result<ResultOf<C>>>;

export type TreasuryApi = {
  readonly [D in Exclude<Domains, 'service'>]: { readonly [V in VerbsOf<D>]: Invoker<`${D}:${V}` & ChannelName> };
} & {
  readonly service: { readonly call: ServiceCaller; readonly cancel: Invoker<'service:cancel'> };
  readonly version: string;
  /** Subscribes to a main-process event; returns the unsubscribe function. */
  readonly on: <E extends EventName>(event: E, listener: (payload: Events[E]) => void) => () => void;
};

/** The names the bridge is built from (the build injects them into the preload). */
export interface ContractNames {
  channels: readonly string[];
  events: readonly string[];
}

/** How a bridge reaches main: the preload uses ipcRenderer, the browser host a Playwright binding. */
export interface BridgeTransport {
  invoke(channel: string, arg: unknown): Promise<unknown>;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
  version: string;
}

/** Splits a channel name into the `window.treasury` group and method it is exposed as. */
export function channelPath(name: string): [string, string] {
  const [domain, verb] = name.split(':');
  return [domain as string, verb as string];
}

/** The global name under which the preload exposes the bridge. */
export const BRIDGE_KEY = 'treasury';

/**
 * Builds `window.treasury` from the contract's names: one frozen group per domain, one method per
 * channel, and `on()` limited to the contract's events. Nothing else is reachable.
 */
export function createTreasuryApi(names: ContractNames, transport: BridgeTransport): TreasuryApi {
  const groups: Record<string, Record<string, (arg?: unknown) => Promise<unknown>>> = {};
  for (const name of names.channels) {
    const [domain, verb] = channelPath(name);
    (groups[domain] ??= {})[verb] = (arg?: unknown) => transport.invoke(name, arg);
  }
  for (const group of Object.values(groups)) Object.freeze(group);
  const known = new Set(names.events);
  const on = <E extends EventName>(event: E, listener: (payload: Events[E]) => void): (() => void) => {
    if (!known.has(event)) throw new Error(`unknown event ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('listener must be a function');
    return transport.subscribe(event, (payload) => listener(payload as Events[E]));
  };
  // The mapped type cannot be built key by key; the loop above creates exactly its members.
  return Object.freeze({ ...groups, on, version: transport.version }) as unknown as TreasuryApi;
}
