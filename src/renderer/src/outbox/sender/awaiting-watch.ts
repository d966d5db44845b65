/** Reads a profile's rows waiting for approval, live (outbox-hooks.ts `watchAwaitingIds` in the app). */
export type WatchAwaiting = (profileId: string, onIds: (ids: string[]) => void) => () => void;

/**
 * Counts rows that start waiting for an approval, per profile, whatever put them there (a
 * submit, a bulk import, an approval taken back because the profile's address changed). What
 * waits when a profile is first followed is already known to the person, so it is not counted;
 * a row that leaves and comes back is counted again.
 */
export class AwaitingWatch {
  private readonly followed = new Map<string, { stop: () => void; seen: Set<string> | null }>();

  constructor(
    private readonly watch: WatchAwaiting,
    private readonly onNew: (profileId: string, count: number) => void,
  ) {}

  /** Follows exactly these profiles from now on. */
  follow(profileIds: readonly string[]): void {
    for (const [id, f] of this.followed) {
      if (profileIds.includes(id)) continue;
      f.stop();
      this.followed.delete(id);
    }
    for (const id of profileIds) {
      if (this.followed.has(id)) continue;
      const entry: { stop: () => void; seen: Set<string> | null } = { stop: () => undefined, seen: null };
      this.followed.set(id, entry);
      entry.stop = this.watch(id, (ids) => {
        const now = new Set(ids);
        const fresh = entry.seen === null ? 0 : ids.filter((x) => !entry.seen?.has(x)).length;
        entry.seen = now;
        if (fresh > 0) this.onNew(id, fresh);
      });
    }
  }

  stop(): void {
    this.follow([]);
  }
}
