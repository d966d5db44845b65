import type { Page } from '@playwright/test';
import { dispatch } from '../main/ipc/dispatch';
import { isAppUrl } from '../main/window/window-policy';
import type { EventName, Handlers } from '../shared/ipc';
import { HOST_ORIGIN } from './origin';

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
 * registration does in main. Playwright bindings travel over the browser's debugging pipe, never
 * a TCP port, and only the top frame of this page gets them (the sender check of the host).
 * Events are delivered in order through one promise chain, a burst in one call; a page that is
 * navigating or closed drops them, as a window would.
 */
export async function connectPage(page: Page, shim: string, handlers: () => Handlers | undefined): Promise<PageBridge> {
  // Results cross as JSON text: Playwright serializes a plain value field by field (tens of ms for
  // a page of transactions), a string in one piece; the shim parses it, as Electron's IPC would
  // clone the object. Only JSON-able values cross either way.
  await page.exposeBinding('__treasuryInvoke', async (source, channel: unknown, arg: unknown) => {
    // The same rule as main's: only the top frame showing the app may call.
    if (source.frame !== page.mainFrame() || !isAppUrl(source.frame.url(), HOST_ORIGIN)) {
      return JSON.stringify({
        ok: false,
        error: { code: 'forbidden-sender', message: 'This request did not come from the app window.' },
      });
    }
    const h = handlers();
    if (!h) return JSON.stringify({ ok: false, error: { code: 'internal', message: 'The app core is not running.' } });
    return JSON.stringify(await dispatch(h, channel, arg));
  });
  await page.addInitScript({ content: shim });
  let chain: Promise<void> = Promise.resolve();
  // Events emitted while a delivery is under way go together in the next one, as JSON text: one
  // round trip over the debugging pipe per burst, not one per event each waiting for the last
  // (a burst of a workspace's changes and a sender's status queued behind each other).
  let pending: [EventName, unknown][] = [];
  return {
    emit(event, payload) {
      pending.push([event, payload]);
      if (pending.length > 1) return;
      chain = chain.then(() => {
        const batch = JSON.stringify(pending);
        pending = [];
        return page
          .evaluate((json) => {
            for (const [e, p] of JSON.parse(json) as [string, unknown][])
              (globalThis as unknown as EmitGlobal).__treasuryEmit?.(e, p);
          }, batch)
          .catch(() => undefined);
      });
    },
    flush: () => chain,
  };
}
