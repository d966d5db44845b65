import { z } from 'zod';
import { endpoints, type EndpointName, type ResponseOf } from './service';

/**
 * The IPC contract: every channel the renderer may invoke, its argument schema and its result
 * type. Main implements it (a table of async handlers that `satisfies Handlers`), the preload
 * and the test shim are generated from `CHANNELS`, and the renderer's types come from here.
 * Channel names are `domain:verb`; every result is `{ ok: true, value } | { ok: false, error }`.
 */

// ---------------------------------------------------------------- shared shapes

const HttpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'enter an absolute URL starting with https://');

const ApiKey = z.string().trim().min(8, 'the API key looks too short').max(512, 'the API key looks too long');
const ProfileId = z.string().min(1).max(100);
const ProfileName = z.string().trim().min(1, 'give the profile a name').max(100);

export type ProfileKind = 'live' | 'demo';
export type KeyStorage = 'keychain' | 'session' | 'none';

/** What the renderer may know of a profile: never the key, only whether there is one. */
export interface ProfileView {
  id: string;
  name: string;
  kind: ProfileKind;
  /** For Demo: the sandbox's URLs once it runs (empty before). */
  baseUrl: string;
  vaultUrl: string;
  hasKey: boolean;
  keyStorage: KeyStorage;
}

export interface ProfilesState {
  profiles: ProfileView[];
  activeProfileId: string | null;
  /** Set when the settings file was unreadable and was set aside. */
  recovered?: { reason: string; setAsidePath: string };
}

export type ConnectivityState = 'online' | 'offline' | 'degraded' | 'unknown';

export interface ConnectivityStatus {
  state: ConnectivityState;
  profileId: string | null;
  /** ISO time of the last change of state. */
  since: string;
  /** Plain-language reason of the last failure, when not online. */
  reason?: string;
}

export interface KeychainStatus {
  available: boolean;
  reason?: string;
}

export interface ConnectionCheck {
  ok: boolean;
  /** What happened, for a person: "Connected", "The API key was refused (401)", ... */
  message: string;
  status?: number;
}

export interface ConnectionTestResult {
  api: ConnectionCheck;
  vault: ConnectionCheck;
}

/** A service failure as the renderer sees it (no key, no stack). */
export interface ServiceFailure {
  kind: 'network' | 'timeout' | 'http' | 'invalid-response' | 'invalid-request' | 'canceled';
  status?: number;
  retryable: boolean;
  retryAfterMs?: number;
  sentRequest: boolean | 'unknown';
  /** The service's error identifier, when it sent one. */
  identifier?: string;
}

export type IpcErrorCode =
  | 'invalid-argument'
  | 'forbidden-sender'
  | 'unknown-channel'
  | 'not-found'
  | 'conflict'
  | 'no-active-profile'
  | 'no-key'
  | 'keychain-unavailable'
  | 'service'
  | 'internal';

export interface IpcError {
  code: IpcErrorCode;
  /** Says what happened and what the person can do. */
  message: string;
  /** Field-level problems of an invalid argument, for forms. */
  fields?: { path: string; message: string }[];
  service?: ServiceFailure;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// ---------------------------------------------------------------- service calls

const endpointNames = Object.keys(endpoints) as [EndpointName, ...EndpointName[]];

/**
 * One channel carries every ServiceClient call of the API host; main validates the endpoint
 * name, then the ServiceClient validates params, query and body with the endpoint's own schemas.
 * Vault calls (PAN/CVV) are deliberately not reachable here: they get their own reveal channel.
 */
export const ServiceCallArg = z.strictObject({
  endpoint: z.enum(endpointNames),
  params: z.record(z.string(), z.string().min(1).max(200)).optional(),
  query: z.record(z.string(), z.string().max(2000)).optional(),
  body: z.unknown().optional(),
  idempotencyKey: z.string().min(1).max(255).optional(),
});
export type ServiceCallArg = z.infer<typeof ServiceCallArg>;

// ---------------------------------------------------------------- the channels

/** A channel: its argument schema and (as a phantom) its result type. */
interface Channel<A extends z.ZodType, R> {
  arg: A;
  result?: R;
}
function channel<R>() {
  return <A extends z.ZodType>(arg: A): Channel<A, R> => ({ arg });
}

const NoArg = z.undefined();

export const channels = {
  'app:info': channel<{ version: string; platform: string }>()(NoArg),

  'keychain:status': channel<KeychainStatus>()(NoArg),

  'profiles:list': channel<ProfilesState>()(NoArg),
  'profiles:create': channel<ProfileView>()(
    z.strictObject({ name: ProfileName, baseUrl: HttpUrl, vaultUrl: HttpUrl, apiKey: ApiKey, sessionOnly: z.boolean().optional() }),
  ),
  'profiles:update': channel<ProfileView>()(
    z.strictObject({ id: ProfileId, name: ProfileName.optional(), baseUrl: HttpUrl.optional(), vaultUrl: HttpUrl.optional() }),
  ),
  'profiles:delete': channel<ProfilesState>()(z.strictObject({ id: ProfileId })),
  'profiles:select': channel<ProfilesState>()(z.strictObject({ id: ProfileId })),
  'profiles:setKey': channel<ProfileView>()(z.strictObject({ id: ProfileId, apiKey: ApiKey, sessionOnly: z.boolean().optional() })),
  'profiles:testConnection': channel<ConnectionTestResult>()(
    z.union([
      z.strictObject({ baseUrl: HttpUrl, vaultUrl: HttpUrl, apiKey: ApiKey }),
      z.strictObject({ id: ProfileId }),
    ]),
  ),

  'connectivity:get': channel<ConnectivityStatus>()(NoArg),
  'connectivity:check': channel<ConnectivityStatus>()(NoArg),

  'service:call': channel<unknown>()(ServiceCallArg),
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ArgOf<C extends ChannelName> = z.input<Channels[C]['arg']>;
export type ParsedArgOf<C extends ChannelName> = z.output<Channels[C]['arg']>;
export type ResultOf<C extends ChannelName> = Channels[C] extends Channel<z.ZodType, infer R> ? R : never;

export const CHANNELS = Object.keys(channels) as ChannelName[];

/** Main implements this table; `satisfies Handlers` makes a missing channel a type error. */
export type Handlers = { [C in ChannelName]: (arg: ParsedArgOf<C>) => Promise<ResultOf<C>> };

// ---------------------------------------------------------------- events (main -> renderer)

export interface Events {
  'connectivity:changed': ConnectivityStatus;
  'profiles:changed': ProfilesState;
}
export type EventName = keyof Events;
export const EVENTS: EventName[] = ['connectivity:changed', 'profiles:changed'];

// ---------------------------------------------------------------- the renderer's view: window.treasury

type Split<C extends string> = C extends `${infer D}:${infer V}` ? [D, V] : never;
type Domains = Split<ChannelName>[0];
type VerbsOf<D extends string> = Split<Extract<ChannelName, `${D}:${string}`>>[1];
type Invoker<C extends ChannelName> = ArgOf<C> extends undefined ? () => Promise<Result<ResultOf<C>>> : (arg: ArgOf<C>) => Promise<Result<ResultOf<C>>>;

/** Typed service call for the renderer: `treasury.service.call` narrowed per endpoint. */
export type ServiceCaller = <N extends EndpointName>(arg: ServiceCallArg & { endpoint: N }) => Promise<Result<ResponseOf<N>>>;

export type TreasuryApi = {
  readonly [D in Domains]: { readonly [V in VerbsOf<D>]: Invoker<`${D}:${V}` & ChannelName> };
} & {
  readonly service: { readonly call: ServiceCaller };
  readonly version: string;
  /** Subscribes to a main-process event; returns the unsubscribe function. */
  readonly on: <E extends EventName>(event: E, listener: (payload: Events[E]) => void) => () => void;
};

/** Splits a channel name into the `window.treasury` group and method it is exposed as. */
export function channelPath(name: ChannelName): [string, string] {
  const [domain, verb] = name.split(':');
  return [domain as string, verb as string];
}

/** The global name under which the preload exposes the bridge. */
export const BRIDGE_KEY = 'treasury';
