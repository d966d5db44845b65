/**
 * What main is in the middle of that a restart must not cut: a transfer or payment being sent
 * (the money gate holds one from journaling to its answer being recorded), a sync page in
 * flight. "Restart to update" waits until nothing is held, and shows what it waits for.
 */
export class BusyRegistry {
  private next = 0;
  private readonly holds = new Map<number, string>();
  private readonly listeners = new Set<() => void>();

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
