/** One `sync:transactionPages` call as main saw it: what the support bundle calls the last sync. */
export interface SyncCall {
  at: string;
  pages: number;
  rows: number;
  ms: number;
  /** The failure's class and code when it failed (never its text: that is in the log, redacted). */
  error?: string;
}

/** The last sync call per profile, and the last one that failed, kept in memory for the bundle and diagnostics. */
export class SyncFigures {
  private readonly last = new Map<string, { last: SyncCall; lastFailed?: SyncCall }>();

  record(profileId: string, call: SyncCall): void {
    const before = this.last.get(profileId);
    const lastFailed = call.error ? call : before?.lastFailed;
    this.last.set(profileId, { last: call, ...(lastFailed ? { lastFailed } : {}) });
  }

  forget(profileId: string): void {
    this.last.delete(profileId);
  }

  snapshot(): Record<string, { last: SyncCall; lastFailed?: SyncCall }> {
    return Object.fromEntries(this.last);
  }
}
