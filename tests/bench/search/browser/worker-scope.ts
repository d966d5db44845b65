/**
 * The worker globals the bench uses, typed here rather than through the WebWorker lib: these
 * files are also checked by tsconfig.node.json (all of tests/), whose libs have no worker scope.
 */
export interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export const workerScope = globalThis as unknown as WorkerScope;
