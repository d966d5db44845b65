import type { WorkspaceSummary } from '../../../../shared/ipc/workspace';

/** What the team binding reads from main: each a read of every workspace's directory there. */
export interface WorkspaceReads {
  /** This desktop's workspaces, or why main cannot say. */
  list(): Promise<{ list: WorkspaceSummary[]; error: string | null }>;
  /** The services a workspace's signed directory holds a policy for; null when it cannot be read now. */
  policyServices(workspaceId: string): Promise<ReadonlySet<string> | null>;
}

/** What main says that can change those answers. */
export type Heard = { event: 'changed'; workspaceId: string; table: string } | { event: 'connectivity'; workspaceId: string };

export interface RememberedReads extends WorkspaceReads {
  /** Drops what an event may have changed. */
  heard(e: Heard): void;
  /** Drops everything: this desktop joined or left a workspace. */
  forget(): void;
}

/**
 * The binding's reads, each answer kept until something that may change it is heard: a directory
 * change (members, roles, policies) or a reconnection of that workspace, a change of its
 * connectivity, a join or a leave. Only good answers are kept: a failure is asked again next
 * time, and so is an empty list (no workspace: nothing to save, and a join is seen at once). An
 * answer that arrives after something was heard since its read began is used once, not kept.
 */
export function rememberedReads(reads: WorkspaceReads): RememberedReads {
  let list: WorkspaceSummary[] | null = null;
  const policies = new Map<string, ReadonlySet<string>>();
  // Raised by every drop: a read that began before it may hold what was dropped.
  let generation = 0;

  const drop = (workspaceId?: string) => {
    generation++;
    list = null;
    if (workspaceId === undefined) policies.clear();
    else policies.delete(workspaceId);
  };

  return {
    async list() {
      if (list) return { list, error: null };
      const began = generation;
      const read = await reads.list();
      if (read.error === null && read.list.length > 0 && began === generation) {
        list = read.list;
        // A workspace no longer listed was left: what was kept of it goes too.
        for (const id of [...policies.keys()]) if (!list.some((w) => w.id === id)) policies.delete(id);
      }
      return read;
    },
    async policyServices(workspaceId) {
      const kept = policies.get(workspaceId);
      if (kept) return kept;
      const began = generation;
      const read = await reads.policyServices(workspaceId);
      if (read !== null && began === generation) policies.set(workspaceId, read);
      return read;
    },
    heard(e) {
      if (e.event === 'connectivity' || e.table === 'directory' || e.table === 'resync') drop(e.workspaceId);
    },
    forget: () => drop(),
  };
}
