import { runExclusive, runIfFree } from '../../../src/renderer/src/platform/locks';
import { serviceCall } from '../../../src/renderer/src/platform/service';
import { expose } from './expose';

let reading: { controller: AbortController; call: ReturnType<typeof serviceCall<'listTransactions'>> } | undefined;

expose({
  async countCards(profileId: string) {
    const r = await serviceCall(profileId, 'listCards', {});
    return r.ok ? r.value.items.length : r.error.code;
  },
  /** Starts a read and keeps it running until `abortRead` (the spec waits for it to reach the service in between). */
  startRead(profileId: string) {
    const controller = new AbortController();
    reading = { controller, call: serviceCall(profileId, 'listTransactions', {}, { signal: controller.signal }) };
  },
  /** Aborts the read `startRead` began; its answer is main's, so 'canceled' means main canceled it. */
  async abortRead() {
    if (!reading) throw new Error('no read was started');
    reading.controller.abort();
    const r = await reading.call;
    return r.ok ? 'ok' : r.error.service?.kind;
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
