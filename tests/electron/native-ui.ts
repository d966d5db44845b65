import { expect, type ElectronApplication } from '@playwright/test';

/**
 * What main shows outside the page, seen from the test: a native box cannot be clicked and a tray
 * icon cannot be read, so main's `dialog.showMessageBox` is replaced by one that records its
 * question and answers, and the tray's tooltip, menu and removal are recorded on their way to
 * Electron (as Playwright's own Electron tests stub dialogs in main).
 */

export interface Asked {
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
  /** Asked on a window (modal to it), not free-standing. */
  onWindow: boolean;
}

export interface TrayMenuItem {
  label: string;
  enabled: boolean;
}

interface Recorded {
  asked: Asked[];
  tooltips: string[];
  menus: TrayMenuItem[][];
  traysRemoved: number;
}

/** Main's message boxes answer `response` (a button's index) from now on, and record what they were asked. */
export async function answerBoxes(app: ElectronApplication, response: number): Promise<void> {
  await app.evaluate(({ dialog }, answer) => {
    const g = globalThis as unknown as { recorded?: Recorded };
    g.recorded ??= { asked: [], tooltips: [], menus: [], traysRemoved: 0 };
    const record = (args: unknown[]) => {
      const o = args.at(-1) as Omit<Asked, 'onWindow'>;
      g.recorded?.asked.push({
        message: o.message,
        detail: o.detail,
        buttons: o.buttons,
        defaultId: o.defaultId,
        cancelId: o.cancelId,
        onWindow: args.length === 2,
      });
      return Promise.resolve({ response: answer, checkboxChecked: false });
    };
    dialog.showMessageBox = ((...args: unknown[]) => record(args)) as typeof dialog.showMessageBox;
  }, response);
}

/** Records the tray icon's tooltip and menu as main sets them, and its removal; the tray itself is still made. */
export async function watchTray(app: ElectronApplication): Promise<void> {
  await app.evaluate(({ Menu, Tray }) => {
    const g = globalThis as unknown as { recorded?: Recorded; trayMenus?: Electron.Menu[] };
    g.recorded ??= { asked: [], tooltips: [], menus: [], traysRemoved: 0 };
    g.trayMenus = [];
    const build = Menu.buildFromTemplate.bind(Menu);
    Menu.buildFromTemplate = (template) => {
      const menu = build(template);
      g.recorded?.menus.push(menu.items.map((i) => ({ label: i.label, enabled: i.enabled })));
      g.trayMenus?.push(menu);
      return menu;
    };
    const { setToolTip, destroy } = Tray.prototype;
    Tray.prototype.setToolTip = function (this: Electron.Tray, text: string) {
      g.recorded?.tooltips.push(text);
      return setToolTip.call(this, text);
    };
    Tray.prototype.destroy = function (this: Electron.Tray) {
      if (g.recorded) g.recorded.traysRemoved += 1;
      return destroy.call(this);
    };
  });
}

export async function recorded(app: ElectronApplication): Promise<Recorded> {
  return app.evaluate(
    () =>
      (globalThis as unknown as { recorded?: Recorded }).recorded ?? {
        asked: [],
        tooltips: [],
        menus: [],
        traysRemoved: 0,
      },
  );
}

/** Clicks an item of the tray's newest menu, as the person would from the system tray. */
export async function clickTrayItem(app: ElectronApplication, label: string): Promise<void> {
  await app.evaluate((_electron, wanted) => {
    const menus = (globalThis as unknown as { trayMenus?: Electron.Menu[] }).trayMenus ?? [];
    const item = menus.at(-1)?.items.find((i) => i.label === wanted);
    if (!item) throw new Error(`the tray's menu has no item “${wanted}”`);
    item.click();
  }, label);
}

export const isVisible = (app: ElectronApplication) =>
  app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isVisible() ?? false);

/**
 * Closes the last window the way its close button does, once main holds the close to ask about
 * unsent items. Main learns the count from the renderer over IPC a moment after the queue
 * changes; until it has, a close would go through and quit the app, so until then this test's
 * own listener (added after main's) holds it instead and the close is tried again.
 */
export async function closeWhenHeld(app: ElectronApplication): Promise<void> {
  await app.evaluate(({ BrowserWindow }) => {
    const g = globalThis as unknown as { probe?: { on: boolean; held: boolean } };
    g.probe = { on: true, held: false };
    BrowserWindow.getAllWindows()[0]?.on('close', (event) => {
      if (!g.probe?.on) return;
      if (event.defaultPrevented) {
        g.probe.held = true;
        g.probe.on = false;
      } else event.preventDefault();
    });
  });
  await expect
    .poll(
      () =>
        app.evaluate(({ BrowserWindow }) => {
          const probe = (globalThis as unknown as { probe: { held: boolean } }).probe;
          if (!probe.held) BrowserWindow.getAllWindows()[0]?.close();
          return probe.held;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}
