import { contextBridge } from 'electron';
import { BRIDGE_KEY, type TreasuryBridge } from '../shared/bridge';

declare const __APP_VERSION__: string;

// Thin and frozen: no raw ipcRenderer, no process.env.
const bridge: TreasuryBridge = Object.freeze({ version: __APP_VERSION__ });

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge);
