import { runIfFree } from '../platform/locks';
import { logLine } from '../platform/support';
import { chunksWritten, syncSettled } from '../search/search-session';
import { syncProfile } from './profile-sync';
import { idleProgress, type SyncProgress } from './sync-progress';
import { SyncFailure } from './transaction-source';

/** Each run in main's log: its pages, rows and time, and the sentence shown when it failed. */
function logRun(profileId: string, p: SyncProgress): void {
  const figures = `${p.pages} pages, ${p.rows} rows in ${Math.max(0, p.updatedAt - p.startedAt)} ms`;
  logLine({
    level: p.phase === 'error' ? 'warn' : 'info',
    source: 'page',
    event: 'sync.run',
    message: p.phase === 'error' ? `${figures}; failed: ${p.error ?? ''}` : `${figures}; ${p.phase}`,
    profileId,
  });
}

/** Where a sync's progress goes (the app layer keeps it in a store the screens read). */
export interface SyncReport {
  /** The profile's last known progress (its last success carries over to the next run). */
  last(profileId: string): SyncProgress | undefined;
  set(profileId: string, progress: SyncProgress): void;
}

function messageOf(error: unknown): string {
  if (error instanceof SyncFailure) {
    switch (error.kind) {
      case 'offline':
        return 'Offline: the update stopped and continues where it left off when the connection returns. Cached transactions stay searchable.';
      case 'canceled':
        return 'Canceled. The update continues where it left off next time.';
      case 'profile-gone':
        return 'This profile was deleted.';
      case 'rate-limited':
      case 'server':
        return `The service is having trouble (${error.message}). The update continues where it left off on the next attempt.`;
      default:
        return `${error.message} Try again.`;
    }
  }
  return `${error instanceof Error ? error.message : String(error)}. Try again.`;
}

export interface SyncRunner {
  isSyncing(profileId: string): boolean;
  cancelSync(profileId: string): void;
  /** Cancels the profile's sync and waits until it has stopped writing. */
  stopSync(profileId: string): Promise<void>;
  /** Starts a sync of the profile unless one runs (here or in another window). */
  startSync(profileId: string): Promise<SyncProgress | null>;
}

/**
 * Runs each profile's sync: one at a time per profile across every window (a Web Lock), every
 * profile independently (not only the one on screen), cancellable, with progress and errors
 * told to `report`.
 */
export function createSyncRunner(report: SyncReport): SyncRunner {
  const running = new Map<string, { controller: AbortController; done: Promise<unknown> }>();

  function isSyncing(profileId: string): boolean {
    return running.has(profileId);
  }

  function cancelSync(profileId: string): void {
    running.get(profileId)?.controller.abort(new SyncFailure('canceled', 'canceled'));
  }

  /** Cancels the profile's sync and waits until it has stopped writing. */
  async function stopSync(profileId: string): Promise<void> {
    const run = running.get(profileId);
    if (!run) return;
    run.controller.abort(new SyncFailure('canceled', 'canceled'));
    await run.done.catch(() => undefined);
  }

  /** Starts a sync of the profile unless one runs (here or in another window). */
  async function startSync(profileId: string): Promise<SyncProgress | null> {
    if (running.has(profileId)) return null;
    const controller = new AbortController();
    let finished: () => void = () => undefined;
    running.set(profileId, { controller, done: new Promise<void>((resolve) => (finished = resolve)) });
    const previous = report.last(profileId);
    const initial: SyncProgress = {
      ...idleProgress(Date.now()),
      ...(previous?.lastSuccessAt ? { lastSuccessAt: previous.lastSuccessAt } : {}),
    };
    try {
      return await runIfFree(`sync:${profileId}`, async () => {
        try {
          const done = await syncProfile(profileId, {
            signal: controller.signal,
            initial,
            onProgress: (p) => report.set(profileId, p),
            onChunk: () => chunksWritten(profileId),
          });
          report.set(profileId, done);
          logRun(profileId, done);
          chunksWritten(profileId);
          syncSettled(profileId);
          return done;
        } catch (error) {
          const canceled = controller.signal.aborted;
          const last = report.last(profileId) ?? initial;
          const failed: SyncProgress = {
            ...last,
            phase: canceled ? 'canceled' : 'error',
            error: messageOf(canceled ? new SyncFailure('canceled', '') : error),
            updatedAt: Date.now(),
          };
          report.set(profileId, failed);
          logRun(profileId, failed);
          chunksWritten(profileId);
          return failed;
        }
      });
    } finally {
      running.delete(profileId);
      finished();
    }
  }

  return { isSyncing, cancelSync, stopSync, startSync };
}
