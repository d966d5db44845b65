/**
 * Looks at `done` every `everyMs` until it holds; throws `failure` after `giveUpMs`. The
 * benchmark's side of "until the ledger holds every row": the app is not asked, the service is.
 */
export async function untilTrue(
  done: () => Promise<boolean>,
  giveUpMs: number,
  everyMs: number,
  failure: string,
): Promise<void> {
  const until = performance.now() + giveUpMs;
  while (!(await done())) {
    if (performance.now() > until) throw new Error(`${failure} (gave up after ${Math.round(giveUpMs / 1000)} s)`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
