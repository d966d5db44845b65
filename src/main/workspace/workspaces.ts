import { randomUUID } from 'node:crypto';
import type { EventName, Events, WorkspaceSummary } from '../../shared/ipc';
import { memberByKey, type VerifiedDirectory } from '../../shared/team/directory';
import type { PromptGate } from '../prompt/trusted-prompt';
import type { SecretStore } from '../secrets/secret-store';
import type { SessionAwareSecrets } from '../secrets/secret-vault';
import { createWorkspace, inspectWorkspace, requestToJoin, upgradeWorkspace } from './bootstrap';
import type { Actor } from './chain-append';
import { displayWorkspace, type WorkspaceAddress } from './connection';
import { memberView, readDirectory, verify, type Pinned } from './directory-ops';
import { fingerprint, newSigningKey, type SigningKey } from './keys';
import { keyAccount, loadWorkspaceKey, passwordAccount, persistentKeychain } from './workspace-secrets';
import { confirmOrThrow, connectQuestion, leaveQuestion, pinQuestion } from './questions';
import { WorkspaceSession } from './session';
import { servicesProblem, WorkspaceFile, type StoredWorkspace } from './workspace-file';
import { WorkspaceError } from './workspace-error';
import { coverageOf, DAMAGED_FILE, DRAFTED_FOR_A_TEAM, soloRefusalOf, TOO_LONG } from './coverage';
import { TeamDrafts } from './team-drafts';
import type { TeamBinding } from '../../shared/ipc';
import { DEMO_SERVICE } from '../../shared/service-address';
import { join } from 'node:path';

export interface WorkspacesDeps {
  userDataDir: string;
  secrets: SessionAwareSecrets;
  prompt: PromptGate;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  now: () => number;
  /** The first retry after the workspace stopped answering (doubling up to 30 s); tests shorten it. */
  initialBackoffMs?: number;
}

interface Live {
  stored: StoredWorkspace;
  session: WorkspaceSession;
  /** The directory as last verified (from the workspace, or from the offline copy at start). */
  directory: VerifiedDirectory;
  key: SigningKey | null;
  /** The Demo's team (src/main/demo): its key and password in memory here, never in workspaces.json; it alone covers the Demo. */
  demoKeys?: SecretStore;
}

/**
 * The team workspaces this desktop belongs to: what it keeps about each (workspaces.json and two
 * keychain entries), one session per workspace (a pool, a LISTEN connection, a connectivity
 * state), and the directory it verified last. Nothing is read or started for a person who has
 * no workspace: solo is as it was.
 */
export class Workspaces {
  private readonly file: WorkspaceFile;
  private readonly live = new Map<string, Live>();
  /** Every row this desktop signed for a workspace: never sent here as a solo row. */
  readonly drafts: TeamDrafts;
  private loading: Promise<void> | null = null;
  /** Set by dispose: the file is written no more (a read still under way would write an empty list). */
  private disposed = false;

  constructor(private readonly deps: WorkspacesDeps) {
    this.file = new WorkspaceFile(deps.userDataDir);
    this.drafts = new TeamDrafts(join(deps.userDataDir, 'team-drafts.jsonl'));
  }

  /**
   * Which workspace covers `service` here (coverage.ts), from what each verified last: no database
   * read. Never solo when what main kept cannot say: a workspaces.json it could not read (every
   * service but the Demo's), a service this desktop drafted for a workspace it has not left
   * (team-drafts.jsonl), an address too long for workspaces.json to keep.
   */
  async coverage(service: string): Promise<TeamBinding> {
    await this.load();
    const joined = [...this.live.values()].map((l) => ({
      id: l.stored.id,
      name: l.stored.name,
      canSign: memberByKey(l.directory, l.stored.publicKey)?.status === 'active',
      services: new Set([...l.directory.policies.keys(), ...l.stored.services]),
      unreadable: l.directory.broken !== null,
      demo: l.demoKeys !== undefined,
    }));
    if (service === DEMO_SERVICE) return coverageOf(service, joined);
    if (this.file.unreadable) return { kind: 'unsure', problem: DAMAGED_FILE };
    if (joined.length > 0 && servicesProblem([service])) return { kind: 'unsure', problem: TOO_LONG };
    const binding = coverageOf(service, joined);
    if (binding.kind === 'solo' && (await this.drafts.drafted(service)))
      return { kind: 'unsure', problem: DRAFTED_FOR_A_TEAM };
    return binding;
  }

  /**
   * Why main refuses to send this row as a solo row of `service`, or null: a workspace covers the
   * service (its rows are sent only by main's team sender), or this desktop signed the row for a
   * workspace (it is approved there, never here alone, even after leaving it).
   */
  async soloRefusal(
    service: string,
    row: { rowId: string; idempotencyKey: string },
  ): Promise<ReturnType<typeof soloRefusalOf>> {
    if (await this.drafts.signedAs(row.rowId, row.idempotencyKey)) return soloRefusalOf('team-row');
    return soloRefusalOf(await this.coverage(service));
  }

  /** This desktop signed drafts of `service` in the workspace: the service stays covered, and the rows are never sent solo. */
  async drafted(l: Live, service: string, rows: readonly { rowId: string; key: string }[]): Promise<void> {
    if (servicesProblem([service])) throw new WorkspaceError('refused', `Nothing was signed: ${TOO_LONG}`);
    await this.drafts.add(
      rows.map((r) => ({ rowId: r.rowId, key: r.key, workspaceId: l.stored.id, service, at: this.deps.now() })),
    );
    await this.cover(l, [service]);
  }

  /**
   * Remembers that the workspace covers these services (kept in workspaces.json). A list the
   * file's reader would refuse is never written: it would lose every workspace at the next start.
   * `unkept` says what then: refuse (a draft is not signed), or go on without them (a verified
   * policy's services, which the directory kept beside them names anyway).
   */
  private async cover(l: Live, services: Iterable<string>, unkept: 'refuse' | 'skip' = 'refuse'): Promise<void> {
    const known = new Set(l.stored.services);
    const fresh = [...new Set(services)].filter((s) => !known.has(s));
    if (fresh.length === 0) return;
    const next = [...l.stored.services, ...fresh];
    const problem = servicesProblem(next);
    if (problem) {
      if (unkept === 'skip') return;
      throw new WorkspaceError(
        'refused',
        `Nothing was signed: this desktop cannot remember that ${l.stored.name} approves ${fresh.length === 1 ? 'one more service' : `${fresh.length} more services`} (${problem}).`,
      );
    }
    l.stored.services = next;
    await this.save();
  }

  /** Reads workspaces.json once and connects to each workspace in it (in the background). */
  load(): Promise<void> {
    this.loading ??= (async () => {
      for (const stored of (await this.file.read()).workspaces) this.open(stored);
    })();
    return this.loading;
  }

  /** Each workspace with this desktop's place in it, from a directory read now where the workspace answers. */
  async list(): Promise<WorkspaceSummary[]> {
    await this.load();
    const ids = [...this.live.keys()];
    return Promise.all(ids.map(async (id) => this.summary(await this.freshOrCached(id).catch(() => this.get(id)))));
  }

  /** This desktop becomes the first admin of a new workspace, made with the owner's credentials (used here only). */
  async create(input: {
    name: string;
    adminName: string;
    owner: WorkspaceAddress;
    ownerPassword: string;
  }): Promise<WorkspaceSummary> {
    await this.load();
    const where = displayWorkspace(input.owner);
    const keychain = this.keychain();
    await confirmOrThrow(
      this.deps.prompt,
      connectQuestion('create', { ...input.owner, where }),
      'No workspace was created',
    );
    const workspaceId = randomUUID();
    const made = newSigningKey();
    await keychain.set(keyAccount(workspaceId), made.stored);
    try {
      const created = await createWorkspace({
        owner: input.owner,
        ownerPassword: input.ownerPassword,
        workspaceId,
        name: input.name,
        adminName: input.adminName,
        key: made.key,
        now: this.deps.now,
      });
      await keychain.set(passwordAccount(workspaceId), created.login.password);
      const stored: StoredWorkspace = {
        id: workspaceId,
        name: input.name,
        host: input.owner.host,
        port: input.owner.port,
        database: input.owner.database,
        user: created.login.user,
        ...(input.owner.caCert ? { caCert: input.owner.caCert } : {}),
        pinnedKey: made.key.publicKey,
        publicKey: made.key.publicKey,
        directory: [],
        heads: { directory: null, audit: null },
        services: [],
      };
      return await this.adopt(stored, made.key);
    } catch (error) {
      await keychain.delete(keyAccount(workspaceId)).catch(() => false);
      await keychain.delete(passwordAccount(workspaceId)).catch(() => false);
      throw error;
    }
  }

  /**
   * Joins with the login an admin gave: reads the workspace, asks the person to compare the admin
   * key's fingerprint in main's prompt and pins it, makes this desktop's signing key (kept in
   * the keychain), and asks to be registered. The admin then registers the key.
   */
  async join(input: { address: WorkspaceAddress; password: string; name: string }): Promise<WorkspaceSummary> {
    await this.load();
    const where = displayWorkspace(input.address);
    const keychain = this.keychain();
    await confirmOrThrow(this.deps.prompt, connectQuestion('join', { ...input.address, where }), 'Nothing was joined');
    const facts = await inspectWorkspace(input.address, input.password);
    if (this.live.has(facts.id))
      throw new WorkspaceError('conflict', `This desktop is in the workspace “${facts.name}” already.`);
    await confirmOrThrow(
      this.deps.prompt,
      pinQuestion(facts.name, where, fingerprint(facts.rootKey)),
      'Nothing was joined and no key was pinned',
    );
    const made = newSigningKey();
    await keychain.set(keyAccount(facts.id), made.stored);
    await keychain.set(passwordAccount(facts.id), input.password);
    try {
      await requestToJoin(input.address, input.password, {
        workspaceId: facts.id,
        name: input.name,
        key: made.key,
        now: this.deps.now,
      });
      const stored: StoredWorkspace = {
        id: facts.id,
        name: facts.name,
        ...input.address,
        pinnedKey: facts.rootKey,
        publicKey: made.key.publicKey,
        directory: [],
        heads: { directory: null, audit: null },
        services: [],
      };
      return await this.adopt(stored, made.key);
    } catch (error) {
      await keychain.delete(keyAccount(facts.id)).catch(() => false);
      await keychain.delete(passwordAccount(facts.id)).catch(() => false);
      throw error;
    }
  }

  async upgrade(workspaceId: string, owner: { user: string; password: string }): Promise<{ from: number; to: number }> {
    const l = await this.get(workspaceId);
    const address = { ...this.address(l.stored), user: owner.user };
    await confirmOrThrow(
      this.deps.prompt,
      connectQuestion('upgrade', { ...address, where: l.session.where }),
      'Nothing was upgraded',
    );
    return upgradeWorkspace(address, owner.password);
  }

  /**
   * Forgets the workspace here, once the person confirmed it in main's prompt (which says what
   * becomes of its open rows): its session ends, its keychain entries and its line in
   * workspaces.json go. The rows this desktop drafted there stay known to main (team-drafts.ts),
   * so none of them is ever sent from here as a solo row.
   */
  async leave(workspaceId: string): Promise<{ left: boolean }> {
    await this.load();
    const l = this.live.get(workspaceId);
    if (!l) return { left: false };
    const open = await l.session
      .run((pool) =>
        pool.query<{ n: string }>("SELECT count(*) AS n FROM team.queue_row WHERE state IN ('open', 'needs-review')"),
      )
      .then(
        (r) => Number(r.rows[0]?.n ?? 0),
        () => null,
      );
    await confirmOrThrow(this.deps.prompt, leaveQuestion(l.stored.name, open), 'You are still in the workspace');
    if (this.live.get(workspaceId) !== l) return { left: false };
    this.live.delete(workspaceId);
    await l.session.dispose();
    const keychain = l.demoKeys ?? this.keychain();
    await keychain.delete(keyAccount(workspaceId));
    await keychain.delete(passwordAccount(workspaceId));
    await this.save();
    // Until this line is written, the services drafted there stay the team's (never solo): a
    // failed write keeps them so, which is the cautious side.
    await this.drafts.left(workspaceId, this.deps.now()).catch(() => undefined);
    return { left: true };
  }

  async get(workspaceId: string): Promise<Live> {
    await this.load();
    const l = this.live.get(workspaceId);
    if (!l)
      throw new WorkspaceError('not-found', 'This desktop is not in that workspace (it was left, or never joined).');
    return l;
  }

  /** Reads and verifies the directory now; a verified one becomes the offline copy (a damaged one never does). */
  async refresh(workspaceId: string): Promise<Live> {
    const l = await this.get(workspaceId);
    const { rows, directory } = await readDirectory(l.session, this.pinned(l.stored));
    l.directory = directory;
    if (!directory.broken && directory.head && directory.head.seq !== l.stored.heads.directory?.seq) {
      l.stored.directory = rows;
      l.stored.heads.directory = directory.head;
      await this.save();
    }
    if (!directory.broken) await this.cover(l, directory.policies.keys(), 'skip');
    return l;
  }

  /**
   * The directory verified now when the workspace answers, else the one verified last (signing a
   * draft or a decision works offline).
   */
  async freshOrCached(workspaceId: string): Promise<Live> {
    try {
      return await this.refresh(workspaceId);
    } catch (error) {
      if (error instanceof WorkspaceError && error.kind === 'unreachable') return this.get(workspaceId);
      throw error;
    }
  }

  /** Who signs for this desktop: its key and its member record in `directory`; refused before an admin registered it. */
  async actor(l: Live): Promise<Actor> {
    const key = l.key ?? (l.key = await this.loadKey(l.stored.id));
    const me = memberByKey(l.directory, key.publicKey);
    if (!me)
      throw new WorkspaceError(
        'not-member',
        `An admin has not registered this desktop's key yet (fingerprint ${fingerprint(key.publicKey)}). Ask them to, then try again.`,
      );
    return { workspaceId: l.stored.id, memberId: me.id, key, now: this.deps.now };
  }

  pinned(stored: StoredWorkspace): Pinned {
    return { workspaceId: stored.id, pinnedKey: stored.pinnedKey, remembered: stored.heads.directory };
  }

  /** Remembers the newest audit entry seen (a workspace cut back behind it was rolled back). */
  async rememberAudit(l: Live, head: StoredWorkspace['heads']['audit']): Promise<void> {
    if (!head || head.seq === l.stored.heads.audit?.seq) return;
    l.stored.heads.audit = head;
    await this.save();
  }

  /** The Demo's team (src/main/demo), joined by main itself: no question, keys in memory, not in workspaces.json. */
  async openDemo(stored: StoredWorkspace, key: SigningKey, keys: SecretStore): Promise<WorkspaceSummary> {
    await this.load();
    const l = this.open(stored, key, keys);
    await this.refresh(stored.id).catch(() => undefined);
    return this.summary(l);
  }

  /** The Demo's team stopped: its workspace ends here with no question (it never was in workspaces.json). */
  async dropDemo(workspaceId: string): Promise<void> {
    const l = this.live.get(workspaceId);
    if (!l?.demoKeys) return;
    this.live.delete(workspaceId);
    await l.session.dispose();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const all = [...this.live.values()];
    this.live.clear();
    await Promise.all(all.map((l) => l.session.dispose()));
  }

  private keychain(): SecretStore {
    return persistentKeychain(this.deps.secrets);
  }

  /** Where a workspace's key and password are: the keychain, or the Demo's memory. */
  private loadKey(workspaceId: string): Promise<SigningKey> {
    return loadWorkspaceKey(this.live.get(workspaceId)?.demoKeys ?? this.keychain(), workspaceId);
  }

  private address(s: StoredWorkspace): WorkspaceAddress {
    return {
      host: s.host,
      port: s.port,
      database: s.database,
      user: s.user,
      ...(s.caCert ? { caCert: s.caCert } : {}),
    };
  }

  private open(stored: StoredWorkspace, key: SigningKey | null = null, demoKeys?: SecretStore): Live {
    const password = async () => {
      const p = await (demoKeys ?? this.keychain()).get(passwordAccount(stored.id));
      if (p === null)
        throw new WorkspaceError(
          'auth',
          'The workspace password is not in the keychain any more: leave the workspace and join again.',
        );
      return p;
    };
    const session = new WorkspaceSession(stored.id, this.address(stored), password, {
      emitConnectivity: (s) => this.deps.emit('workspace:connectivity', s),
      // A directory change is verified before anyone is told, so what they read next is the new one.
      emitChanged: (c) => {
        const verified =
          c.table === 'directory' || c.table === 'resync'
            ? this.refresh(stored.id).then(
                () => undefined,
                () => undefined,
              )
            : Promise.resolve();
        void verified.then(() => this.deps.emit('workspace:changed', c));
      },
      now: this.deps.now,
      ...(this.deps.initialBackoffMs !== undefined ? { initialBackoffMs: this.deps.initialBackoffMs } : {}),
    });
    const live: Live = {
      ...{ stored, session, directory: verify(this.pinned(stored), stored.directory), key },
      ...(demoKeys ? { demoKeys } : {}),
    };
    this.live.set(stored.id, live);
    void session.check();
    return live;
  }

  private async adopt(stored: StoredWorkspace, key: SigningKey): Promise<WorkspaceSummary> {
    const l = this.open(stored, key);
    await this.save();
    await this.refresh(stored.id).catch(() => undefined);
    return this.summary(l);
  }

  private async summary(l: Live): Promise<WorkspaceSummary> {
    const me = memberByKey(l.directory, l.stored.publicKey);
    return {
      id: l.stored.id,
      name: l.stored.name,
      address: l.session.where,
      dbRole: l.stored.user,
      adminFingerprint: fingerprint(l.stored.pinnedKey),
      me: { fingerprint: fingerprint(l.stored.publicKey), member: me ? memberView(me) : null },
      connectivity: l.session.status(),
    };
  }

  private save(): Promise<void> {
    // After dispose `live` is empty: a directory read that ends then (the app quitting while a
    // change arrived) would otherwise write that empty list, and the desktop would forget its workspaces.
    if (this.disposed) return Promise.resolve();
    return this.file.write([...this.live.values()].filter((l) => !l.demoKeys).map((l) => l.stored));
  }
}
