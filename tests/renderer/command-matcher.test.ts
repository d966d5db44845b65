import { describe, expect, it } from 'vitest';
import { fuzzyScore, rankByQuery } from '../../src/renderer/src/model/fuzzy-match';

// What the palette lists, written out here rather than read from the app, so the matcher is
// judged against what a person would expect to find, not against the app's own tables.
const SCREENS = [
  'Dashboard',
  'Transactions',
  'Cards',
  'Card groups',
  'Accounts',
  'Transfers',
  'Payments',
  'Approvals',
  'Webhooks',
  'Directory',
  'Settings',
].map((s) => `Go to ${s}`);
const COMMANDS = [
  ...SCREENS,
  'New transfer',
  'New payment',
  'Sync now',
  'Pause sending',
  'Show keyboard shortcuts',
  'Open the command palette',
  'Approve: Transfer $2,500.00 from Operating (primary) to Payroll',
];

const titles = (query: string, items: readonly string[] = COMMANDS) =>
  rankByQuery(items, query, (title) => ({ title }));

describe('the palette matcher', () => {
  it('finds a command from letters in order with gaps: "aprv" finds Approvals', () => {
    expect(titles('aprv', SCREENS)).toEqual(['Go to Approvals']);
    expect(titles('aprv')).toContain('Go to Approvals');
  });

  it('ranks the screen first for an abbreviation of its name', () => {
    expect(titles('aprv')[0]).toBe('Go to Approvals');
    expect(titles('trnsf').slice(0, 2).sort()).toEqual(['Go to Transfers', 'New transfer']);
    expect(titles('dshb')[0]).toBe('Go to Dashboard');
    expect(titles('whk')[0]).toBe('Go to Webhooks');
  });

  it('prefers letters that start words and letters in a row', () => {
    // "set" runs in a row at a word start in "Settings"; in the shortcuts it is scattered.
    expect(titles('set', ['Show keyboard shortcuts', 'Go to Settings'])).toEqual([
      'Go to Settings',
      'Show keyboard shortcuts',
    ]);
    // Initials: each letter starts a word.
    expect(titles('gtcg', SCREENS)[0]).toBe('Go to Card groups');
    expect(titles('sn')[0]).toBe('Sync now');
  });

  it('needs every letter, in order', () => {
    expect(titles('vrpa', SCREENS)).toEqual([]);
    expect(titles('xyz')).toEqual([]);
    expect(fuzzyScore('approvals!', 'Go to Approvals')).toBe(0);
  });

  it('matches each typed word on its own, in any order', () => {
    expect(titles('payment new')[0]).toBe('New payment');
    expect(titles('new pay')[0]).toBe('New payment');
    expect(titles('new zzz')).toEqual([]);
  });

  it('ignores case and accents', () => {
    expect(titles('SYNC')[0]).toBe('Sync now');
    expect(titles('pausé')[0]).toBe('Pause sending');
    expect(fuzzyScore('resume', 'Résumé sending')).toBeGreaterThan(0);
  });

  it('finds by a keyword when the title does not have the word, ranked after a title match', () => {
    const items = [
      { title: 'Go to Approvals', keywords: ['outbox', 'queue'] },
      { title: 'Export the outbox audit log', keywords: [] },
    ];
    expect(rankByQuery(items, 'queue', (i) => i).map((i) => i.title)).toEqual(['Go to Approvals']);
    expect(rankByQuery(items, 'outbox', (i) => i).map((i) => i.title)).toEqual([
      'Export the outbox audit log',
      'Go to Approvals',
    ]);
  });

  it('lists everything in its own order when nothing is typed, and keeps that order between equals', () => {
    expect(titles('')).toEqual(COMMANDS);
    expect(titles('   ')).toEqual(COMMANDS);
    expect(titles('c', ['Cards', 'Cargo', 'Cache'])).toEqual(['Cards', 'Cargo', 'Cache']);
    // Between equal matches the shorter text comes first: it is the closer one.
    expect(titles('go to car', SCREENS)).toEqual(['Go to Cards', 'Go to Card groups']);
  });

  it('still matches letters far apart, ranked after close ones', () => {
    const far = `A${'x'.repeat(80)}Z`;
    expect(fuzzyScore('az', far)).toBeGreaterThan(0);
    expect(titles('az', [far, 'A to Z'])).toEqual(['A to Z', far]);
  });
});
