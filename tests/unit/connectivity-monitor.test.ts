import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectivityMonitor, type Outcome } from '../../src/main/connectivity/monitor';
import type { ConnectivityStatus } from '../../src/shared/ipc';

afterEach(() => {
  vi.useRealTimers();
});

function setup(probeResults: Outcome[]) {
  const emitted: ConnectivityStatus[] = [];
  let probes = 0;
  const monitor = new ConnectivityMonitor({
    probe: async () => {
      probes++;
      return probeResults.shift() ?? { ok: true };
    },
    emit: (s) => emitted.push(s),
    profileId: 'p1',
    initialBackoffMs: 1000,
    maxBackoffMs: 4000,
  });
  return { monitor, emitted, probes: () => probes };
}

describe('connectivity monitor', () => {
  it('goes offline on a network failure and online on the next success', () => {
    const { monitor, emitted } = setup([]);
    expect(monitor.status()).toMatchObject({ state: 'unknown', profileId: 'p1' });
    monitor.report({ ok: false, kind: 'network' });
    expect(monitor.status().state).toBe('offline');
    expect(monitor.status().reason).toMatch(/cannot be reached/);
    monitor.report({ ok: true });
    expect(monitor.status().state).toBe('online');
    expect(emitted.map((s) => [s.state, s.profileId])).toEqual([
      ['offline', 'p1'],
      ['online', 'p1'],
    ]);
    monitor.dispose();
  });

  it('calls 5xx and 429 degraded, and a 4xx online (the service answered)', () => {
    const { monitor } = setup([]);
    monitor.report({ ok: false, kind: 'http', status: 503 });
    expect(monitor.status().state).toBe('degraded');
    monitor.report({ ok: false, kind: 'http', status: 429 });
    expect(monitor.status().reason).toMatch(/429/);
    monitor.report({ ok: false, kind: 'http', status: 404 });
    expect(monitor.status().state).toBe('online');
    monitor.dispose();
  });

  it('does not emit when nothing changed', () => {
    const { monitor, emitted } = setup([]);
    monitor.report({ ok: true });
    monitor.report({ ok: true });
    expect(emitted).toHaveLength(1);
    monitor.dispose();
  });

  it('probes with capped exponential backoff while offline, and stops once online', async () => {
    vi.useFakeTimers();
    const { monitor, probes } = setup([
      { ok: false, kind: 'network' },
      { ok: false, kind: 'network' },
      { ok: false, kind: 'network' },
      { ok: false, kind: 'network' },
      { ok: true },
    ]);
    monitor.report({ ok: false, kind: 'network' });
    await vi.advanceTimersByTimeAsync(999);
    expect(probes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1); // 1 s
    expect(probes()).toBe(1);
    await vi.advanceTimersByTimeAsync(2000); // 2 s
    expect(probes()).toBe(2);
    await vi.advanceTimersByTimeAsync(4000); // 4 s (cap)
    expect(probes()).toBe(3);
    await vi.advanceTimersByTimeAsync(4000); // still 4 s
    expect(probes()).toBe(4);
    await vi.advanceTimersByTimeAsync(4000);
    expect(probes()).toBe(5);
    expect(monitor.status().state).toBe('online');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes()).toBe(5);
    monitor.dispose();
  });

  it('shares one probe between concurrent checks', async () => {
    const { monitor, probes } = setup([{ ok: true }]);
    const [a, b] = await Promise.all([monitor.check(), monitor.check()]);
    expect(probes()).toBe(1);
    expect(a.state).toBe('online');
    expect(b.state).toBe('online');
    monitor.dispose();
  });

  it('trusts the OS when it says there is no network', async () => {
    const monitor = new ConnectivityMonitor({
      probe: async () => ({ ok: true }),
      emit: () => {},
      isOsOnline: () => false,
    });
    expect((await monitor.check()).state).toBe('offline');
    monitor.dispose();
  });
});
