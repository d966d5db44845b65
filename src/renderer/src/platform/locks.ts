/**
 * Web Locks: one holder at a time across every window of the app (they share the origin), for
 * work that must run single-flight, such as an outbox sender or a profile's sync.
 */

/** Runs `work` holding `name`; resolves to null at once if another window or task holds it. */
export async function runIfFree<T>(name: string, work: () => Promise<T>): Promise<T | null> {
  return navigator.locks.request(name, { ifAvailable: true }, async (lock) => (lock ? work() : null));
}

/** Runs `work` holding `name`, waiting for the current holder to finish. */
export async function runExclusive<T>(name: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return navigator.locks.request(name, signal ? { signal } : {}, work);
}
