import { serve } from '../browser/worker-host';

/** The baseline worker: no engine; the host answers its no-op requests with a fixed page. */
serve({
  readsOnce: true,
  notes: ['no engine: measures the message round trip alone'],
  build: () => {},
  query: () => ({ summary: { count: 0, inCents: 0, outCents: 0, netCents: 0 }, ids: [] }),
});
