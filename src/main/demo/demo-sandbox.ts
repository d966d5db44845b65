import { startSandbox, type Sandbox } from '../../sandbox';

export interface DemoOptions {
  seed?: number;
  transactions?: number;
  /**
   * The simulated instant the Demo's world starts at (tests pin it, so a daily limit or a
   * period boundary never depends on when the suite runs); real time when omitted.
   */
  startAt?: number;
}

export const DEMO_DEFAULT_TRANSACTIONS = 3_000;
export const DEMO_DEFAULT_SEED = 42;

/**
 * The Demo profile's service: the sandbox in this process on loopback, random free ports for the
 * API and the vault, and a generated key that lives only in memory. Started on first use.
 */
export class DemoService {
  private starting: Promise<Sandbox> | undefined;
  private options: Required<Omit<DemoOptions, 'startAt'>>;
  private readonly startAt: number | undefined;

  constructor(options: DemoOptions = {}) {
    this.options = { seed: options.seed ?? DEMO_DEFAULT_SEED, transactions: options.transactions ?? DEMO_DEFAULT_TRANSACTIONS };
    this.startAt = options.startAt;
  }

  info(): Required<Omit<DemoOptions, 'startAt'>> {
    return { ...this.options };
  }

  start(): Promise<Sandbox> {
    this.starting ??= startSandbox({
      host: '127.0.0.1',
      port: 0,
      vaultPort: 0,
      seed: this.options.seed,
      transactions: this.options.transactions,
      ...(this.startAt !== undefined ? { startAt: this.startAt } : {}),
      validateResponses: false,
    }).catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  /**
   * A new sample history: the old sandbox stops (its ports and key are gone) and a new one
   * starts with `transactions` rows. Seeding a million takes several seconds.
   */
  async reset(transactions: number): Promise<Sandbox> {
    await this.stop();
    this.options = { ...this.options, transactions };
    return this.start();
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
