import type { IpcError, Result, TreasuryApi } from '../../../shared/ipc';

/** Shown when the page runs without the preload (a plain browser tab, a broken build). */
export const NO_BRIDGE_MESSAGE = 'This window is not connected to Treasury Desktop. Restart the app.';

export function bridge(): TreasuryApi | undefined {
  return window.treasury;
}

/**
 * Calls main and turns every way it can fail into a Result with a sentence for a person:
 * a missing bridge or a rejected IPC promise become errors too, so stores handle one shape.
 */
export async function callMain<T>(run: (api: TreasuryApi) => Promise<Result<T>>): Promise<Result<T>> {
  const api = bridge();
  if (!api) return { ok: false, error: { code: 'internal', message: NO_BRIDGE_MESSAGE } };
  try {
    return await run(api);
  } catch {
    // The rejection's text may carry internals; the person gets a fixed sentence instead.
    const error: IpcError = {
      code: 'internal',
      message: 'The app could not complete this request. Try again; if it keeps happening, restart the app.',
    };
    return { ok: false, error };
  }
}
