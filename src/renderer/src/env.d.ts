import type { TreasuryBridge } from '../../shared/bridge';

declare global {
  interface Window {
    /** Exposed by the preload; absent when the renderer runs in a plain browser. */
    readonly treasury?: TreasuryBridge;
  }
}

export {};
