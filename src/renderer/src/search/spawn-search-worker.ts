import { createSearchClient, type SearchClient } from './search-client';

/** The app's search worker, built by Vite as its own file (served from the app origin: worker-src 'self'). */
export function spawnSearchWorker(): SearchClient {
  return createSearchClient(
    new Worker(new URL('../workers/search.worker.ts', import.meta.url), { type: 'module', name: 'search' }),
  );
}
