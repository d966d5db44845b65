import type { BundleSaved, BundleSummary, OutboxCensus, PageLogLine, Result } from '../../../shared/ipc';
import { MAX_PAGE_LINES, MAX_PAGE_MESSAGE } from '../../../shared/ipc';
import { callMain } from './bridge';

/** Logs and the support bundle: main writes the log and the zip, the page only asks. */
export const support = {
  bundleSummary: (outbox: OutboxCensus): Promise<Result<BundleSummary>> =>
    callMain((api) => api.support.bundleSummary({ outbox })),
  saveBundle: (outbox: OutboxCensus): Promise<Result<BundleSaved>> =>
    callMain((api) => api.support.saveBundle({ outbox })),
  openLogFolder: (): Promise<Result<{ opened: boolean; path: string }>> =>
    callMain((api) => api.support.openLogFolder()),
  copyDiagnostics: (): Promise<Result<{ text: string }>> => callMain((api) => api.support.copyDiagnostics()),
};

const pending: PageLogLine[] = [];
let flushing = false;

/**
 * Sends a line to main's log. Lines wait a moment and go together (at most MAX_PAGE_LINES a
 * call); a line main refuses or cannot take is dropped: logging never fails what the page does.
 */
export function logLine(line: PageLogLine): void {
  pending.push({ ...line, message: line.message.slice(0, MAX_PAGE_MESSAGE) });
  if (pending.length > MAX_PAGE_LINES * 5) pending.splice(0, pending.length - MAX_PAGE_LINES * 5);
  if (!flushing) {
    flushing = true;
    queueMicrotask(() => void flush());
  }
}

async function flush(): Promise<void> {
  while (pending.length > 0) {
    const lines = pending.splice(0, MAX_PAGE_LINES);
    await callMain((api) => api.support.log({ lines }));
  }
  flushing = false;
}
