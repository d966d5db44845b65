/** Resolves after the work already queued (promise callbacks, 0 ms timers) has run. */
export const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/** Resolves after `ms`: for a process's own pacing (a run's schedule), never to wait for a state. */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
