import type pg from 'pg';
import type { ConnectivityState } from '../../shared/ipc/connectivity';
import type { Events, WorkspaceConnectivity } from '../../shared/ipc';
import { ConnectivityMonitor, type Outcome } from '../connectivity/monitor';
import {
  displayWorkspace,
  inTransaction,
  openClient,
  openPool,
  type PasswordSource,
  type WorkspaceAddress,
} from './connection';
import { checkSchemaVersion, schemaVersion } from './migrate';
import { workspaceFailure, type WorkspaceError } from './workspace-error';
import { ChangeBatcher } from './change-batcher';

export const NOTIFY_CHANNEL = 'treasury_team';

type Changed = Events['workspace:changed'];
const TABLES = new Set<Changed['table']>(['queue_row', 'decision', 'directory', 'audit', 'join_request']);

export interface SessionDeps {
  emitConnectivity: (status: WorkspaceConnectivity) => void;
  emitChanged: (change: Changed) => void;
  now: () => number;
  /** First retry after this long while unreachable, doubling up to 30 s (tests shorten it). */
  initialBackoffMs?: number;
}

/** Unreachable is offline; a server that answers but refuses us (TLS, password, version) is degraded: it will not fix itself. */
function classify(outcome: Outcome): [ConnectivityState | null, string | undefined] {
  if (outcome.ok) return ['online', undefined];
  return [outcome.kind === 'network' ? 'offline' : 'degraded', outcome.message];
}

const CONNECTION_FAILURES = new Set<WorkspaceError['kind']>(['unreachable', 'tls', 'auth', 'not-found', 'version']);

function outcomeOf(error: WorkspaceError): Outcome {
  return { ok: false, kind: error.kind === 'unreachable' ? 'network' : 'invalid-response', message: error.message };
}

/**
 * One workspace, connected: a pool for calls, one more connection that LISTENs for changes,
 * and its connectivity like a service's (every call reports; while unreachable a probe retries
 * with capped exponential backoff). When the workspace answers again the LISTEN connection is
 * made anew and a 'resync' tells the renderer to read again what it may have missed.
 */
export class WorkspaceSession {
  readonly pool: pg.Pool;
  readonly where: string;
  private readonly monitor: ConnectivityMonitor;
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private disposed = false;
  private readonly changes: ChangeBatcher;
  /** The schema was found to be the one this app knows (checked on the first call and on every probe). */
  private versionChecked: Promise<void> | null = null;

  constructor(
    readonly workspaceId: string,
    private readonly address: WorkspaceAddress,
    private readonly password: PasswordSource,
    private readonly deps: SessionDeps,
  ) {
    this.changes = new ChangeBatcher((c) => this.deps.emitChanged(c));
    this.where = displayWorkspace(address);
    this.pool = openPool(address, password);
    this.monitor = new ConnectivityMonitor({
      profileId: null,
      probe: () => this.probe(),
      classify,
      now: deps.now,
      ...(deps.initialBackoffMs !== undefined ? { initialBackoffMs: deps.initialBackoffMs } : {}),
      emit: (s) => {
        deps.emitConnectivity(this.view(s));
        if (s.state === 'online') void this.listen(true);
      },
    });
  }

  status(): WorkspaceConnectivity {
    return this.view(this.monitor.status());
  }

  /** Probes now; the LISTEN connection comes up with the first success. */
  async check(): Promise<WorkspaceConnectivity> {
    const s = await this.monitor.check();
    if (s.state === 'online') await this.listen(false);
    return this.view(s);
  }

  /** Runs `work` on the pool, reporting to the connectivity monitor; errors become WorkspaceErrors. */
  async run<T>(work: (pool: pg.Pool) => Promise<T>): Promise<T> {
    try {
      await this.checkVersion();
      const result = await work(this.pool);
      this.monitor.report({ ok: true });
      return result;
    } catch (error) {
      const failure = workspaceFailure(error, this.where);
      // A refusal of one statement still shows the workspace answers; a refused connection does not.
      this.monitor.report(CONNECTION_FAILURES.has(failure.kind) ? outcomeOf(failure) : { ok: true });
      throw failure;
    }
  }

  /** `work` in one transaction (see `run`). */
  tx<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.run((pool) => inTransaction(pool, work));
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.changes.dispose();
    this.monitor.dispose();
    const l = this.listener;
    this.listener = null;
    await l?.end().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }

  /**
   * Refuses to work with a schema other than the one this app knows (a newer app upgraded the
   * workspace, or it was never upgraded for this one): every call fails with the reason.
   */
  private checkVersion(): Promise<void> {
    this.versionChecked ??= schemaVersion(this.pool).then(
      (v) => checkSchemaVersion(v),
      (error: unknown) => {
        this.versionChecked = null;
        throw error;
      },
    );
    return this.versionChecked;
  }

  private async probe(): Promise<Outcome> {
    try {
      this.versionChecked = null;
      await this.checkVersion();
      return { ok: true };
    } catch (error) {
      return outcomeOf(workspaceFailure(error, this.where));
    }
  }

  private view(s: { state: ConnectivityState; since: string; reason?: string }): WorkspaceConnectivity {
    return { workspaceId: this.workspaceId, state: s.state, since: s.since, ...(s.reason ? { reason: s.reason } : {}) };
  }

  /** Makes sure a LISTEN connection is up; `resync` says the renderer may have missed changes. */
  private listen(resync: boolean): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.listener) return Promise.resolve();
    this.listening ??= this.openListener(resync).finally(() => {
      this.listening = null;
    });
    return this.listening;
  }

  private async openListener(resync: boolean): Promise<void> {
    const client = openClient(this.address, this.password);
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = null;
      void client.end().catch(() => undefined);
      // The monitor probes with backoff from here and brings the listener back when it answers.
      if (!this.disposed)
        this.monitor.report({
          ok: false,
          kind: 'network',
          message: `The workspace at ${this.where} cannot be reached. Check your network connection; the app tries again by itself.`,
        });
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      if (n.channel !== NOTIFY_CHANNEL) return;
      const change = parseChange(this.workspaceId, n.payload);
      if (change) this.changes.add(change);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      const failure = workspaceFailure(error, this.where);
      if (failure.kind === 'unreachable') this.monitor.report(outcomeOf(failure));
      return;
    }
    if (this.disposed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    if (resync) this.deps.emitChanged({ workspaceId: this.workspaceId, table: 'resync' });
  }
}

function parseChange(workspaceId: string, payload: string | undefined): Changed | null {
  try {
    const v = JSON.parse(payload ?? '') as { table?: unknown; key?: unknown };
    if (typeof v.table !== 'string' || !TABLES.has(v.table as Changed['table'])) return null;
    return { workspaceId, table: v.table as Changed['table'], ...(typeof v.key === 'string' ? { keys: [v.key] } : {}) };
  } catch {
    return null;
  }
}
