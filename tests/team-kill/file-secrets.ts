import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SecretStore } from '../../src/main/secrets/secret-store';

/**
 * The kill test's keychain: a JSON file in the test's temp folder. A desktop SIGKILLed and
 * started again must find its API key and its workspace password and signing key where it left
 * them, as the OS keychain keeps them; the memory store would lose them with the process. Each
 * write replaces the file whole (written aside, then renamed), so a kill never leaves half of it.
 * Test code only: the app never keeps a secret in a plain file.
 */
export class FileSecretStore implements SecretStore {
  readonly kind = 'keychain';

  constructor(private readonly file: string) {}

  private read(): Record<string, string> {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, string>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  }

  private write(all: Record<string, string>): void {
    const aside = `${this.file}.new`;
    writeFileSync(aside, JSON.stringify(all), { mode: 0o600 });
    renameSync(aside, this.file);
  }

  get(account: string): Promise<string | null> {
    return Promise.resolve(this.read()[account] ?? null);
  }

  set(account: string, secret: string): Promise<void> {
    this.write({ ...this.read(), [account]: secret });
    return Promise.resolve();
  }

  delete(account: string): Promise<boolean> {
    const all = this.read();
    if (!(account in all)) return Promise.resolve(false);
    delete all[account];
    this.write(all);
    return Promise.resolve(true);
  }
}
