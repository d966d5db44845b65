import { runExclusive, runIfFree } from '../../../src/renderer/src/platform/locks';
import { serviceCall } from '../../../src/renderer/src/platform/service';
import { expose } from './expose';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

expose({
  async countCards(profileId: string) {
    const r = await serviceCall(profileId, 'listCards', {});
    return r.ok ? r.value.items.length : r.error.code;
  },
  async readThenAbort(profileId: string, afterMs: number) {
    const controller = new AbortController();
    const call = serviceCall(profileId, 'listTransactions', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), afterMs);
    const started = performance.now();
    const r = await call;
    return { outcome: r.ok ? 'ok' : r.error.service?.kind, ms: Math.round(performance.now() - started) };
  },
  async singleFlight() {
    const order: string[] = [];
    const held = runExclusive('lane-lock', async () => {
      order.push('first:start');
      await sleep(100);
      order.push('first:end');
    });
    await sleep(10);
    const skipped = await runIfFree('lane-lock', async () => 'ran');
    const queued = runExclusive('lane-lock', async () => order.push('second'));
    await Promise.all([held, queued]);
    return { skipped, order };
  },
});
