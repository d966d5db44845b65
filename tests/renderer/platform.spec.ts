import { expect, test } from './harness/lane';

// The renderer's seam to main, in real Chromium against the real core and the Demo sandbox.

test('service calls name their profile; aborting a read cancels it in main', async ({ lane }) => {
  await lane.open('platform.ts');
  expect(await lane.run('countCards', 'demo')).toBeGreaterThan(0);
  expect(await lane.run('countCards', 'no-such-profile')).toBe('profile-mismatch');

  const sandbox = await lane.core.demo.running();
  await sandbox!.setFaults({ latencyMs: 3000 });
  const r = await lane.run<{ outcome: string; ms: number }>('readThenAbort', 'demo', 100);
  expect(r.outcome).toBe('canceled');
  expect(r.ms).toBeLessThan(2000);
  await sandbox!.resetFaults();
});

test('Web Locks keep work single-flight across the page', async ({ lane }) => {
  await lane.open('platform.ts');
  expect(await lane.run('singleFlight')).toEqual({ skipped: null, order: ['first:start', 'first:end', 'second'] });
});
