import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { exportNameProblem } from '../../shared/export-name';
import type { ExportKind } from '../../shared/ipc';
import { describeRetry, describeRules, type WindowLimit } from '../limits/window-limit';

interface OpenExport {
  path: string;
  partial: string;
  stream: WriteStream;
  bytes: number;
  lastUsed: number;
}

/** 'declined': main's confirmation was not given; 'quota': the exports' quota for the window was used up. */
export type FileExportErrorCode = 'not-open' | 'too-many' | 'too-large' | 'bad-name' | 'declined' | 'quota';

export class FileExportError extends Error {
  constructor(
    readonly code: FileExportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The extension every file of a kind gets, whatever name was suggested or typed in the dialog. */
export const EXPORT_EXTENSIONS: Record<ExportKind, string> = { csv: '.csv', ofx: '.ofx' };

/** `name` (or a path) ending in the kind's extension: "x.CSV" stays, "x" and "x.exe" get ".csv" added (".ofx" for OFX). */
export function withExportExtension(name: string, kind: ExportKind): string {
  const ext = EXPORT_EXTENSIONS[kind];
  return extname(name).toLowerCase() === ext ? name : `${name}${ext}`;
}

/** A suggested name as main will use it: checked (no folder, no control characters), then with its kind's extension. */
export function exportFileName(suggested: string, kind: ExportKind): string {
  assertExportName(suggested);
  return withExportExtension(suggested, kind);
}

export function assertExportName(name: string): void {
  const problem = exportNameProblem(name);
  if (problem) throw new FileExportError('bad-name', `The export's file name was refused: ${problem}.`);
}

export interface FileExportLimits {
  /** Exports open at once (the app runs one per screen; more means a renderer is misbehaving). */
  maxOpen: number;
  /**
   * Bytes per file. 512 MiB: the largest export the app makes is the transaction cache of about
   * a million rows at roughly 200 to 300 bytes a row as CSV, so about half of that; past it a
   * renderer is writing in a loop and would only fill the disk.
   */
  maxBytes: number;
  /** An export untouched this long (its window crashed or was closed) gives up its place to a new one. */
  idleMs: number;
}

export const DEFAULT_EXPORT_LIMITS: FileExportLimits = { maxOpen: 4, maxBytes: 512 * 1024 * 1024, idleMs: 10 * 60_000 };

/**
 * Files the renderer streams out piece by piece (a CSV of a million rows never becomes one
 * string). Written to `<name>.partial` and renamed when complete, so a canceled or failed export
 * never leaves a half file under the chosen name.
 */
export class FileExports {
  private readonly open = new Map<string, OpenExport>();
  private readonly limits: FileExportLimits;

  constructor(
    limits: Partial<FileExportLimits> = {},
    private readonly now: () => number = Date.now,
    /** Bytes written per window, across exports (the Chromium host's quota; none in Electron). */
    private readonly byteQuota?: WindowLimit,
  ) {
    this.limits = { ...DEFAULT_EXPORT_LIMITS, ...limits };
  }

  /** Room for one more export, or a FileExportError saying what to do. Call before asking where to save. */
  async reserve(): Promise<void> {
    if (this.open.size < this.limits.maxOpen) return;
    const stale = [...this.open].filter(([, e]) => this.now() - e.lastUsed >= this.limits.idleMs).map(([id]) => id);
    await Promise.all(stale.map((id) => this.abort(id)));
    if (this.open.size >= this.limits.maxOpen) {
      throw new FileExportError(
        'too-many',
        `${this.open.size} exports are already running. Wait for one to finish (or cancel it), then export again.`,
      );
    }
  }

  async begin(path: string, kind: ExportKind): Promise<{ exportId: string; fileName: string }> {
    await this.reserve();
    const target = withExportExtension(path, kind);
    const exportId = randomUUID();
    const partial = `${target}.partial`;
    const stream = createWriteStream(partial, { flags: 'w', encoding: 'utf8' });
    // Errors surface through write/end below; this keeps an early one from crashing main.
    stream.on('error', () => undefined);
    this.open.set(exportId, { path: target, partial, stream, bytes: 0, lastUsed: this.now() });
    return { exportId, fileName: basename(target) };
  }

  async write(exportId: string, chunk: string): Promise<number> {
    const e = this.get(exportId);
    const size = Buffer.byteLength(chunk, 'utf8');
    if (e.bytes + size > this.limits.maxBytes) {
      await this.abort(exportId);
      throw new FileExportError(
        'too-large',
        `The export was stopped at ${mib(this.limits.maxBytes)} MiB, the most one file may hold, and nothing was saved. Narrow the search or the dates and export in parts.`,
      );
    }
    const quota = this.byteQuota?.take('bytes', size);
    if (quota && !quota.ok) {
      await this.abort(exportId);
      throw new FileExportError(
        'quota',
        `The export was stopped and nothing was saved: exports may write ${describeRules(this.byteQuota?.rules ?? [], sizeText)} in all, and this one would go past that. You can export again ${describeRetry(quota.retryAt, this.now())}.`,
      );
    }
    e.lastUsed = this.now();
    const ok = e.stream.write(chunk, 'utf8');
    e.bytes += size;
    if (!ok) {
      await new Promise<void>((resolve, reject) => {
        e.stream.once('drain', resolve);
        e.stream.once('error', reject);
      });
    }
    return e.bytes;
  }

  async end(exportId: string): Promise<{ path: string; bytes: number }> {
    const e = this.get(exportId);
    this.open.delete(exportId);
    await new Promise<void>((resolve, reject) => {
      e.stream.once('error', reject);
      e.stream.end(resolve);
    });
    await rename(e.partial, e.path);
    return { path: e.path, bytes: e.bytes };
  }

  async abort(exportId: string): Promise<boolean> {
    const e = this.open.get(exportId);
    if (!e) return false;
    this.open.delete(exportId);
    // Removed only once the stream is closed: a stream destroyed before its file was opened still
    // opens (creates) it, and a removal that came first would leave that file behind.
    await new Promise<void>((resolve) => {
      if (e.stream.closed) resolve();
      else e.stream.once('close', () => resolve());
      e.stream.destroy();
    });
    await rm(e.partial, { force: true });
    return true;
  }

  async abortAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((id) => this.abort(id)));
  }

  private get(exportId: string): OpenExport {
    const e = this.open.get(exportId);
    if (!e)
      throw new FileExportError(
        'not-open',
        'That export is no longer open (it finished, was canceled, or the app restarted). Start the export again.',
      );
    return e;
  }
}

/** A quota's size as a person reads it: "2 GiB", "512 MiB", "10 bytes". */
function sizeText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toLocaleString('en-US', { maximumFractionDigits: 1 })} GiB`;
  if (bytes >= 1024 ** 2) return `${mib(bytes)} MiB`;
  return `${bytes} bytes`;
}

function mib(bytes: number): string {
  return (bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 });
}
