import type { TreasuryApi } from '../../shared/ipc';

declare global {
  interface Window {
    /** Exposed by the preload (or the test shim); absent when the renderer runs in a plain browser. */
    readonly treasury?: TreasuryApi;
  }
}

export {};
