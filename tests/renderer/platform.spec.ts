import { expect, test } from './harness/lane';

// The renderer's seam to main, in real Chromium against the real core and the Demo sandbox.

test('service calls name their profile; aborting a read cancels it in main', async ({ lane }) => {
  await lane.open('platform.ts');
  expect(await lane.run('countCards', 'demo')).toBeGreaterThan(0);
  expect(await lane.run('countCards', 'no-such-profile')).toBe('profile-mismatch');

  // The read is held at the service (3 s), and aborted once it is there: it can only end canceled
  // if main canceled it; otherwise it would be answered.
  const sandbox = await lane.core.demo.start();
  await sandbox.setFaults({ latencyMs: 3000 });
  const inFlight = () =>
    sandbox.requests.all({ path: '/transaction' }).filter((r) => r.status === null && r.dropped === null);
  await lane.run('startRead', 'demo');
  await expect.poll(() => inFlight().length).toBe(1);
  expect(await lane.run('abortRead')).toBe('canceled');
  await sandbox.resetFaults();
});

test('Web Locks keep work single-flight across the page', async ({ lane }) => {
  await lane.open('platform.ts');
  expect(await lane.run('singleFlight')).toEqual({ skipped: null, order: ['first:start', 'first:end', 'second'] });
});
