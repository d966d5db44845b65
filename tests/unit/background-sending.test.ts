import { describe, expect, it, vi } from 'vitest';
import { BackgroundSending, closeQuestion, type BackgroundDeps } from '../../src/main/background/background-sending';
import { settle } from '../support/turns';

// Closing the last window (or quitting) while approved items are unsent: asked, never silent;
// kept sending in the background with a tray (Windows, Linux) or a Dock badge (macOS) until the
// queue is empty; quitting leaves the rows queued.

function fakes(platform: string, answers: number[]) {
  const log: string[] = [];
  let trayItems: { label: string; enabled: boolean; click?: () => void }[] = [];
  const deps: BackgroundDeps = {
    platform,
    ask: vi.fn(async (q) => {
      log.push(`ask: ${q.message}`);
      return answers.shift() ?? 2;
    }),
    hideWindow: () => log.push('hide'),
    showWindow: () => log.push('show'),
    showTray: ({ tooltip, items }) => {
      log.push(`tray: ${tooltip}`);
      trayItems = items;
      return () => log.push('tray removed');
    },
    setDockBadge: (text) => log.push(`badge: ${text}`),
    notify: (title) => log.push(`notify: ${title}`),
    quit: () => log.push('quit'),
  };
  return { deps, log, tray: () => trayItems };
}

describe('BackgroundSending', () => {
  it('nothing waiting: the window closes and the app quits without a question', () => {
    const { deps, log } = fakes('linux', []);
    const b = new BackgroundSending(deps);
    b.setUnsent(0);
    expect(b.holdForUnsent()).toBe(false);
    expect(log).toEqual([]);
  });

  it('items waiting: the close is held and the person asked; "keep sending" hides the window behind a tray icon', async () => {
    const { deps, log, tray } = fakes('linux', [0]);
    const b = new BackgroundSending(deps);
    b.setUnsent(3);
    expect(b.holdForUnsent()).toBe(true);
    // A second close while the question is open is held too, and asks nothing more.
    expect(b.holdForUnsent()).toBe(true);
    await settle();
    expect(log).toEqual([
      'ask: 3 approved items are still waiting to be sent.',
      'hide',
      'tray: Treasury Desktop: 3 waiting to send',
    ]);
    expect(b.isInBackground).toBe(true);
    expect(tray().map((i) => i.label)).toEqual([
      '3 waiting to send',
      'Open Treasury Desktop',
      'Quit (unsent items stay queued)',
    ]);
    b.setUnsent(1);
    expect(log.slice(-2)).toEqual(['tray removed', 'tray: Treasury Desktop: 1 waiting to send']);
    // Sent everything: says so, removes the tray and quits; the quit that follows asks nothing.
    b.setUnsent(0);
    expect(log.slice(-3)).toEqual(['notify: Treasury Desktop: everything sent', 'tray removed', 'quit']);
    expect(b.holdForUnsent()).toBe(false);
  });

  it('"Quit now": the app quits and the quit is not asked again; "Cancel": nothing happens', async () => {
    const quitting = fakes('win32', [1]);
    const b = new BackgroundSending(quitting.deps);
    b.setUnsent(2);
    expect(b.holdForUnsent()).toBe(true);
    await settle();
    expect(quitting.log).toEqual(['ask: 2 approved items are still waiting to be sent.', 'quit']);
    expect(b.holdForUnsent()).toBe(false);

    const staying = fakes('win32', [2]);
    const c = new BackgroundSending(staying.deps);
    c.setUnsent(1);
    expect(c.holdForUnsent()).toBe(true);
    await settle();
    expect(staying.log).toEqual(['ask: 1 approved item is still waiting to be sent.']);
    expect(c.isInBackground).toBe(false);
    // Asked again next time: the answer was not "remember".
    expect(c.holdForUnsent()).toBe(true);
  });

  it('macOS: the Dock carries the count instead of a tray, and reopening clears it', async () => {
    const { deps, log } = fakes('darwin', [0]);
    const b = new BackgroundSending(deps);
    b.setUnsent(4);
    b.holdForUnsent();
    await settle();
    expect(log).toEqual(['ask: 4 approved items are still waiting to be sent.', 'hide', 'badge: 4']);
    b.reopen();
    expect(log.slice(-2)).toEqual(['badge: ', 'show']);
    expect(b.isInBackground).toBe(false);
  });

  it('the tray’s Quit quits without asking; its Open shows the window again', async () => {
    const { deps, log, tray } = fakes('linux', [0]);
    const b = new BackgroundSending(deps);
    b.setUnsent(2);
    b.holdForUnsent();
    await settle();
    tray()[1]?.click?.();
    expect(log.slice(-2)).toEqual(['tray removed', 'show']);
    b.holdForUnsent();
    await settle();
    tray()[2]?.click?.();
    expect(log.at(-1)).toBe('quit');
    expect(b.holdForUnsent()).toBe(false);
  });

  it('everything was sent while the question was open: "keep sending" just quits', async () => {
    let answer: (n: number) => void = () => undefined;
    const { deps, log } = fakes('linux', []);
    deps.ask = () => new Promise<number>((r) => (answer = r));
    const b = new BackgroundSending(deps);
    b.setUnsent(1);
    b.holdForUnsent();
    b.setUnsent(0);
    answer(0);
    await settle();
    expect(log).toEqual(['quit']);
  });

  it('the question says where it keeps running and that quitting keeps the rows', () => {
    expect(closeQuestion(2, 'darwin').detail).toMatch(/in the Dock/);
    const q = closeQuestion(2, 'linux');
    expect(q.detail).toMatch(/system tray/);
    expect(q.detail).toMatch(/stay queued, approved, and are sent the next time/);
    expect(q.buttons[q.defaultId]).toBe('Keep sending in the background');
    expect(q.buttons[q.cancelId]).toBe('Cancel');
  });
});
