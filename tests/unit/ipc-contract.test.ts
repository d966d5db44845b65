import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appChannels,
  cardsChannels,
  clipboardChannels,
  CHANNELS,
  channels,
  connectivityChannels,
  demoChannels,
  EVENTS,
  events,
  filesChannels,
  keychainChannels,
  mergeTables,
  outboxChannels,
  profilesChannels,
  serviceChannels,
  settingsChannels,
  supportChannels,
  syncChannels,
  updatesChannels,
  workspaceChannels,
} from '../../src/shared/ipc';
import { startCore, type CoreHarness } from '../support/core-helpers';

describe('the IPC contract, merged from one module per feature', () => {
  it('defines every channel once, named domain:verb', () => {
    const perFeature = [
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
    ].flatMap((t) => Object.keys(t));
    expect(new Set(perFeature).size).toBe(perFeature.length);
    expect([...CHANNELS].sort()).toEqual([...perFeature].sort());
    for (const name of CHANNELS) expect(name).toMatch(/^[a-z]+:[a-z][A-Za-z]*$/);
  });

  it('refuses a name defined twice when tables are merged', () => {
    expect(() => mergeTables(appChannels, { 'app:info': appChannels['app:info'] })).toThrow(
      /"app:info" is defined twice/,
    );
  });

  it('derives the event list from the event table, so a new event cannot be half-declared', () => {
    expect(EVENTS).toEqual(Object.keys(events));
    expect(EVENTS).toEqual([
      'profiles:changed',
      'connectivity:changed',
      'demo:reset-progress',
      'demo:team-changed',
      'workspace:connectivity',
      'workspace:changed',
      'settings:changed',
      'outbox:team-sending',
      'updates:changed',
    ]);
  });
});

describe('main implements exactly the contract', () => {
  let h: CoreHarness;
  beforeAll(async () => {
    h = await startCore();
  });
  afterAll(() => h.close());

  it('has one handler per channel and nothing else', () => {
    expect(Object.keys(h.core.handlers).sort()).toEqual([...CHANNELS].sort());
    expect(Object.keys(channels).sort()).toEqual([...CHANNELS].sort());
  });

  it('refuses dot segments as path parameters before anything runs', async () => {
    for (const cardId of ['.', '..']) {
      const r = await h.invoke('service:call', {
        profileId: 'demo',
        requestId: 'r1',
        endpoint: 'getCard',
        params: { cardId },
      });
      expect(r.ok ? 'ok' : r.error.code).toBe('invalid-argument');
    }
  });

  it('refuses a path parameter that is not well-formed text (a lone surrogate) with a clear reason, not "internal"', async () => {
    for (const cardId of ['\uD800', 'card_\uDFFF', '\uDC00\uD800']) {
      const r = await h.invoke('service:call', {
        profileId: 'demo',
        requestId: 'r1',
        endpoint: 'getCard',
        params: { cardId },
      });
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(cardId)).toBe('invalid-argument');
      if (!r.ok) expect(r.error.message).toMatch(/^params\.cardId: .*broken character/);
    }
  });
});
