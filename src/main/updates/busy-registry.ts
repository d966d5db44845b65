/**
 * What the app is in the middle of that a restart must not cut: in main, a row being sent (the
 * money gate holds one until its answer is recorded) and a sync page in flight; in the windows,
 * what a probe finds (a sync writing its pages, the outbox's sender). "Restart to update" waits
 * until nothing is under way, and shows what it waits for.
 */
export class BusyRegistry {
  private next = 0;
  private readonly holds = new Map<number, string>();
  private readonly listeners = new Set<() => void>();
  private readonly probes: (() => Promise<string[]>)[] = [];

  /** Adds a look at work main is not told of (the windows'); it is asked each time `everything` is. */
  addProbe(probe: () => Promise<string[]>): void {
    this.probes.push(probe);
  }

  get probed(): boolean {
    return this.probes.length > 0;
  }

  /** What is under way in main and, as the probes find it, in the windows. */
  async everything(): Promise<string[]> {
    const found = await Promise.all(this.probes.map((probe) => probe()));
    return [...new Set([...this.current(), ...found.flat()])];
  }

  /** Marks `what` as under way until the returned release is called (a second call does nothing). */
  hold(what: string): () => void {
    const id = this.next++;
    this.holds.set(id, what);
    this.changed();
    return () => {
      if (this.holds.delete(id)) this.changed();
    };
  }

  /** Holds `what` while `work` runs, whatever its outcome. */
  async during<T>(what: string, work: () => Promise<T>): Promise<T> {
    const release = this.hold(what);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** What is under way, each kind once, with how many when more than one. */
  current(): string[] {
    const counts = new Map<string, number>();
    for (const what of this.holds.values()) counts.set(what, (counts.get(what) ?? 0) + 1);
    return [...counts].map(([what, n]) => (n > 1 ? `${what} (${n})` : what));
  }

  /** Called after every hold and release; returns the way to stop listening. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
