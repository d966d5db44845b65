/** Resolves after the work already queued (promise callbacks, 0 ms timers) has run. */
export const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
