import { callMain } from '../../platform/bridge';
import { useProfiles } from '../../stores/profiles';

/**
 * One run at a time per profile and workspace; a run asked for while one is under way runs once
 * after it (the one under way may have read the workspace before the change that asked).
 */
export function oneAtATime<T>(
  work: (profileId: string, workspaceId: string) => Promise<T>,
): (profileId: string, workspaceId: string) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  const again = new Set<string>();
  const soon = (profileId: string, workspaceId: string): Promise<T> => {
    const key = `${profileId} ${workspaceId}`;
    const current = running.get(key);
    if (current) {
      again.add(key);
      return current;
    }
    const run = work(profileId, workspaceId).finally(() => {
      running.delete(key);
      if (again.delete(key)) void soon(profileId, workspaceId);
    });
    running.set(key, run);
    return run;
  };
  return soon;
}

/** The rows a change named (their ids), or null: everything. */
export type NamedRows = ReadonlySet<string> | null;

/**
 * `oneAtATime` for work a change can narrow to the rows it named: what is asked while a run is
 * under way is gathered (every row named, or everything once anything asked for everything) and
 * run once after it, so a burst of changes costs one run over the rows they touched. With
 * `gatherMs`, each run first waits that long, gathering what is asked meanwhile: for work nobody
 * waits on, fewer and larger runs.
 */
export function narrowedOneAtATime(
  work: (profileId: string, workspaceId: string, rows: NamedRows) => Promise<unknown>,
  gatherMs = 0,
): (profileId: string, workspaceId: string, rows?: NamedRows) => Promise<void> {
  const running = new Set<string>();
  const asked = new Map<string, Set<string> | null>();
  return async (profileId, workspaceId, rows = null) => {
    const key = `${profileId} ${workspaceId}`;
    const before = asked.get(key);
    asked.set(key, before === null || rows === null ? null : new Set([...(before ?? []), ...rows]));
    if (running.has(key)) return;
    running.add(key);
    try {
      while (asked.has(key)) {
        if (gatherMs > 0) await new Promise((resolve) => setTimeout(resolve, gatherMs));
        const now = asked.get(key) ?? null;
        asked.delete(key);
        await work(profileId, workspaceId, now).catch(() => undefined);
      }
    } finally {
      running.delete(key);
    }
  };
}

/** Runs `work` for every profile and `workspaceId` (or every workspace joined on this desktop); a failure of one stops none of the others. */
export async function forEachProfile(
  work: (profileId: string, workspaceId: string) => Promise<unknown>,
  workspaceId?: string,
): Promise<void> {
  const ids = workspaceId
    ? [workspaceId]
    : await callMain((api) => api.workspace.list()).then((r) => (r.ok ? r.value.map((w) => w.id) : []));
  const profiles = useProfiles.getState().profiles.map((p) => p.id);
  await Promise.all(ids.flatMap((w) => profiles.map((p) => work(p, w).catch(() => undefined))));
}

/** Calls `run` once the profiles are known and each time their list changes (they arrive after start); returns how to stop. */
export function whenProfilesChange(run: () => void): () => void {
  let known = '';
  const onProfiles = () => {
    const ids = useProfiles
      .getState()
      .profiles.map((p) => p.id)
      .join(' ');
    if (ids === known) return;
    known = ids;
    run();
  };
  const off = useProfiles.subscribe(onProfiles);
  onProfiles();
  return off;
}
