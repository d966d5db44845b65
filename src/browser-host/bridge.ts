import type { Page } from '@playwright/test';
import type { EventName, Handlers } from '../../../src/shared/ipc';
import { dispatch } from '../../../src/main/ipc/dispatch';

interface EmitGlobal {
  __treasuryEmit?: (event: string, payload: unknown) => void;
}

export interface PageBridge {
  /** Delivers a main-process event to the page (what webContents.send does in the app). */
  emit(event: EventName, payload: unknown): void;
  /** Resolves once every event emitted so far has reached the page. */
  flush(): Promise<void>;
}

/**
 * Wires the page's shim to the core: `__treasuryInvoke` runs `dispatch`, exactly as the IPC
 * registration does in main (minus the sender-frame check, which needs Electron). Events are
 * delivered in order through one promise chain; a page that is navigating or closed drops them,
 * as a window would.
 */
export async function connectPage(page: Page, shim: string, handlers: () => Handlers | undefined): Promise<PageBridge> {
  await page.exposeBinding('__treasuryInvoke', async (_source, channel: unknown, arg: unknown) => {
    const h = handlers();
    if (!h) return { ok: false, error: { code: 'internal', message: 'The test core is not running.' } };
    return dispatch(h, channel, arg);
  });
  await page.addInitScript({ content: shim });
  let chain: Promise<void> = Promise.resolve();
  return {
    emit(event, payload) {
      chain = chain.then(() =>
        page
          .evaluate(([e, p]) => (globalThis as unknown as EmitGlobal).__treasuryEmit?.(e, p), [event, payload] as const)
          .catch(() => undefined),
      );
    },
    flush: () => chain,
  };
}
