import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoTeamStatus } from '../../shared/ipc/demo';
import { DEMO_SERVICE } from '../../shared/service-address';
import type { Payers } from '../money/payers';
import { DEMO_PROFILE_ID } from '../profiles/profile';
import { MemorySecretStore } from '../secrets/memory-secret-store';
import { inspectWorkspace, requestToJoin } from '../workspace/bootstrap';
import type { WorkspaceAddress } from '../workspace/connection';
import { newSigningKey } from '../workspace/keys';
import { keyAccount, passwordAccount } from '../workspace/workspace-secrets';
import type { Workspaces } from '../workspace/workspaces';
import { DemoColleague } from './demo-colleague';
import { DemoPostgresUnavailable, startDemoPostgres, type DemoPostgres } from '../demo/demo-postgres';
import type { DemoService } from '../demo/demo-sandbox';
import { readDemoTeamSetting, writeDemoTeamSetting } from './demo-team-setting';
import { colleagueMoves, DEMO_DRAFTS, dueDrafts, dueMoves, type DemoCast } from './demo-team-moves';
import type { DemoTeamOptions, PlannedDraft } from '../demo/demo-team-options';

export const DEMO_TEAM_NAME = 'Demo team';
export const DRAFTER_NAME = 'Dana Kim';
export const APPROVER_NAME = 'Sam Ortiz';
/** The person trying the Demo, as the colleagues' directory names them (their own screens say "you"). */
export const PERSON_NAME = 'Jordan Lee';
const COLLEAGUES = [DRAFTER_NAME, APPROVER_NAME];
/** How long a colleague takes to approve once it is their turn, on main's clock. */
const REACT_MS = 20_000;

export interface DemoTeamDeps {
  /** Whether this app offers the team at all (the app does; tests that do not exercise it leave it off). */
  offered: boolean;
  options: DemoTeamOptions;
  userDataDir: string;
  now: () => number;
  /** The app's own desktop: the person joins with it and approves through main's real prompts. */
  workspaces: Workspaces;
  payers: Payers;
  demo: DemoService;
  /** Status changes, to the windows; and a change of the Demo's workspace, for them and main's team sender. */
  emitStatus: (status: DemoTeamStatus) => void;
  emitChanged: (workspaceId: string) => void;
}

interface Running {
  server: DemoPostgres;
  folder: string;
  drafter: DemoColleague;
  approver: DemoColleague;
  workspaceId: string;
  cast: DemoCast;
  readyAt: number;
  drafted: number;
  ticker: ReturnType<typeof setInterval>;
  busy: boolean;
}

const OFF_WORDS =
  'The Demo approves alone: what you approve is sent by this computer, with nobody else’s approval. Turn the simulated team on to see approvals by two people.';
const READY_WORDS = `${DRAFTER_NAME} drafts a few transfers over the first minutes; each needs your approval and ${APPROVER_NAME}’s, and yours waits for both of them. Their desktops run inside this app, with keys of their own, on a database server this app started for the Demo.`;

/**
 * The Demo's simulated team (docs/features/demo-team.md): a database server main starts
 * (demo-postgres.ts), a workspace made by one colleague's desktop, the other colleague and the
 * person's own desktop (the app's Workspaces) joined with logins of their own, and a policy of
 * two approvals for the Demo. Then, on main's clock, the drafting colleague drafts and both
 * approve as `colleagueMoves` says; main's own team sender sends what is ready to the Demo's
 * sandbox. It starts when the Demo's sandbox does, and stops on quit or when turned off.
 */
export class DemoTeam {
  private enabled: boolean | null = null;
  private state: DemoTeamStatus['state'] = 'off';
  private message = OFF_WORDS;
  private running: Running | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly deps: DemoTeamDeps) {}

  /** Whether a server and colleagues run now (or are starting). */
  get isRunning(): boolean {
    return this.running !== null || this.starting !== null;
  }

  async status(): Promise<DemoTeamStatus> {
    return { enabled: await this.wanted(), state: this.state, message: this.message, colleagues: COLLEAGUES };
  }

  /** Starts the team if the person wants it and it is not running (the Demo's sandbox just started). */
  ensure(): Promise<void> {
    this.starting ??= (async () => {
      if (!this.deps.offered || !(await this.wanted()) || this.running) return;
      await this.start();
    })().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  async setEnabled(enabled: boolean): Promise<DemoTeamStatus> {
    this.enabled = enabled;
    await writeDemoTeamSetting(this.deps.userDataDir, enabled);
    await this.starting?.catch(() => undefined);
    if (enabled && (await this.deps.demo.running())) await this.ensure();
    if (!enabled) await this.stop();
    return this.status();
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => undefined);
    const r = this.running;
    this.running = null;
    if (r) {
      clearInterval(r.ticker);
      await this.deps.workspaces.dropDemo(r.workspaceId);
      this.deps.emitChanged(r.workspaceId);
      await Promise.all([r.drafter.dispose(), r.approver.dispose()]);
      await r.server.stop();
      await rm(r.folder, { recursive: true, force: true });
    }
    if (this.state === 'ready' || this.state === 'starting') this.publish('off', OFF_WORDS);
  }

  private async wanted(): Promise<boolean> {
    if (!this.deps.offered) return false;
    this.enabled ??= await readDemoTeamSetting(this.deps.userDataDir);
    return this.enabled;
  }

  private publish(state: DemoTeamStatus['state'], message: string): void {
    this.state = state;
    this.message = message;
    void this.status().then(this.deps.emitStatus);
  }

  private async start(): Promise<void> {
    this.publish('starting', `Starting the simulated team (${COLLEAGUES.join(' and ')})…`);
    let server: DemoPostgres;
    try {
      server = await startDemoPostgres();
    } catch (error) {
      const words =
        error instanceof DemoPostgresUnavailable
          ? error.message
          : `The Demo’s simulated team could not start its database server, so the Demo approves alone (${error instanceof Error ? error.message : String(error)}).`;
      return this.publish('solo', words);
    }
    const folder = await mkdtemp(join(tmpdir(), 'treasury-demo-team-'));
    const noticed = () => void this.tick();
    const drafter = new DemoColleague(DRAFTER_NAME, join(folder, 'drafter'), this.deps.now, noticed);
    const approver = new DemoColleague(APPROVER_NAME, join(folder, 'approver'), this.deps.now, noticed);
    try {
      const db = await server.createWorkspaceDatabase('demo_team');
      const at = (user: string): WorkspaceAddress => ({
        host: server.host,
        port: server.port,
        database: db.database,
        user,
      });
      await drafter.create(DEMO_TEAM_NAME, at(db.user), db.password);
      const approverLogin = await drafter.addLogin();
      await approver.join(at(approverLogin.dbRole), approverLogin.password);
      await drafter.register(approverLogin.dbRole, 'approver');
      const person = await this.joinPerson(drafter, at);
      await drafter.setPolicy(DEMO_SERVICE, 2);
      const cast = { person, drafter: await drafter.memberId(), approver: await approver.memberId() };
      const ticker = setInterval(() => void this.tick(), this.deps.options.tickMs ?? 1_000);
      (ticker as { unref?: () => void }).unref?.();
      this.running = {
        ...{ server, folder, drafter, approver, workspaceId: drafter.workspaceId, cast },
        ...{ readyAt: this.deps.now(), drafted: 0, ticker, busy: false },
      };
      this.publish('ready', READY_WORDS);
      this.deps.emitChanged(drafter.workspaceId);
      void this.tick();
    } catch (error) {
      await Promise.all([drafter.dispose(), approver.dispose()]);
      await server.stop();
      await rm(folder, { recursive: true, force: true });
      this.publish(
        'stopped',
        `The Demo’s simulated team could not be set up, so the Demo approves alone (${error instanceof Error ? error.message : String(error)}). Turn it off and on again in Settings to try again.`,
      );
    }
  }

  /**
   * The app's own desktop joins as a desktop does (a login from the admin, a request signed with a
   * key made here, the admin's registration); main asks nothing, as it made the workspace itself.
   * Its key and password stay in memory. The person's member id.
   */
  private async joinPerson(admin: DemoColleague, at: (user: string) => WorkspaceAddress): Promise<string> {
    const login = await admin.addLogin();
    const address = at(login.dbRole);
    const facts = await inspectWorkspace(address, login.password);
    const made = newSigningKey();
    const keys = new MemorySecretStore();
    await keys.set(keyAccount(facts.id), made.stored);
    await keys.set(passwordAccount(facts.id), login.password);
    await requestToJoin(address, login.password, {
      workspaceId: facts.id,
      name: PERSON_NAME,
      key: made.key,
      now: this.deps.now,
    });
    const memberId = await admin.register(login.dbRole, 'approver');
    await this.deps.workspaces.openDemo(
      {
        ...{ id: facts.id, name: facts.name, ...address, pinnedKey: facts.rootKey, publicKey: made.key.publicKey },
        ...{ directory: [], heads: { directory: null, audit: null }, services: [] },
      },
      made.key,
      keys,
    );
    return memberId;
  }

  /** What is due on main's clock: the drafter's next drafts, and the approvals the colleagues owe. */
  private async tick(): Promise<void> {
    const r = this.running;
    if (!r || r.busy) return;
    r.busy = true;
    try {
      const due = dueDrafts(this.deps.options.drafts ?? DEMO_DRAFTS, r.drafted, this.deps.now() - r.readyAt);
      if (due.length > 0) {
        const drafts = await this.transfers(due);
        const payer = await this.deps.payers.of(DEMO_PROFILE_ID);
        // The Demo's service does not answer yet: the drafts wait for the next look.
        if (drafts && payer) {
          await r.drafter.draft(DEMO_SERVICE, payer, drafts);
          r.drafted += due.length;
        }
      }
      const owed = colleagueMoves(await r.approver.openRows(DEMO_SERVICE), r.cast);
      const moves = dueMoves(owed, this.deps.now(), this.deps.options.reactMs ?? REACT_MS);
      for (const by of ['approver', 'drafter'] as const) {
        const rows = moves.filter((m) => m.by === by).map((m) => m.row);
        await (by === 'approver' ? r.approver : r.drafter).approve(rows);
      }
    } catch {
      // The workspace or the Demo's service did not answer (the app quitting, a reset): the next look tries again.
    } finally {
      r.busy = false;
    }
  }

  /** Transfers between two of the Demo's own accounts, as the drafting colleague would ask for them. */
  private async transfers(due: readonly PlannedDraft[]) {
    const world = (await this.deps.demo.running())?.world;
    if (!world) return null;
    const source = world.primaryVirtualAccountId;
    const others = [...world.virtualAccounts.values()].filter((v) => v.closedAt === null && v.id !== source);
    if (others.length === 0) return null;
    // Each draft to the next of the Demo's other open accounts, as a week's transfers would go.
    const done = this.running?.drafted ?? 0;
    return due.map((d, i) => ({
      kind: 'transfer' as const,
      payload: {
        ...{ source, destination: others[(done + i) % others.length]?.id ?? '' },
        ...{ amountCents: d.amountCents, memo: d.memo },
      },
      idempotencyKey: randomUUID(),
    }));
  }
}
