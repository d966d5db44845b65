/**
 * Runs in the page (bundled with esbuild, injected by page.addInitScript) and plays the
 * preload's part: it builds window.treasury from the same contract, with a transport that goes
 * through a Playwright binding (over Chromium's debugging pipe) to the real main-process
 * handlers in the host process.
 */
import { CONTRACT_NAMES, createTreasuryApi, EVENTS, type EventName } from '../shared/ipc';

declare const __SHIM_VERSION__: string;

/** What the host process provides (the binding) and calls (the event pump). */
interface ShimGlobal {
  /** Answers with the Result as JSON text (see bridge.ts). */
  __treasuryInvoke(channel: string, arg: unknown): Promise<string>;
}

const g = globalThis as unknown as ShimGlobal;
const listeners = new Map<EventName, Set<(payload: unknown) => void>>(EVENTS.map((e) => [e, new Set()]));

const api = createTreasuryApi(CONTRACT_NAMES, {
  version: __SHIM_VERSION__,
  invoke: async (channel, arg) => JSON.parse(await g.__treasuryInvoke(channel, arg)) as unknown,
  subscribe: (event, listener) => {
    listeners.get(event as EventName)?.add(listener);
    return () => {
      listeners.get(event as EventName)?.delete(listener);
    };
  },
});

// The host process calls this through page.evaluate when the core emits an event.
Object.defineProperty(globalThis, '__treasuryEmit', {
  value: (event: EventName, payload: unknown) => {
    for (const l of listeners.get(event) ?? []) l(payload);
  },
  writable: false,
});
Object.defineProperty(globalThis, 'treasury', { value: api, writable: false, enumerable: true });
