import { describe, expect, it } from 'vitest';
import {
  CHANNELS,
  channelPath,
  CONTRACT_NAMES,
  createTreasuryApi,
  type ChannelName,
  type EventName,
} from '../../src/shared/ipc';

function fakeTransport() {
  const calls: [ChannelName, unknown][] = [];
  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  return {
    calls,
    emit: (event: EventName, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload)),
    count: (event: EventName) => listeners.get(event)?.size ?? 0,
    transport: {
      version: '1.2.3',
      invoke: async (channel: string, arg: unknown) => {
        calls.push([channel as ChannelName, arg]);
        return { ok: true, value: null };
      },
      subscribe: (event: string, listener: (p: unknown) => void) => {
        const set = listeners.get(event as EventName) ?? new Set();
        set.add(listener);
        listeners.set(event as EventName, set);
        return () => set.delete(listener);
      },
    },
  };
}

describe('window.treasury built from the contract', () => {
  it('has one method per channel, grouped by domain, and forwards the call as is', async () => {
    const t = fakeTransport();
    const api = createTreasuryApi(CONTRACT_NAMES, t.transport) as unknown as Record<
      string,
      Record<string, (a?: unknown) => Promise<unknown>>
    >;
    for (const name of CHANNELS) {
      const [domain, verb] = channelPath(name);
      expect(typeof api[domain]?.[verb], name).toBe('function');
    }
    await api['profiles']!['select']!({ id: 'demo' });
    expect(t.calls).toEqual([['profiles:select', { id: 'demo' }]]);
  });

  it('is frozen all the way down, so a page script cannot swap a method', () => {
    const api = createTreasuryApi(CONTRACT_NAMES, fakeTransport().transport) as unknown as Record<string, object>;
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api['profiles'])).toBe(true);
    expect(() => {
      (api['profiles'] as Record<string, unknown>)['select'] = () => 'hijacked';
    }).toThrow();
  });

  it('subscribes to contract events only, and unsubscribe really stops delivery', () => {
    const t = fakeTransport();
    const api = createTreasuryApi(CONTRACT_NAMES, t.transport);
    const seen: unknown[] = [];
    const off = api.on('connectivity:changed', (s) => seen.push(s.state));
    t.emit('connectivity:changed', { state: 'offline' });
    off();
    t.emit('connectivity:changed', { state: 'online' });
    expect(seen).toEqual(['offline']);
    expect(t.count('connectivity:changed')).toBe(0);
    expect(() => api.on('ipc:raw' as EventName, () => {})).toThrow(/unknown event/);
  });

  it('exposes no raw IPC and no process', () => {
    const keys = Object.keys(createTreasuryApi(CONTRACT_NAMES, fakeTransport().transport));
    expect(keys).not.toContain('ipcRenderer');
    expect(keys).not.toContain('process');
    expect(keys.sort()).toEqual([...new Set(CHANNELS.map((c) => channelPath(c)[0]))].concat(['on', 'version']).sort());
  });
});
