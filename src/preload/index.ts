import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_KEY, createTreasuryApi, type ContractNames } from '../shared/ipc/api';

declare const __APP_VERSION__: string;
/** The contract's channel and event names, injected by the build (electron.vite.config.ts). */
declare const __IPC_NAMES__: ContractNames;

// Thin and frozen: the renderer gets the contract's methods only, never ipcRenderer or process.env.
// No schema is bundled here: main validates every argument.
const api = createTreasuryApi(__IPC_NAMES__, {
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
