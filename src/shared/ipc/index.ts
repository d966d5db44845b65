// The IPC contract, one module per feature, merged in contract.ts.
export * from './result';
export * from './define';
export * from './schemas';
export * from './app';
export * from './keychain';
export * from './profiles';
export * from './connectivity';
export * from './service';
export * from './files';
export * from './demo';
export * from './cards';
export * from './clipboard';
export * from './sync';
export * from './workspace';
export * from './settings';
export * from './outbox';
export * from './updates';
export * from './support';
export * from './contract';
export * from './api';

import { CHANNELS, EVENTS } from './contract';
import type { ContractNames } from './api';

/** The names of every channel and event, as the preload's build receives them. */
export const CONTRACT_NAMES: ContractNames = { channels: CHANNELS, events: EVENTS };
