/**
 * The shape of `window.treasury`, the only API the preload exposes to the renderer.
 * A placeholder until the IPC contract (src/shared/ipc.ts) generates it.
 */
export interface TreasuryBridge {
  /** The app version (package.json "version"). */
  readonly version: string;
}

/** The global name under which the preload exposes the bridge. */
export const BRIDGE_KEY = 'treasury';
