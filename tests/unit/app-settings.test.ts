import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Theme } from '../../src/shared/ipc';
import { startCore, type CoreHarness } from '../support/core-helpers';

// Theme and notifications live in main (settings.json): saved, applied to the windows by main
// (its applyTheme, given the saved theme before any window exists), and held against every
// notification the renderer asks for.

const open: CoreHarness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close();
});

async function core(options: Parameters<typeof startCore>[0] = {}): Promise<CoreHarness> {
  const h = await startCore(options);
  open.push(h);
  return h;
}

describe('app settings (settings.json)', () => {
  it('start from the defaults: follow the system, every notification on', async () => {
    const h = await core();
    expect(await h.ok('settings:get')).toEqual({
      theme: 'system',
      notifications: { sent: true, failed: true, 'needs-review': true, 'awaiting-approval': true },
    });
  });

  it('a change is saved, announced to every window, applied, and read back by the next start', async () => {
    const applied: Theme[] = [];
    const h = await core({ applyTheme: (t) => void applied.push(t) });
    expect(applied).toEqual(['system']);
    const after = await h.ok('settings:set', { theme: 'dark', notifications: { sent: false } });
    expect(after).toEqual({
      theme: 'dark',
      notifications: { sent: false, failed: true, 'needs-review': true, 'awaiting-approval': true },
    });
    expect(applied).toEqual(['system', 'dark']);
    expect(h.events.filter((e) => e.event === 'settings:changed').map((e) => e.payload)).toEqual([after]);
    // Changing only notifications leaves the theme alone, and does not apply it again.
    await h.ok('settings:set', { notifications: { 'awaiting-approval': false } });
    expect(applied).toEqual(['system', 'dark']);
    expect(JSON.parse(await readFile(join(h.dir, 'settings.json'), 'utf8'))).toEqual({
      theme: 'dark',
      notifications: { sent: false, failed: true, 'needs-review': true, 'awaiting-approval': false },
    });

    // The next start reads the file and applies its theme before createMainCore returns, so
    // before the first window exists (no flash of the other theme).
    const appliedAtStart: Theme[] = [];
    const again = await core({ userDataDir: h.dir, applyTheme: (t) => void appliedAtStart.push(t) });
    expect(appliedAtStart).toEqual(['dark']);
    expect((await again.ok('settings:get')).notifications.sent).toBe(false);
  });

  it('a damaged or odd file gives what it can: a bad member takes its default, an unreadable file all of them', async () => {
    const h = await core();
    await writeFile(
      join(h.dir, 'settings.json'),
      JSON.stringify({ theme: 'sepia', notifications: { failed: false, extra: 1 } }),
    );
    const odd = await core({ userDataDir: h.dir });
    expect(await odd.ok('settings:get')).toEqual({
      theme: 'system',
      notifications: { sent: true, failed: false, 'needs-review': true, 'awaiting-approval': true },
    });
    await writeFile(join(h.dir, 'settings.json'), '{ not json');
    const broken = await core({ userDataDir: h.dir });
    expect((await broken.ok('settings:get')).theme).toBe('system');
  });

  it('refuses what is not a setting, and changes nothing', async () => {
    const h = await core();
    for (const bad of [
      { theme: 'sepia' },
      { notifications: { sent: 'no' } },
      { notifications: { fireworks: true } },
      { volume: 3 },
    ]) {
      const r = await h.invoke('settings:set', bad as never);
      expect(r.ok ? 'ok' : r.error.code).toBe('invalid-argument');
    }
    expect((await h.ok('settings:get')).theme).toBe('system');
  });
});

describe('notifications honour the settings in main', () => {
  it('a notice is shown only when every event it reports is switched on', async () => {
    const shown: string[] = [];
    const h = await core({ notify: (title) => shown.push(title) > 0 });
    await h.ok('settings:set', { notifications: { sent: false } });
    expect(await h.ok('app:notify', { title: 'Outbox: 2 sent', body: 'b', events: ['sent'] })).toEqual({
      shown: false,
    });
    expect(
      await h.ok('app:notify', { title: 'Outbox: 1 failed, 1 sent', body: 'b', events: ['failed', 'sent'] }),
    ).toEqual({ shown: false });
    expect(await h.ok('app:notify', { title: 'Outbox: 1 failed', body: 'b', events: ['failed'] })).toEqual({
      shown: true,
    });
    expect(shown).toEqual(['Outbox: 1 failed']);
    expect(h.core.notificationsAllow(['sent'])).toBe(false);
    expect(h.core.notificationsAllow(['awaiting-approval'])).toBe(true);
  });
});
