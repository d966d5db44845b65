import { concealedMarkers, type ClipboardMarker } from './concealed-formats';

/**
 * The clipboard as main uses it: Electron's `clipboard` in the app, an in-memory one in tests and
 * the Chromium host (whose content a test reads).
 */
export interface SystemClipboard {
  // Electron 45's clipboard answers with promises; the in-memory one at once. Both are awaited.
  readText(): string | Promise<string>;
  writeText(text: string): void | Promise<void>;
  /**
   * Writes `text` together with `markers` in one write (a separate write would replace the text):
   * the formats that tell the OS and clipboard managers to keep it out of history and sync.
   */
  writeSecret(text: string, markers: readonly ClipboardMarker[]): void | Promise<void>;
  clear(): void | Promise<void>;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (run, ms) => {
    const t = setTimeout(run, ms);
    // A pending clear must not keep the process alive on its own (quit clears anyway).
    (t as { unref?: () => void }).unref?.();
    return t;
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const SECRET_CLIPBOARD_CLEAR_MS = 30_000;

/**
 * A clipboard in memory. `writes` keeps what was written, for tests that must know it was there;
 * `formats` the marker formats that went with each write (none for plain text).
 */
export class MemoryClipboard implements SystemClipboard {
  private text = '';
  readonly writes: string[] = [];
  readonly formats: string[][] = [];
  readText(): string {
    return this.text;
  }
  writeText(text: string): void {
    this.text = text;
    this.writes.push(text);
    this.formats.push([]);
  }
  writeSecret(text: string, markers: readonly ClipboardMarker[]): void {
    this.writeText(text);
    this.formats[this.formats.length - 1] = markers.map((m) => m.format);
  }
  clear(): void {
    this.text = '';
  }
}

/**
 * Copies through main, as Bitwarden's desktop does: a secret is written, and after `clearAfterMs`
 * (and on quit) the clipboard is cleared, but only if it still holds that value, so whatever the
 * person copied since is left alone. One secret at a time: a newer copy replaces the older
 * one's timer (the clipboard no longer holds it anyway).
 */
export class SecretClipboard {
  private pending: { text: string; handle: unknown } | undefined;
  readonly clearAfterMs: number;
  private readonly timers: Timers;
  private readonly markers: readonly ClipboardMarker[];

  constructor(
    private readonly clipboard: SystemClipboard,
    options: { clearAfterMs?: number; timers?: Timers; platform?: string } = {},
  ) {
    this.clearAfterMs = options.clearAfterMs ?? SECRET_CLIPBOARD_CLEAR_MS;
    this.timers = options.timers ?? realTimers;
    this.markers = concealedMarkers(options.platform ?? process.platform);
  }

  async copySecret(text: string): Promise<{ clearsAfterMs: number }> {
    // Written first: if the write fails, the secret copied before may still be there, and its
    // timer must keep running. Marked concealed: no clipboard history, cloud clipboard or manager keeps it.
    await this.clipboard.writeSecret(text, this.markers);
    this.forget();
    const pending: { text: string; handle: unknown } = { text, handle: undefined };
    pending.handle = this.timers.set(() => void this.clearIfHolding(pending).catch(() => undefined), this.clearAfterMs);
    this.pending = pending;
    return { clearsAfterMs: this.clearAfterMs };
  }

  /** Not a secret: written as is, and any secret's pending clear is dropped (it is no longer there). */
  async copy(text: string): Promise<void> {
    await this.clipboard.writeText(text);
    this.forget();
  }

  /** Whether a copied secret may still be on the clipboard (quitting must then wait for `clearOnQuit`). */
  get holdsSecret(): boolean {
    return this.pending !== undefined;
  }

  /** On quit: the secret goes with the app, if the clipboard still holds it. */
  async clearOnQuit(): Promise<void> {
    if (this.pending) await this.clearIfHolding(this.pending).catch(() => undefined);
  }

  private async clearIfHolding(p: { text: string; handle: unknown }): Promise<void> {
    // A newer copy replaced this one: its own timer decides.
    if (this.pending !== p) return;
    this.forget();
    // An unreadable clipboard throws here and is left alone: safer than erasing something else.
    const current = await this.clipboard.readText();
    if (current === p.text) await this.clipboard.clear();
  }

  private forget(): void {
    if (this.pending) this.timers.clear(this.pending.handle);
    this.pending = undefined;
  }
}
