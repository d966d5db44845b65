import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_KEY } from '../shared/ipc';
import { createTreasuryApi } from '../shared/treasury-api';

declare const __APP_VERSION__: string;

// Thin and frozen: the renderer gets the contract's methods only, never ipcRenderer or process.env.
const api = createTreasuryApi({
  version: __APP_VERSION__,
  invoke: (channel, arg) => ipcRenderer.invoke(channel, arg),
  subscribe: (event, listener) => {
    const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => {
      ipcRenderer.removeListener(event, wrapped);
    };
  },
});

contextBridge.exposeInMainWorld(BRIDGE_KEY, api);
