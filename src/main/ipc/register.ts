import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, type EventName, type Events, type Handlers } from '../../shared/ipc';
import { dispatch } from './dispatch';
import { isTrustedSender } from './sender-policy';

/**
 * Registers every channel of the contract with one wrapper: the call must come from the main
 * frame of one of our windows showing the app itself (not an iframe, not a foreign page), then
 * `dispatch` validates the argument and runs the handler.
 */
export function registerIpc(handlers: Handlers, windows: () => BrowserWindow[], appOrigin: string): () => void {
  const trusted = (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame;
    return isTrustedSender({
      frameUrl: frame ? frame.url : null,
      isMainFrame: !!frame && frame.parent === null,
      senderId: event.sender.id,
      windowIds: windows()
        .filter((w) => !w.isDestroyed())
        .map((w) => w.webContents.id),
      appOrigin,
    });
  };
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, arg: unknown) => {
      if (!trusted(event)) {
        return {
          ok: false,
          error: { code: 'forbidden-sender', message: 'This request did not come from the app window.' },
        };
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
