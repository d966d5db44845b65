import { logLine } from '../platform/support';
import { createSearchClient, type SearchClient } from './search-client';

/** The app's search worker, built by Vite as its own file (served from the app origin: worker-src 'self'). */
export function spawnSearchWorker(): SearchClient {
  const worker = new Worker(new URL('../workers/search.worker.ts', import.meta.url), {
    type: 'module',
    name: 'search',
  });
  // A worker that fails (an uncaught error in it, a message it cannot read) is logged: search then stalls with no other trace.
  worker.addEventListener('error', (e) =>
    logLine({ level: 'error', source: 'worker', event: 'worker.error', message: `search: ${e.message || 'failed'}` }),
  );
  worker.addEventListener('messageerror', () =>
    logLine({
      level: 'error',
      source: 'worker',
      event: 'worker.error',
      message: 'search: a message could not be read',
    }),
  );
  return createSearchClient(worker);
}
