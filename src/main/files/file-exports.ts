import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename } from 'node:path';

interface OpenExport {
  path: string;
  partial: string;
  stream: WriteStream;
  bytes: number;
}

export class FileExportError extends Error {}

/**
 * Files the renderer streams out piece by piece (a CSV of a million rows never becomes one
 * string). Written to `<name>.partial` and renamed when complete, so a canceled or failed export
 * never leaves a half file under the chosen name.
 */
export class FileExports {
  private readonly open = new Map<string, OpenExport>();

  begin(path: string): { exportId: string; fileName: string } {
    const exportId = randomUUID();
    const partial = `${path}.partial`;
    const stream = createWriteStream(partial, { flags: 'w', encoding: 'utf8' });
    // Errors surface through write/end below; this keeps an early one from crashing main.
    stream.on('error', () => undefined);
    this.open.set(exportId, { path, partial, stream, bytes: 0 });
    return { exportId, fileName: basename(path) };
  }

  async write(exportId: string, chunk: string): Promise<number> {
    const e = this.get(exportId);
    const ok = e.stream.write(chunk, 'utf8');
    e.bytes += Buffer.byteLength(chunk, 'utf8');
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
    e.stream.destroy();
    await rm(e.partial, { force: true });
    return true;
  }

  async abortAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((id) => this.abort(id)));
  }

  private get(exportId: string): OpenExport {
    const e = this.open.get(exportId);
    if (!e) throw new FileExportError('That export is no longer open (it finished, was canceled, or the app restarted). Start the export again.');
    return e;
  }
}
