import { startSandbox, type Sandbox } from '../../sandbox';

export interface DemoOptions {
  seed?: number;
  transactions?: number;
}

export const DEMO_DEFAULT_TRANSACTIONS = 3_000;
export const DEMO_DEFAULT_SEED = 42;

/**
 * The Demo profile's service: the sandbox in this process on loopback, random free ports for the
 * API and the vault, and a generated key that lives only in memory. Started on first use.
 */
export class DemoService {
  private starting: Promise<Sandbox> | undefined;
  private options: Required<DemoOptions>;

  constructor(options: DemoOptions = {}) {
    this.options = { seed: options.seed ?? DEMO_DEFAULT_SEED, transactions: options.transactions ?? DEMO_DEFAULT_TRANSACTIONS };
  }

  info(): Required<DemoOptions> {
    return { ...this.options };
  }

  start(): Promise<Sandbox> {
    this.starting ??= startSandbox({
      host: '127.0.0.1',
      port: 0,
      vaultPort: 0,
      seed: this.options.seed,
      transactions: this.options.transactions,
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
