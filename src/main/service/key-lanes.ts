/**
 * One piece of work per key at a time: a second request for a key waits until the first one's
 * answer is in, so whatever it decides (may it go? when?) it decides on that answer, not beside it.
 */
export class KeyLanes {
  /** The last piece of work per key. */
  private readonly lanes = new Map<string, Promise<void>>();

  /** Runs `work` for `key` once every earlier piece of work for that key has settled. */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.lanes.get(key) ?? Promise.resolve();
    const result = before.then(work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.lanes.set(key, settled);
    void settled.then(() => {
      if (this.lanes.get(key) === settled) this.lanes.delete(key);
    });
    return result;
  }
}
