import { join } from 'node:path';
import type { UpdateState, UpdateStatus } from '../../shared/ipc';
import type { BusyRegistry } from './busy-registry';
import { artifactUrl, downloadArtifact } from './download';
import { FeedProblem } from './feed';
import { feedBaseUrl, FeedSourceProblem } from './feed-source';
import { UpdateRefused, UpdateUnreachable } from './refusal';
import { newestSeen, rememberSeen } from './freshness';
import { installBucket } from './rollout';
import { checkFeed } from './update-check';
import { UPDATE_FEED_PUBLIC_KEY } from './update-key';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How often main looks at its clock for the daily check (a sleeping machine misses timers, not days). */
const LOOK_EVERY_MS = 60 * 60 * 1000;
/** How often a restart that waits for the windows' work looks at it again. */
const PROBE_EVERY_MS = 1000;

/** An update whose feed signature, version and SHA-512 have been checked, on disk. */
export interface VerifiedUpdate {
  version: string;
  notes: string;
  wayBack: boolean;
  file: string;
  sha512: string;
  size: number;
  releaseDate: string | null;
}

/** The OS's own install step (electron-updater in the app); absent where the app cannot install. */
export interface UpdateInstaller {
  /** Installs `update` and restarts the app; rejects with what went wrong. */
  install(update: VerifiedUpdate): Promise<void>;
}

export interface Scheduler {
  every(ms: number, tick: () => void): () => void;
}

const intervals: Scheduler = {
  every: (ms, tick) => {
    const id = setInterval(tick, ms);
    id.unref?.();
    return () => clearInterval(id);
  },
};

export interface UpdatesOptions {
  version: string;
  platform: string;
  dataDir: string;
  /** null where updates come from the installer (the app in Chromium, tests of the rest of main). */
  installer: UpdateInstaller | null;
  busy: BusyRegistry;
  emit: (state: UpdateState) => void;
  now: () => number;
  publicKey?: string;
  fetch?: typeof fetch;
  scheduler?: Scheduler;
}

/**
 * The person's updates: read the feed at start and daily, download and verify what it offers,
 * and install only when the person says "Restart to update" and nothing is being sent or synced.
 */
export class Updates {
  private status: UpdateStatus = { kind: 'none' };
  private feed: string | null = null;
  private lastChecked: number | null = null;
  private checking: Promise<UpdateState> | null = null;
  private ready: VerifiedUpdate | null = null;
  private stopTimer: (() => void) | null = null;
  private stopWaiting: (() => void) | null = null;
  private looking = false;
  private lookAgain = false;

  constructor(private readonly o: UpdatesOptions) {}

  get mode(): UpdateState['mode'] {
    return this.o.installer ? 'app' : 'installer';
  }

  state(): UpdateState {
    return {
      version: this.o.version,
      mode: this.mode,
      feed: this.feed,
      lastChecked: this.lastChecked,
      status: this.status,
    };
  }

  /** Checks now, then whenever a day has passed since the last check. Nothing in 'installer' mode. */
  start(): void {
    if (!this.o.installer || this.stopTimer) return;
    void this.check();
    this.stopTimer = (this.o.scheduler ?? intervals).every(LOOK_EVERY_MS, () => {
      if (this.lastChecked === null || this.o.now() - this.lastChecked >= DAY_MS) void this.check();
    });
  }

  /** One check at a time; a check asked for during one answers with that one's outcome. */
  check(): Promise<UpdateState> {
    if (!this.o.installer) return Promise.resolve(this.state());
    // A verified download stays offered (or awaited) until the app restarts.
    if (this.ready) return Promise.resolve(this.state());
    this.checking ??= this.run().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** "Restart to update": installs once nothing is under way; until then the state says what it waits for. */
  async restart(): Promise<UpdateState> {
    const update = this.ready;
    if (!update || !this.o.installer) return this.state();
    if (this.status.kind === 'waiting' || this.status.kind === 'restarting') return this.state();
    const stopChange = this.o.busy.onChange(() => void this.look(update));
    // The windows' work is looked at again every second: they do not tell main when it ends.
    const stopPoll = this.o.busy.probed
      ? (this.o.scheduler ?? intervals).every(PROBE_EVERY_MS, () => void this.look(update))
      : () => undefined;
    this.stopWaiting = () => {
      stopChange();
      stopPoll();
    };
    await this.look(update);
    return this.state();
  }

  /** One look at what is under way at a time; a look asked for during one runs again after it. */
  private async look(update: VerifiedUpdate): Promise<void> {
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    this.looking = true;
    try {
      do {
        this.lookAgain = false;
        const busy = await this.o.busy.everything();
        if (this.status.kind !== 'downloaded' && this.status.kind !== 'waiting') return;
        if (busy.length === 0) {
          this.install(update);
          return;
        }
        const before = this.status.kind === 'waiting' ? this.status.waitingFor.join('\n') : null;
        if (before !== busy.join('\n'))
          this.set({
            kind: 'waiting',
            version: update.version,
            notes: update.notes,
            wayBack: update.wayBack,
            waitingFor: busy,
          });
      } while (this.lookAgain);
    } finally {
      this.looking = false;
    }
  }

  private install(update: VerifiedUpdate): void {
    this.stopWaiting?.();
    this.stopWaiting = null;
    this.set({ kind: 'restarting', version: update.version });
    this.o.installer!.install(update).catch((error: unknown) => {
      this.set({
        kind: 'error',
        message: `Version ${update.version} could not be installed (${error instanceof Error ? error.message : String(error)}). The app keeps running as it is; try again, or install it from the installer.`,
      });
      this.ready = null;
    });
  }

  dispose(): void {
    this.stopTimer?.();
    this.stopWaiting?.();
  }

  private set(status: UpdateStatus): void {
    this.status = status;
    this.o.emit(this.state());
  }

  private async run(): Promise<UpdateState> {
    this.set({ kind: 'checking' });
    try {
      const feedBase = await feedBaseUrl(this.o.dataDir);
      this.feed = feedBase;
      const fetchImpl = this.o.fetch ?? fetch;
      const outcome = await checkFeed({
        feedBase,
        platform: this.o.platform,
        currentVersion: this.o.version,
        publicKey: this.o.publicKey ?? UPDATE_FEED_PUBLIC_KEY,
        bucket: await installBucket(this.o.dataDir),
        newestSeen: await newestSeen(this.o.dataDir),
        fetch: fetchImpl,
      });
      if (outcome.feed.signedAt !== null) await rememberSeen(this.o.dataDir, outcome.feed.signedAt);
      this.lastChecked = this.o.now();
      if (outcome.kind === 'none') {
        this.set({ kind: 'none' });
        return this.state();
      }
      const { feed, wayBack } = outcome;
      this.set({ kind: 'available', version: feed.version, notes: feed.releaseNotes, wayBack });
      const url = artifactUrl(feedBase, feed.artifact.url);
      const { file, size } = await downloadArtifact(
        feed.artifact,
        url,
        feed.version,
        join(this.o.dataDir, 'updates'),
        fetchImpl,
      );
      this.ready = {
        version: feed.version,
        notes: feed.releaseNotes,
        wayBack,
        file,
        sha512: feed.artifact.sha512,
        size,
        releaseDate: feed.releaseDate,
      };
      this.set({ kind: 'downloaded', version: feed.version, notes: feed.releaseNotes, wayBack });
    } catch (error) {
      this.lastChecked = this.o.now();
      if (error instanceof UpdateRefused) this.set({ kind: 'refused', version: error.version, reason: error.message });
      else if (error instanceof UpdateUnreachable || error instanceof FeedProblem || error instanceof FeedSourceProblem)
        this.set({ kind: 'error', message: error.message });
      else
        this.set({
          kind: 'error',
          message: `Updates could not be checked (${error instanceof Error ? error.message : String(error)}).`,
        });
    }
    return this.state();
  }
}
