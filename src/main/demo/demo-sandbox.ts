import { startSandbox, type Sandbox, type SeedProgress } from '../../sandbox';
import type { SimulatedPurchase } from '../../shared/ipc';
import type { SimulatedAuthorization } from '../../shared/service';
import type { DemoTeamOptions } from './demo-team-options';

/** A simulated purchase that did not happen: `card` when the card is unknown, `unavailable` when the Demo's service is not answering. */
export class DemoAuthorizeError extends Error {
  constructor(
    readonly code: 'card' | 'unavailable' | 'refused',
    message: string,
  ) {
    super(message);
  }
}

export interface DemoOptions {
  seed?: number;
  transactions?: number;
  /**
   * The simulated instant the Demo's world starts at (tests pin it, so a daily limit or a
   * period boundary never depends on when the suite runs); real time when omitted.
   */
  startAt?: number;
  /**
   * The clock the Demo's simulated time runs on: main's own (tests pin it, so the Demo, main and
   * the page they drive agree on the instant); the machine's when omitted.
   */
  now?: () => number;
  /** Rows per list page the Demo's service answers (the sandbox's default, 50, when omitted). */
  pageSize?: number;
  /**
   * The Demo's simulated team (demo-team.ts): the app turns it on; off when omitted, so a test
   * that does not exercise it starts no database server. Its options pin its timing.
   */
  team?: boolean | DemoTeamOptions;
}

export const DEMO_DEFAULT_TRANSACTIONS = 3_000;
export const DEMO_DEFAULT_SEED = 42;

/**
 * The Demo profile's service: the sandbox in this process on loopback, random free ports for the
 * API and the vault, and a generated key that lives only in memory. Started on first use.
 */
export class DemoService {
  private starting: Promise<Sandbox> | undefined;
  private options: Required<Omit<DemoOptions, 'startAt' | 'pageSize' | 'now' | 'team'>>;
  private readonly started = new Set<(s: Sandbox) => void>();
  private readonly startAt: number | undefined;
  private readonly pageSize: number | undefined;
  private readonly now: (() => number) | undefined;

  constructor(options: DemoOptions = {}) {
    this.options = {
      seed: options.seed ?? DEMO_DEFAULT_SEED,
      transactions: options.transactions ?? DEMO_DEFAULT_TRANSACTIONS,
    };
    this.startAt = options.startAt;
    this.pageSize = options.pageSize;
    this.now = options.now;
  }

  info(): Required<Omit<DemoOptions, 'startAt' | 'pageSize' | 'now' | 'team'>> {
    return { ...this.options };
  }

  start(onSeedProgress?: (p: SeedProgress) => void): Promise<Sandbox> {
    this.starting ??= startSandbox({
      host: '127.0.0.1',
      port: 0,
      vaultPort: 0,
      seed: this.options.seed,
      transactions: this.options.transactions,
      ...(this.startAt !== undefined ? { startAt: this.startAt } : {}),
      ...(this.now ? { now: this.now } : {}),
      ...(this.pageSize !== undefined ? { pageSize: this.pageSize } : {}),
      validateResponses: false,
      ...(onSeedProgress ? { onSeedProgress } : {}),
    })
      .then((s) => {
        for (const heard of this.started) heard(s);
        return s;
      })
      .catch((error: unknown) => {
        this.starting = undefined;
        throw error;
      });
    return this.starting;
  }

  /**
   * A new sample history: the old sandbox stops (its ports and key are gone) and a new one
   * starts with `transactions` rows. Seeding a million takes several seconds, reported as it goes.
   */
  async reset(transactions: number, onSeedProgress?: (p: SeedProgress) => void): Promise<Sandbox> {
    await this.stop();
    this.options = { ...this.options, transactions };
    return this.start(onSeedProgress);
  }

  /**
   * A purchase with a Demo card, through the sandbox's own authorization route over HTTP (as a
   * card network would reach the service), so the transaction and card event it books are the
   * ones the app then syncs. While the Demo's service is "offline" (a simulated outage) this
   * fails, as the route shares its listener.
   */
  async authorize(input: SimulatedAuthorization): Promise<SimulatedPurchase> {
    const s = await this.start();
    let response: Response;
    try {
      response = await fetch(`${s.apiUrl}/__sandbox/authorizations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': s.apiKey },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new DemoAuthorizeError(
        'unavailable',
        "The Demo's service is not answering (it may be in a simulated outage), so no purchase was made. Bring it back online, then try again.",
      );
    }
    const body = (await response.json().catch(() => undefined)) as
      { approved?: unknown; declineReason?: unknown; transaction?: { id?: unknown }; message?: unknown } | undefined;
    if (response.status === 404)
      throw new DemoAuthorizeError(
        'card',
        'The Demo has no such card (it may have been reset). Reopen the Cards screen and pick a card again.',
      );
    if (!response.ok || typeof body?.approved !== 'boolean' || typeof body.transaction?.id !== 'string') {
      const why = typeof body?.message === 'string' ? ` (${body.message})` : '';
      throw new DemoAuthorizeError(
        'refused',
        `The Demo's service refused the simulated purchase${why}. Check the amount and merchant details, then try again.`,
      );
    }
    return {
      approved: body.approved,
      ...(typeof body.declineReason === 'string' ? { declineReason: body.declineReason } : {}),
      transactionId: body.transaction.id,
    };
  }

  /** Tells `heard` each time the Demo's service has started (the Demo's team starts with it). */
  onStarted(heard: (s: Sandbox) => void): void {
    this.started.add(heard);
  }

  /** The running sandbox, if started (tests use it to inject faults). */
  async running(): Promise<Sandbox | undefined> {
    return this.starting ? this.starting.catch(() => undefined) : undefined;
  }

  async stop(): Promise<void> {
    const s = await this.running();
    this.starting = undefined;
    await s?.close();
  }
}
