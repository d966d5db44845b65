import type { z } from 'zod';
import { appChannels } from './app';
import { cardsChannels } from './cards';
import { clipboardChannels } from './clipboard';
import { connectivityChannels, connectivityEvents } from './connectivity';
import { mergeTables, type Channel, type Clashes, type EventDef, type HandlersOf } from './define';
import { demoChannels, demoEvents } from './demo';
import { filesChannels } from './files';
import { keychainChannels } from './keychain';
import { outboxChannels, outboxEvents } from './outbox';
import { profilesChannels, profilesEvents } from './profiles';
import { serviceChannels } from './service';
import { settingsChannels, settingsEvents } from './settings';
import { supportChannels } from './support';
import { syncChannels } from './sync';
import { updatesChannels, updatesEvents } from './updates';
import { workspaceChannels, workspaceEvents } from './workspace';

/**
 * The IPC contract: every channel the renderer may invoke (its argument schema and result type)
 * and every event main pushes, merged from one module per feature. Main implements `Handlers`,
 * the preload and the test shim are built from the names, the renderer's types come from here.
 * Channel names are `domain:verb`; every result is `{ ok: true, value } | { ok: false, error }`.
 */

type ChannelTables = [
  typeof appChannels,
  typeof keychainChannels,
  typeof profilesChannels,
  typeof connectivityChannels,
  typeof serviceChannels,
  typeof filesChannels,
  typeof demoChannels,
  typeof cardsChannels,
  typeof clipboardChannels,
  typeof syncChannels,
  typeof workspaceChannels,
  typeof settingsChannels,
  typeof outboxChannels,
  typeof updatesChannels,
  typeof supportChannels,
];
type EventTables = [
  typeof profilesEvents,
  typeof connectivityEvents,
  typeof demoEvents,
  typeof workspaceEvents,
  typeof settingsEvents,
  typeof outboxEvents,
  typeof updatesEvents,
];

// A name defined in two features does not compile (and mergeTables refuses it at load time too).
const noChannelClash: [Clashes<ChannelTables>] extends [never] ? true : never = true;
const noEventClash: [Clashes<EventTables>] extends [never] ? true : never = true;
void noChannelClash;
void noEventClash;

export const channels = mergeTables(
  appChannels,
  keychainChannels,
  profilesChannels,
  connectivityChannels,
  serviceChannels,
  filesChannels,
  demoChannels,
  cardsChannels,
  clipboardChannels,
  syncChannels,
  workspaceChannels,
  settingsChannels,
  outboxChannels,
  updatesChannels,
  supportChannels,
);
export const events = mergeTables(
  profilesEvents,
  connectivityEvents,
  demoEvents,
  workspaceEvents,
  settingsEvents,
  outboxEvents,
  updatesEvents,
);

export type Channels = typeof channels;
export type ChannelName = keyof Channels & string;
export type ArgOf<C extends ChannelName> = z.input<Channels[C]['arg']>;
export type ParsedArgOf<C extends ChannelName> = z.output<Channels[C]['arg']>;
export type ResultOf<C extends ChannelName> = Channels[C] extends Channel<z.ZodType, infer R> ? R : never;

export type EventsTable = typeof events;
export type EventName = keyof EventsTable & string;
export type Events = { [E in EventName]: EventsTable[E] extends EventDef<infer P> ? P : never };

export const CHANNELS = Object.keys(channels) as ChannelName[];
export const EVENTS = Object.keys(events) as EventName[];

/** Main implements this table; `satisfies Handlers` makes a missing channel a type error. */
export type Handlers = HandlersOf<Channels>;
