import { CHANNELS, channelPath, EVENTS, type ChannelName, type EventName, type Events, type TreasuryApi } from './ipc';

/** How a bridge reaches main: the preload uses ipcRenderer, the test shim a Playwright binding. */
export interface BridgeTransport {
  invoke(channel: ChannelName, arg: unknown): Promise<unknown>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
  version: string;
}

/**
 * Builds `window.treasury` from the contract: one frozen group per domain, one method per
 * channel, and `on()` limited to the contract's events. Nothing else is reachable.
 */
export function createTreasuryApi(transport: BridgeTransport): TreasuryApi {
  const groups: Record<string, Record<string, (arg?: unknown) => Promise<unknown>>> = {};
  for (const name of CHANNELS) {
    const [domain, verb] = channelPath(name);
    (groups[domain] ??= {})[verb] = (arg?: unknown) => transport.invoke(name, arg);
  }
  for (const group of Object.values(groups)) Object.freeze(group);
  const on = <E extends EventName>(event: E, listener: (payload: Events[E]) => void): (() => void) => {
    if (!EVENTS.includes(event)) throw new Error(`unknown event ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('listener must be a function');
    return transport.subscribe(event, (payload) => listener(payload as Events[E]));
  };
  // The mapped type cannot be built key by key; the loop above creates exactly its members.
  return Object.freeze({ ...groups, on, version: transport.version }) as unknown as TreasuryApi;
}
