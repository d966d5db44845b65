import { beforeEach, describe, expect, it, vi } from 'vitest';

// registerIpc is the one place that reads Electron's event; with `electron` mocked, it runs here
// and the sender check is tested on the real wiring, not only on the pure rule.
const registered = new Map<string, (event: unknown, arg: unknown) => unknown>();
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, arg: unknown) => unknown) => registered.set(channel, fn),
    removeHandler: (channel: string) => registered.delete(channel),
  },
}));

const { registerIpc } = await import('../../src/main/ipc/register');
const { APP_ORIGIN } = await import('../../src/main/app-protocol/origin');
const { CHANNELS } = await import('../../src/shared/ipc');

type Handlers = Parameters<typeof registerIpc>[0];
const handlers = Object.fromEntries(CHANNELS.map((c) => [c, async () => `ran ${c}`])) as unknown as Handlers;

/** A window whose webContents has id 1 and currently shows `shownUrl`. */
function windowShowing(shownUrl: string) {
  return {
    isDestroyed: () => false,
    webContents: { id: 1, getURL: () => shownUrl },
  } as unknown as Electron.BrowserWindow;
}
const event = (url: string, opts: { senderId?: number; subframe?: boolean } = {}) => ({
  sender: { id: opts.senderId ?? 1 },
  senderFrame: { url, parent: opts.subframe ? {} : null },
});

beforeEach(() => registered.clear());

describe('registerIpc', () => {
  it('registers every channel of the contract, and unregisters them', () => {
    const off = registerIpc(handlers, () => [], APP_ORIGIN);
    expect([...registered.keys()].sort()).toEqual([...CHANNELS].sort());
    off();
    expect(registered.size).toBe(0);
  });

  it('runs a call from the top frame of our window showing the app', async () => {
    registerIpc(handlers, () => [windowShowing(`${APP_ORIGIN}/index.html`)], APP_ORIGIN);
    expect(await registered.get('app:info')!(event(`${APP_ORIGIN}/index.html`), undefined)).toEqual({
      ok: true,
      value: 'ran app:info',
    });
  });

  it('refuses a foreign main frame even when the window itself shows that same foreign URL', async () => {
    const foreign = 'https://evil.example/phish.html';
    registerIpc(handlers, () => [windowShowing(foreign)], APP_ORIGIN);
    const r = (await registered.get('profiles:list')!(event(foreign), undefined)) as {
      ok: boolean;
      error?: { code: string };
    };
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
  });

  it('refuses a subframe, another webContents and a file:// page', async () => {
    registerIpc(handlers, () => [windowShowing(`${APP_ORIGIN}/index.html`)], APP_ORIGIN);
    const call = registered.get('profiles:list')!;
    for (const e of [
      event(`${APP_ORIGIN}/index.html`, { subframe: true }),
      event(`${APP_ORIGIN}/index.html`, { senderId: 2 }),
      event('file:///tmp/x.html'),
    ]) {
      expect(await call(e, undefined)).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
    }
  });
});
