import type { EventName, Events, TeamSendingStatus } from '../../../shared/ipc';
import type { TeamRowView } from '../../../shared/ipc/workspace';
import { classifySend, type SendOutcome } from '../../../shared/outbox/classify';
import { wireOf } from '../../../shared/outbox/wire';
import type { Transaction } from '../../../shared/service';
import { serviceOf } from '../../../shared/service-address';
import type { ProfileServices } from '../../profiles/profile-services';
import { toIpcError } from '../../money/ipc-error';
import type { MoneyGate } from '../../money/money-gate';
import type { Payer, Payers } from '../../money/payers';
import { readSignedText } from '../../../shared/team/signed-text';
import type { Profile } from '../../profiles/profile';
import type { ProfileStore } from '../../profiles/profile-store';
import type { SessionAwareSecrets } from '../../secrets/secret-vault';
import type { KeyHolds } from '../../service/key-holds';
import { claimRows, recordOutcomes, renewLease } from '../claims';
import { readRows } from '../row-reads';
import { WorkspaceError } from '../workspace-error';
import type { Workspaces } from '../workspaces';
import { sendReadyTeamRows, type TeamRunReport, type TeamRunWire } from './team-run';

/** A workspace is looked at now and then even when no NOTIFY came (a lease that expired elsewhere). */
const LOOK_AGAIN_MS = 30_000;
/** The account a row's drafter signed it to be paid from, and the service they signed it for (null when the draft cannot be read). */
function signedFor(row: TeamRowView): { payer: string | null; service: string } | null {
  const read = readSignedText('draft', row.draft.text);
  return read.ok ? { payer: read.body.payer ?? null, service: read.body.service } : null;
}

function otherPayerWords(n: number, mine: Payer | null): string {
  const rows = n === 1 ? '1 approved row is' : `${n} approved rows are`;
  return mine
    ? `${rows} signed to be paid from another account than this profile’s key pays from (@${mine.svcHandle.replace(/^@/, '')}): a desktop holding that account’s key sends ${n === 1 ? 'it' : 'them'}.`
    : `${rows} signed to be paid from a named account, and this desktop cannot read which account its key pays from now: ${n === 1 ? 'it waits' : 'they wait'}.`;
}

function unnamedWords(n: number): string {
  return `${n === 1 ? '1 approved row names' : `${n} approved rows name`} no account to be paid from, so no desktop sends ${n === 1 ? 'it' : 'them'}: its drafter cancels ${n === 1 ? 'it' : 'them'} and drafts again.`;
}

/** How long this desktop waits before trying a row again after `failures` retryable failures: 1 s, doubling, up to 5 minutes, with jitter. */
function retryWaitMs(failures: number): number {
  const window = Math.min(5 * 60_000, 1_000 * 2 ** Math.min(20, failures - 1));
  return Math.floor(window / 2 + (Math.random() * window) / 2);
}

/** Most pages of transactions one reconciliation reads (10,000 transactions at 50 a page). */
const MAX_PAGES = 200;

export interface TeamSendingDeps {
  workspaces: Workspaces;
  store: ProfileStore;
  secrets: SessionAwareSecrets;
  services: ProfileServices;
  money: MoneyGate;
  /** Which account this desktop's key pays from: a row signed for another is never sent from here. */
  payers: Payers;
  /** The service's Retry-After per key: a row whose key must wait is not claimed before then. */
  holds: KeyHolds;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  now: () => number;
  /** How often to look when nothing happened (30 s; tests may shorten it). */
  lookAgainMs?: number;
}

/** What one profile's sending for one workspace remembers between runs. */
interface Runner {
  profileId: string;
  workspaceId: string;
  /** The rows changes named while a run was under way (null: everything), run once after it. */
  asked: Set<string> | null | undefined;
  running: Promise<void> | null;
  /** Rows this desktop waits on before claiming them again (a retryable failure's time). */
  notBefore: Map<string, number>;
  /** Retryable failures in a row, per row: each waits longer before this desktop tries it again. */
  failures: Map<string, number>;
  timer: ReturnType<typeof setTimeout> | undefined;
  status: TeamSendingStatus;
}

const key = (profileId: string, workspaceId: string) => `${profileId} ${workspaceId}`;

/**
 * main's team sender (docs/architecture.md, "Main is the money gate"): for every live profile this desktop
 * holds the API key of, whose service a joined workspace covers (coverage.ts, decided here),
 * main claims the workspace's ready rows, checks each itself (claims.ts), sends it through the
 * money gate and records its signed outcome, one process, no IPC leg per row. It runs at start,
 * when a row or a decision changes in the workspace (only on the rows a change names), when the
 * workspace or the profiles change, and now and then. The renderer sees what it does through
 * `outbox:team-sending` and can pause it per profile; it cannot make it send anything.
 */
export class TeamSending {
  private readonly runners = new Map<string, Runner>();
  private readonly paused = new Set<string>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private disposed = false;

  constructor(private readonly deps: TeamSendingDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.sendAll(null), this.deps.lookAgainMs ?? LOOK_AGAIN_MS);
    (this.timer as { unref?: () => void }).unref?.();
    void this.sendAll(null);
  }

  /** Main's events, as they go to the windows: what may have made rows ready or sendable. */
  heard<E extends EventName>(event: E, payload: Events[E]): void {
    if (event === 'workspace:changed') {
      const c = payload as Events['workspace:changed'];
      if (c.table === 'resync' || c.table === 'directory') void this.sendAll(null, c.workspaceId);
      else if (c.table === 'queue_row' || c.table === 'decision')
        void this.sendAll(c.keys ? new Set(c.keys) : null, c.workspaceId);
    } else if (event === 'workspace:connectivity') {
      const c = payload as Events['workspace:connectivity'];
      if (c.state === 'online') void this.sendAll(null, c.workspaceId);
    } else if (event === 'profiles:changed' || event === 'connectivity:changed') {
      void this.sendAll(null);
    }
  }

  pause(profileId: string, paused: boolean): { paused: boolean } {
    if (paused) this.paused.add(profileId);
    else this.paused.delete(profileId);
    for (const r of this.runners.values())
      if (r.profileId === profileId) this.publish(r, { state: paused ? 'paused' : 'idle', message: null });
    if (!paused) void this.sendAll(null);
    return { paused };
  }

  statuses(): TeamSendingStatus[] {
    return [...this.runners.values()].map((r) => r.status);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.timer) clearInterval(this.timer);
    const runs = [...this.runners.values()].map((r) => {
      if (r.timer) clearTimeout(r.timer);
      return r.running;
    });
    await Promise.all(runs.map((run) => run?.catch(() => undefined)));
  }

  /** Every profile that can send for a workspace covering its service (only `from`, when a workspace's change asked). */
  private async sendAll(named: ReadonlySet<string> | null, from?: string): Promise<void> {
    if (this.disposed) return;
    for (const profile of this.deps.store.list()) {
      await this.sendFor(profile, named, from).catch(() => undefined);
    }
  }

  private async sendFor(profile: Profile, named: ReadonlySet<string> | null, from?: string): Promise<void> {
    const service = serviceOf(profile);
    const binding = await this.deps.workspaces.coverage(service);
    if (binding.kind !== 'team' || (from !== undefined && binding.workspaceId !== from)) return;
    // The Demo's key is its sandbox's, always held here (its team is the Demo's own: coverage.ts).
    const { hasKey } =
      profile.kind === 'demo'
        ? { hasKey: true }
        : await this.deps.secrets.hasKey(profile.id, { baseUrl: profile.baseUrl, vaultUrl: profile.vaultUrl });
    if (!hasKey) return;
    const runner = this.runnerOf(profile.id, binding.workspaceId, binding.name);
    if (this.paused.has(profile.id)) {
      this.publish(runner, { state: 'paused', message: null });
      return;
    }
    this.ask(runner, named);
  }

  private runnerOf(profileId: string, workspaceId: string, workspaceName: string): Runner {
    let r = this.runners.get(key(profileId, workspaceId));
    if (!r) {
      r = {
        profileId,
        workspaceId,
        asked: undefined,
        running: null,
        notBefore: new Map(),
        failures: new Map(),
        timer: undefined,
        status: { profileId, workspaceId, workspaceName, state: 'idle', message: null, last: null },
      };
      this.runners.set(key(profileId, workspaceId), r);
    }
    return r;
  }

  /** One run at a time; what is asked meanwhile (the rows named, or everything) runs once after it. */
  private ask(r: Runner, named: ReadonlySet<string> | null): void {
    r.asked = r.asked === null || named === null ? null : new Set([...(r.asked ?? []), ...named]);
    if (r.running) return;
    r.running = (async () => {
      while (r.asked !== undefined && !this.disposed && !this.paused.has(r.profileId)) {
        const rows = r.asked;
        r.asked = undefined;
        await this.runOnce(r, rows).catch(() => undefined);
      }
    })().finally(() => {
      r.running = null;
    });
  }

  private async runOnce(r: Runner, named: ReadonlySet<string> | null): Promise<void> {
    const monitor = await this.deps.services.existingMonitor(r.profileId);
    if (monitor?.status().state === 'offline') {
      this.publish(r, { state: 'offline', message: 'The service does not answer: team rows wait until it does.' });
      return;
    }
    this.publish(r, { state: 'sending', message: null });
    // Waits are counted on the system's clock, as the service's Retry-After and the key holds are (a test's pinned clock would never let them end).
    const now = Date.now();
    const payer = await this.deps.payers.of(r.profileId);
    const profile = this.deps.store.get(r.profileId);
    const service = profile ? serviceOf(profile) : null;
    const otherPayer: string[] = [];
    let unnamed = 0;
    const skip = (row: TeamRowView) => {
      if ((r.notBefore.get(row.id) ?? 0) > now || this.deps.holds.remainingMs(row.idempotencyKey, now) > 0) return true;
      const signed = signedFor(row);
      // Only a row signed for this profile's own service, whatever the workspace's filter answered.
      if (signed === null || service === null || signed.service !== service) return true;
      const named = signed.payer;
      if (named !== null && named === payer?.id) return false;
      // main signs no draft without its payer: one that names none could be paid by any key at this address, so none pays it.
      if (named === null) unnamed++;
      else otherPayer.push(named);
      return true;
    };
    let wire: TeamRunWire;
    try {
      wire = await this.wireFor(r);
    } catch (error) {
      // The workspace did not answer, or no longer takes this desktop's key: the page is told, not left on 'sending'.
      this.publish(r, { state: 'stopped', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    const report = await sendReadyTeamRows(wire, { named, skip });
    for (const [rowId, asked] of report.retryIn) {
      // Never sooner than the service asked, and later with each failure: a service answering 503
      // again and again is not asked in a loop (each try is a claim and an outcome in the workspace).
      const failures = (r.failures.get(rowId) ?? 0) + 1;
      r.failures.set(rowId, failures);
      r.notBefore.set(rowId, Date.now() + Math.max(asked, retryWaitMs(failures)));
    }
    for (const rowId of report.done) r.failures.delete(rowId);
    for (const [rowId, at] of r.notBefore) if (at <= now) r.notBefore.delete(rowId);
    this.scheduleRetry(r);
    this.publish(r, {
      state: report.stopped === null ? 'idle' : 'stopped',
      message:
        report.stopped ??
        ([
          otherPayer.length > 0 ? otherPayerWords(otherPayer.length, payer) : '',
          unnamed > 0 ? unnamedWords(unnamed) : '',
        ]
          .filter(Boolean)
          .join(' ') ||
          null),
      last: {
        at: new Date(this.deps.now()).toISOString(),
        sent: report.sent,
        failed: report.failed,
        review: report.review,
        reopened: report.reopened,
        stale: report.stale,
      },
    });
  }

  /** A row given back to wait (a retryable failure) is looked at again when its wait is over. */
  private scheduleRetry(r: Runner): void {
    if (r.timer) clearTimeout(r.timer);
    r.timer = undefined;
    const soonest = Math.min(...r.notBefore.values());
    if (!Number.isFinite(soonest)) return;
    r.timer = setTimeout(() => this.ask(r, null), Math.max(0, soonest - Date.now()) + 10);
    (r.timer as { unref?: () => void }).unref?.();
  }

  private publish(r: Runner, change: Partial<TeamSendingStatus>): void {
    r.status = { ...r.status, ...change };
    this.deps.emit('outbox:team-sending', r.status);
  }

  /** main's own functions, as a run reaches them: the directory verified now for every claim and outcome. */
  private async wireFor(r: Runner): Promise<TeamRunWire> {
    const ws = this.deps.workspaces;
    const online = async () => {
      const l = await ws.refresh(r.workspaceId);
      return { l, actor: await ws.actor(l) };
    };
    const first = await online();
    const profile = this.deps.store.get(r.profileId);
    const service = profile ? serviceOf(profile) : '';
    return {
      me: first.actor.memberId,
      now: this.deps.now,
      rows: async (filter) => {
        const l = await ws.get(r.workspaceId);
        return l.session.run((pool) => readRows(pool, l.directory, first.actor.memberId, { service, ...filter }));
      },
      claim: async (rowIds, leaseMs) => {
        const { l, actor } = await online();
        return claimRows(l.session, l.directory, actor, { rowIds, leaseMs });
      },
      renew: async (rowId, fence, leaseMs) => {
        const l = await ws.get(r.workspaceId);
        try {
          await renewLease(l.session, { rowId, fence, leaseMs });
          return true;
        } catch (error) {
          if (error instanceof WorkspaceError && error.kind === 'stale-claim') return false;
          throw error;
        }
      },
      outcomes: async (outcomes) => {
        const { l, actor } = await online();
        return recordOutcomes(l.session, l.directory, actor, outcomes);
      },
      send: async (row): Promise<SendOutcome<unknown>> => {
        const answer = await this.deps.money.send(r.profileId, row, 'team').then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error: toIpcError(error) }),
        );
        const wire = wireOf(row.kind);
        const outcome = classifySend(answer, wire.idempotent);
        if (outcome.type !== 'ok') return outcome;
        const refused = wire.refusedDespiteSuccess(outcome.value);
        return refused === null ? outcome : { type: 'rejected', message: refused };
      },
      journal: async (row) => {
        const refused = await this.deps.money.journalRefusal(r.profileId, row);
        if (!refused) return null;
        return { state: refused.reason === 'other-payload' ? 'failed' : 'needs-review', detail: refused.message };
      },
      transactions: async (window) => {
        const client = await this.deps.services.client(r.profileId);
        const out: Transaction[] = [];
        try {
          for await (const page of client.listAll(
            'listTransactions',
            {
              query: {
                'filter:from_date': String(Math.floor(window.fromMs)),
                'filter:to_date': String(Math.ceil(window.toMs)),
              },
            },
            { maxPages: MAX_PAGES },
          )) {
            out.push(...page.items);
            if (!page.metadata?.nextCursor) return out;
          }
          return null;
        } catch {
          return null;
        }
      },
    };
  }
}

export type { TeamRunReport };
