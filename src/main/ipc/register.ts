import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, type EventName, type Events, type Handlers } from '../../shared/ipc';
import { isAppUrl } from '../window-policy';
import { dispatch } from './dispatch';

/**
 * Registers every channel of the contract with one wrapper: the call must come from the main
 * frame of one of our windows showing the app itself (not an iframe, not a foreign page), then
 * `dispatch` validates the argument and runs the handler.
 */
export function registerIpc(handlers: Handlers, windows: () => BrowserWindow[], appUrl: () => string): () => void {
  const trusted = (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    if (!windows().some((w) => !w.isDestroyed() && w.webContents.id === event.sender.id)) return false;
    return isAppUrl(frame.url, appUrl());
  };
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, arg: unknown) => {
      if (!trusted(event)) {
        return { ok: false, error: { code: 'forbidden-sender', message: 'This request did not come from the app window.' } };
      }
      return dispatch(handlers, channel, arg);
    });
  }
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}

/** Sends a main-process event to every window. */
export function broadcast<E extends EventName>(windows: BrowserWindow[], event: E, payload: Events[E]): void {
  for (const w of windows) if (!w.isDestroyed()) w.webContents.send(event, payload);
}
