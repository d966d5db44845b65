import { runExclusive, runIfFree } from '../../../src/renderer/src/platform/locks';
import { serviceCall } from '../../../src/renderer/src/platform/service';
import { expose } from './expose';

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
    // The first holder keeps the lock until told to let go, so the others meet it held whatever the machine's speed.
    let release = () => {};
    const letGo = new Promise<void>((r) => (release = r));
    let started = () => {};
    const holding = new Promise<void>((r) => (started = r));
    const held = runExclusive('lane-lock', async () => {
      order.push('first:start');
      started();
      await letGo;
      order.push('first:end');
    });
    await holding;
    const skipped = await runIfFree('lane-lock', async () => 'ran');
    const queued = runExclusive('lane-lock', async () => order.push('second'));
    release();
    await Promise.all([held, queued]);
    return { skipped, order };
  },
});
