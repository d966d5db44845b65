import type { BoundKey } from '../secrets/bound-key';
import { endpoints, type Card, type EndpointDef, type EndpointName, type ResponseOf } from '../../shared/service';
import { attempt, type FetchLike } from './attempt';
import { KeyHolds } from './key-holds';
import { MASKED_ANSWERS, withoutCardSecrets } from './card-secrets';
import type { CallArgs, EndpointMethods, ListEndpointName } from './call-args';
import { applyRequestRules } from './request-rules';
import {
  checkApiKey,
  InvalidRequest,
  normalizeBaseUrl,
  prepareRequest,
  type PreparedRequest,
  type RawArgs,
} from './request';
import { backoffMs, defaultSleep, DEFAULT_BACKOFF, type Sleep } from './retry';
import { scrubberFor, scrubCardNumbers, type Scrub } from './scrub';
import { ServiceError, type ServiceErrorKind } from './service-error';

/**
 * The main process's ServiceClient: one method per endpoint of the shared table, so adding an
 * endpoint there adds it here. It performs single calls and safe read retries only; decisions
 * about writes (resending, reconciling) belong to the outbox, which gets what it needs from
 * ServiceError (`retryable`, `retryAfterMs`, `sentRequest`).
 */

/** What one HTTP attempt taught us, for the connectivity monitor. */
export type ServiceOutcome =
  | { ok: true; kind?: undefined; status?: number }
  | { ok: false; kind: ServiceErrorKind; status?: number; message?: string };

export interface ServiceClientOptions {
  /** {base_url}; a path prefix is kept, trailing slashes are not doubled. */
  baseUrl: string;
  /** {vault_url}: only calls with `vault: true` go there. */
  vaultUrl: string;
  /**
   * The key at call time, asked once per call so a key changed in Settings applies to the next
   * call; null when the profile has none (the call fails with nothing sent). A key returned with
   * the addresses it was saved for is used only when they are this client's own: a key entered
   * for another address is refused, nothing sent. A bare string is a key made for this client
   * (Demo's, tests').
   */
  getApiKey: () => string | BoundKey | null | Promise<string | BoundKey | null>;
  /** Per attempt, including reading the body. */
  timeoutMs?: number;
  /** Extra attempts for GETs on retryable failures; writes are never retried here. */
  readRetries?: number;
  fetch?: FetchLike;
  /** Called after every HTTP attempt (not for local validation failures). */
  onOutcome?: (outcome: ServiceOutcome) => void;
  /** Waits between read retries; tests inject one that does not wait. */
  sleep?: Sleep;
  /** Jitter source for the backoff. */
  random?: () => number;
  /** Clock for HTTP-date Retry-After and for the holds below. */
  now?: () => number;
  /**
   * Each idempotency key's Retry-After, kept by main for every client it makes (ProfileServices
   * passes one for all profiles); a client of its own when absent.
   */
  holds?: KeyHolds;
  /** Webhooks may point at this computer or a private network (the Demo only: its service runs here). */
  allowLocalWebhookHosts?: boolean;
}

/** One call as `run` prepared it, for the loop that sends it. */
interface Call {
  name: EndpointName;
  def: EndpointDef;
  prepared: { request: PreparedRequest; scrub: Scrub };
  args: RawArgs;
  retries: number;
  keepCardSecrets: boolean;
  /** A write's idempotency key: its Retry-After is kept. */
  key: string | undefined;
}

export type ProbeResult = { ok: true } | { ok: false; error: ServiceError };

export interface ListAllOptions {
  /** Stops after this many pages; the last page's `metadata.nextCursor` says whether more exist. */
  maxPages?: number;
}

/** What a reveal asks the vault for (at least one of the two). */
export interface RevealCardArgs {
  cardId: string;
  pan: boolean;
  cvv: boolean;
  signal?: AbortSignal;
}

/** The card as the vault answers a reveal: the full number and code only when asked for. */
export type RevealedCard = Card & { pan?: string; cvv?: string };

export interface ServiceClientExtras {
  /**
   * The only path that keeps a card's full number and code: one read at {vault_url} with
   * include_pan / include_cvv. Every other method (the generic `call`, `getCard` even with
   * `vault: true`) strips them, so nothing but the reveal channel can hand them on.
   */
  revealCard(args: RevealCardArgs): Promise<RevealedCard>;
  /** The generic form of the generated methods. */
  call<N extends EndpointName>(name: N, args: CallArgs<N>): Promise<ResponseOf<N>>;
  /** Pages through a list endpoint, following `metadata.nextCursor`; yields each page as it comes. */
  listAll<N extends ListEndpointName>(
    name: N,
    args?: CallArgs<N>,
    options?: ListAllOptions,
  ): AsyncGenerator<ResponseOf<N>, void, undefined>;
  /** One cheap read, no retries: for the connectivity monitor. */
  probe(signal?: AbortSignal): Promise<ProbeResult>;
}

export type ServiceClient = EndpointMethods & ServiceClientExtras;

// The extras must never shadow an endpoint method.
type Clash = Extract<EndpointName, keyof ServiceClientExtras>;
const noClash: [Clash] extends [never] ? true : never = true;
void noClash;

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_READ_RETRIES = 2;
const DEFAULT_MAX_PAGES = 100_000;

function sameHost(saved: string, own: string): boolean {
  try {
    return normalizeBaseUrl(saved, 'saved address') === own;
  } catch {
    return false;
  }
}

function nextCursorOf(page: unknown): string | undefined {
  if (typeof page !== 'object' || page === null) return undefined;
  const metadata = (page as { metadata?: unknown }).metadata;
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const cursor = (metadata as { nextCursor?: unknown }).nextCursor;
  return typeof cursor === 'string' && cursor !== '' ? cursor : undefined;
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const hosts = {
    baseUrl: normalizeBaseUrl(options.baseUrl, 'service address'),
    vaultUrl: options.vaultUrl ? normalizeBaseUrl(options.vaultUrl, 'vault address') : undefined,
  };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0 && Number.isFinite(timeoutMs))) throw new RangeError('timeoutMs must be a positive number');
  const readRetries = Math.max(0, Math.floor(options.readRetries ?? DEFAULT_READ_RETRIES));
  // Read at call time, so a test (or a polyfill) that replaces globalThis.fetch is honoured.
  const doFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const backoff = { ...DEFAULT_BACKOFF, ...(options.random ? { random: options.random } : {}) };
  const holds = options.holds ?? new KeyHolds();
  const requestRules = { allowLocalWebhookHosts: options.allowLocalWebhookHosts === true };

  const report = (outcome: ServiceOutcome) => {
    try {
      options.onOutcome?.(outcome);
    } catch {
      // A failing listener must not turn a good call into a failed one.
    }
  };

  /** The key if it may go to this client's addresses; null (no key, nothing sent) otherwise. */
  function ownKey(given: string | BoundKey | null): string | null {
    if (given === null || typeof given === 'string') return given;
    const sameVault = hosts.vaultUrl === undefined ? given.vaultUrl === '' : sameHost(given.vaultUrl, hosts.vaultUrl);
    return sameHost(given.baseUrl, hosts.baseUrl) && sameVault ? given.key : null;
  }

  async function prepare(
    name: EndpointName,
    def: EndpointDef,
    args: RawArgs,
  ): Promise<{ request: PreparedRequest; scrub: Scrub }> {
    let key: unknown;
    try {
      key = ownKey(await options.getApiKey());
    } catch {
      // The keychain's error is not quoted: it is not ours to show and may describe the secret.
      throw new ServiceError({
        kind: 'invalid-request',
        endpoint: name,
        sentRequest: false,
        message:
          'The API key could not be read from the system keychain. Unlock the keychain or enter the key again in Settings.',
      });
    }
    const scrub = scrubberFor(typeof key === 'string' ? key : undefined);
    try {
      const body = args.body === undefined ? undefined : applyRequestRules(name, args.body, requestRules);
      return { request: prepareRequest(def, { ...args, body }, hosts, checkApiKey(key)), scrub };
    } catch (error) {
      if (!(error instanceof InvalidRequest)) throw error;
      throw new ServiceError({
        kind: 'invalid-request',
        endpoint: name,
        sentRequest: false,
        message: scrub(error.message),
      });
    }
  }

  /**
   * A keyed write the service told to wait is not sent before that time, whoever asks: the error
   * is retryable and gives the time left, and says nothing was sent (kind `held`, no status: the
   * service was not asked this time).
   */
  function refuseIfHeld(name: EndpointName, key: string): void {
    const t = now();
    holds.prune(t);
    const waitMs = holds.remainingMs(key, t);
    if (waitMs <= 0) return;
    throw new ServiceError({
      kind: 'held',
      endpoint: name,
      sentRequest: false,
      retryAfterMs: waitMs,
      message: `Not sent yet: the service asked to wait before this request is sent again (${Math.ceil(waitMs / 1000)} s left). It will go out after that, with the same key.`,
    });
  }

  async function run(
    name: EndpointName,
    args: RawArgs = {},
    retries = readRetries,
    keepCardSecrets = false,
  ): Promise<unknown> {
    const def: EndpointDef = endpoints[name];
    const prepared = await prepare(name, def, args);
    const key = def.method !== 'GET' && typeof args.idempotencyKey === 'string' ? args.idempotencyKey : undefined;
    const call: Call = { name, def, prepared, args, retries, keepCardSecrets, key };
    if (key === undefined) return send(call);
    // One request per key at a time, and none before the key's Retry-After: checked only once the
    // key's earlier request (if any) has its answer.
    return holds.serially(key, async () => {
      refuseIfHeld(name, key);
      return send(call);
    });
  }

  async function send({ name, def, prepared, args, retries, keepCardSecrets, key }: Call): Promise<unknown> {
    const { request } = prepared;
    // A reveal's errors must not quote what it was reading either: anything shaped like a card
    // number is redacted on top of the key.
    const scrub = keepCardSecrets ? (text: string) => scrubCardNumbers(prepared.scrub(text)) : prepared.scrub;
    // Only GETs are safe to repeat blindly; a write might have been carried out already.
    const maxRetries = def.method === 'GET' ? retries : 0;
    for (let retry = 0; ; retry++) {
      try {
        const value = await attempt({ name, def, request, fetch: doFetch, timeoutMs, signal: args.signal, scrub, now });
        report({ ok: true });
        return keepCardSecrets ? value : withoutCardSecrets(value, { maskNumbers: MASKED_ANSWERS.has(name) });
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        // Kept before the caller hears the answer, so no later caller can miss it.
        if (key !== undefined && error.retryAfterMs !== undefined) {
          const t = now();
          await holds.hold(key, t + error.retryAfterMs, t);
        }
        report({
          ok: false,
          kind: error.kind,
          ...(error.status !== undefined ? { status: error.status } : {}),
          message: error.message,
        });
        if (!error.retryable || retry >= maxRetries) throw error;
        try {
          await sleep(backoffMs(retry, error, backoff), args.signal);
        } catch {
          // Only an abort interrupts the wait.
        }
        if (args.signal?.aborted) {
          throw new ServiceError({
            kind: 'canceled',
            endpoint: name,
            sentRequest: error.sentRequest,
            message: 'The request was canceled.',
          });
        }
      }
    }
  }

  // Typed surface -> runtime arguments: CallArgs<N> for a generic N is not provably a RawArgs to
  // the checker, but every member of it is (params strings, query/body objects, key, vault, signal).
  const toRaw = (args: unknown): RawArgs => (args ?? {}) as RawArgs;

  const extras: ServiceClientExtras = {
    revealCard: async ({ cardId, pan, cvv, signal }) => {
      if (!pan && !cvv) {
        throw new ServiceError({
          kind: 'invalid-request',
          endpoint: 'getCard',
          sentRequest: false,
          message: 'Choose what to reveal: the number, the code or both. Nothing was sent.',
        });
      }
      if (!hosts.vaultUrl) {
        throw new ServiceError({
          kind: 'invalid-request',
          endpoint: 'getCard',
          sentRequest: false,
          message: 'No vault address is set for this profile, so card numbers cannot be revealed. Add it in Settings.',
        });
      }
      const query = { include_pan: pan ? 'true' : 'false', include_cvv: cvv ? 'true' : 'false' };
      const card = (await run(
        'getCard',
        { params: { cardId }, query, vault: true, ...(signal ? { signal } : {}) },
        readRetries,
        true,
      )) as RevealedCard;
      // Only what was asked for leaves: a vault that sends more does not widen the reveal.
      const { pan: fullPan, cvv: fullCvv, ...rest } = card;
      return {
        ...withoutCardSecrets(rest, { maskNumbers: true }),
        ...(pan && fullPan !== undefined ? { pan: fullPan } : {}),
        ...(cvv && fullCvv !== undefined ? { cvv: fullCvv } : {}),
      };
    },
    call: <N extends EndpointName>(name: N, args: CallArgs<N>) => run(name, toRaw(args)) as Promise<ResponseOf<N>>,
    async *listAll<N extends ListEndpointName>(name: N, args?: CallArgs<N>, listOptions: ListAllOptions = {}) {
      const raw = toRaw(args);
      const baseQuery = (raw.query ?? {}) as Record<string, unknown>;
      let cursor = typeof baseQuery.cursor === 'string' ? baseQuery.cursor : undefined;
      const seen = new Set<string>();
      const maxPages = listOptions.maxPages ?? DEFAULT_MAX_PAGES;
      for (let page = 0; page < maxPages; page++) {
        const result = (await run(name, {
          ...raw,
          query: { ...baseQuery, ...(cursor ? { cursor } : {}) },
        })) as ResponseOf<N>;
        yield result;
        const next = nextCursorOf(result);
        if (!next) return;
        if (seen.has(next)) {
          // A server that hands back a cursor it already gave would make us loop forever.
          throw new ServiceError({
            kind: 'invalid-response',
            endpoint: name,
            sentRequest: true,
            message: `The service repeated a page cursor while listing (${name}). Try again later or report it.`,
          });
        }
        seen.add(next);
        cursor = next;
      }
    },
    async probe(signal?: AbortSignal): Promise<ProbeResult> {
      try {
        await run('listLegalEntities', signal ? { signal } : {}, 0);
        return { ok: true };
      } catch (error) {
        if (error instanceof ServiceError) return { ok: false, error };
        throw error;
      }
    },
  };

  const methods: Record<string, (args?: unknown) => Promise<unknown>> = {};
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    methods[name] = (args?: unknown) => run(name, toRaw(args));
  }
  // Built in a loop over the table, so the checker cannot follow it to the mapped type; the
  // table and EndpointMethods come from the same keys, which the table-driven test also checks.
  return Object.freeze({ ...methods, ...extras }) as unknown as ServiceClient;
}
