import { startSandbox, type Sandbox } from '../../sandbox';

export interface DemoOptions {
  seed?: number;
  transactions?: number;
}

/**
 * The Demo profile's service: the sandbox in this process on loopback, random free ports for the
 * API and the vault, and a generated key that lives only in memory. Started on first use.
 */
export class DemoService {
  private starting: Promise<Sandbox> | undefined;

  constructor(private readonly options: DemoOptions = {}) {}

  start(): Promise<Sandbox> {
    this.starting ??= startSandbox({
      host: '127.0.0.1',
      port: 0,
      vaultPort: 0,
      seed: this.options.seed ?? 42,
      transactions: this.options.transactions ?? 5000,
      validateResponses: false,
    }).catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
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
