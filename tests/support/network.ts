/**
 * Waits until a request from this process to `url` is refused (ECONNREFUSED), for a listener
 * that has just closed. Its keep-alive sockets may still sit in fetch's pool without having seen
 * it go; each fails once and leaves the pool, after which a new connection is refused. So this
 * asks again at once, never after a sleep, and gives up (throwing what it met) after more tries
 * than a pool holds sockets: a listener that stays open fails it. No test framework here: both
 * vitest and Playwright suites use it.
 */
export async function untilRefused(url: string, tries = 100): Promise<void> {
  let last = '';
  for (let i = 0; i < tries; i++) {
    last = await fetch(url).then(
      async (res) => {
        await res.body?.cancel();
        return `answered ${res.status}`;
      },
      (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? String(error),
    );
    if (last === 'ECONNREFUSED') return;
  }
  throw new Error(`${url} was not refused after ${tries} tries (last: ${last}): the listener is still open`);
}
