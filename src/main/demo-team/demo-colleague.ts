import { randomUUID } from 'node:crypto';
import type { TeamRowView } from '../../shared/ipc/workspace';
import type { MemberRole } from '../../shared/team/model';
import type { Payer } from '../money/payers';
import { PromptGate } from '../prompt/trusted-prompt';
import { MemorySecretStore } from '../secrets/memory-secret-store';
import { SessionAwareSecrets } from '../secrets/secret-vault';
import type { WorkspaceAddress } from '../workspace/connection';
import { addLogin, registerMember, setPolicy } from '../workspace/directory-ops';
import { decide, push, signDrafts, type DraftInput } from '../workspace/queue-ops';
import { readRows } from '../workspace/row-reads';
import { Workspaces } from '../workspace/workspaces';

/** A simulated colleague confirms what they do themselves: their "prompt" always says yes. */
const AGREES = new PromptGate({ ask: () => Promise.resolve(true) });

/**
 * A simulated colleague's desktop in the Demo: the workspace code a desktop runs (Workspaces, the
 * directory, drafts, decisions and pushes of src/main/workspace), with a signing key of their own
 * in a keychain in memory, their own database login, and a data folder of their own. Nothing is
 * signed for them that their own key did not sign.
 */
export class DemoColleague {
  readonly workspaces: Workspaces;
  private id: string | null = null;

  constructor(
    readonly name: string,
    userDataDir: string,
    now: () => number,
    /** Told when their session hears the workspace change (a NOTIFY), as a desktop's main would be. */
    onChanged: () => void,
  ) {
    const secrets = new SessionAwareSecrets({ keychain: new MemorySecretStore(), keychainStatus: { available: true } });
    this.workspaces = new Workspaces({
      userDataDir,
      secrets,
      prompt: AGREES,
      now,
      emit: (event) => {
        if (event === 'workspace:changed') onChanged();
      },
    });
  }

  get workspaceId(): string {
    if (!this.id) throw new Error(`${this.name} is in no workspace yet`);
    return this.id;
  }

  /** As the first admin: makes the workspace with the database owner's credentials. */
  async create(workspace: string, owner: WorkspaceAddress, ownerPassword: string): Promise<void> {
    const made = await this.workspaces.create({ name: workspace, adminName: this.name, owner, ownerPassword });
    this.id = made.id;
  }

  /** Joins with a login an admin made (the admin then registers the key). */
  async join(address: WorkspaceAddress, password: string): Promise<void> {
    this.id = (await this.workspaces.join({ address, password, name: this.name })).id;
  }

  private async online() {
    const l = await this.workspaces.refresh(this.workspaceId);
    return { l, actor: await this.workspaces.actor(l) };
  }

  /** Admins: a login for a new member. */
  async addLogin(): Promise<{ dbRole: string; password: string }> {
    const { l, actor } = await this.online();
    return addLogin(l.session, l.stored.database, l.directory, actor);
  }

  /** Admins: registers the key `dbRole` asked to join with. */
  async register(dbRole: string, role: MemberRole): Promise<string> {
    const { l, actor } = await this.online();
    return (await registerMember(l.session, this.workspaces.pinned(l.stored), l.directory, actor, AGREES, dbRole, role))
      .id;
  }

  /** Admins: `approvals` distinct approvers for every row of `service`, its drafter never one of them. */
  async setPolicy(service: string, approvals: number): Promise<void> {
    const { l, actor } = await this.online();
    await setPolicy(l.session, this.workspaces.pinned(l.stored), l.directory, actor, AGREES, {
      service,
      defaultApprovals: approvals,
      rules: [],
    });
  }

  /** Signs drafts for `service` to be paid by `payer`, and pushes them; the rows' ids. */
  async draft(service: string, payer: Payer, drafts: readonly Omit<DraftInput, 'rowId'>[]): Promise<string[]> {
    const { l, actor } = await this.online();
    const signed = await signDrafts(
      l.directory,
      actor,
      AGREES,
      l.stored.name,
      service,
      payer,
      drafts.map((d) => ({ ...d, rowId: randomUUID() })),
    );
    await push(l.session, l.directory, actor, { drafts: signed, decisions: [] });
    return signed.map((d) => d.rowId);
  }

  /** Approves rows as this colleague (their key, their login) and pushes the decisions. */
  async approve(rows: readonly TeamRowView[]): Promise<void> {
    if (rows.length === 0) return;
    const { l, actor } = await this.online();
    const decisions = await decide(
      l.directory,
      actor,
      AGREES,
      rows.map((r) => r.draft),
      'approve',
    );
    await push(l.session, l.directory, actor, { drafts: [], decisions });
  }

  /** The open rows of `service`, as this colleague's desktop reads and verifies them. */
  async openRows(service: string): Promise<TeamRowView[]> {
    const { l, actor } = await this.online();
    return l.session.run((pool) => readRows(pool, l.directory, actor.memberId, { service }));
  }

  /** This colleague's member id in the workspace. */
  async memberId(): Promise<string> {
    return (await this.online()).actor.memberId;
  }

  dispose(): Promise<void> {
    return this.workspaces.dispose();
  }
}
