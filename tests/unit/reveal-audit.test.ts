import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditSeal, sealAccount } from '../../src/main/audit/audit-seal';
import { RevealAudit } from '../../src/main/audit/reveal-audit';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import type { RevealAuditEntry } from '../../src/shared/ipc';

// Issue 23, finding 2: the audit kept the last 1,000 lines of every profile in one file, and any
// line could be edited or removed unseen. Now: a file per profile, lines kept by age, each line
// chained and sealed with a key in the keychain, checked on every read, a break said with where.

let dir: string;
let keychain: MemorySecretStore;
let clock: number;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'treasury-audit-'));
  keychain = new MemorySecretStore();
  clock = Date.UTC(2026, 0, 10, 12);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const DAY = 24 * 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

const entry = (i: number, over: Partial<RevealAuditEntry> = {}): RevealAuditEntry => ({
  at: at(clock + i * 1_000),
  user: 'ada',
  profileId: 'demo',
  profileName: 'Demo',
  cardId: `card_${i % 3}`,
  last4: '4242',
  pan: true,
  cvv: i % 2 === 0,
  outcome: 'revealed',
  ...over,
});

/** An audit as one run of the app opens it: a new instance is the next start. */
const open = (store: { store: MemorySecretStore } | { reason: string } = { store: keychain }) =>
  new RevealAudit({ dir, seal: new AuditSeal(() => store), now: () => clock });
const fileOf = (profileId: string) => join(dir, 'reveals', `${profileId}.jsonl`);
const rows = async (profileId = 'demo') =>
  (await readFile(fileOf(profileId), 'utf8')).split('\n').filter((l) => l !== '');
const writeRows = (list: string[], profileId = 'demo') => writeFile(fileOf(profileId), `${list.join('\n')}\n`);

async function fiveLines(): Promise<RevealAudit> {
  const audit = open();
  for (let i = 0; i < 5; i++) await audit.append(entry(i));
  return audit;
}

describe('the reveal audit: a sealed file per profile', () => {
  it('appends one line per reveal to the profile’s own file and lists a card newest first, intact', async () => {
    const audit = open();
    // Concurrent appends are serialized: every line whole, in order.
    await Promise.all(Array.from({ length: 9 }, (_, i) => audit.append(entry(i))));
    await audit.append(entry(9, { profileId: 'live-1', profileName: 'Acme' }));
    expect(await rows()).toHaveLength(9);
    expect(await rows('live-1')).toHaveLength(1);

    const card1 = await audit.list({ profileId: 'demo', cardId: 'card_1' });
    expect(card1.entries.map((e) => e.at)).toEqual([entry(7).at, entry(4).at, entry(1).at]);
    expect(card1.integrity).toEqual({ seal: 'keychain', lines: 9, since: entry(0).at, legacy: 0, breaks: [] });
    expect((await audit.list({ profileId: 'live-1' })).entries).toEqual([
      entry(9, { profileId: 'live-1', profileName: 'Acme' }),
    ]);
    expect((await audit.list({ profileId: 'demo' }, 2)).entries).toEqual([entry(8), entry(7)]);
    // The sealing key is in the keychain, not beside the file.
    expect(await keychain.get(sealAccount('demo'))).toMatch(/"keys"/);
    expect((await readdir(join(dir, 'reveals'))).sort()).toEqual(['demo.jsonl', 'live-1.jsonl']);
  });

  it('writes only the known fields, and scrubs a number out of a reason', async () => {
    const audit = open();
    const sneaky = {
      ...entry(1, { outcome: 'failed', reason: 'vault said 4111 1111 1111 1111 is bad' }),
      extra: '4111111111111111',
    } as RevealAuditEntry;
    await audit.append(sneaky);
    const text = await readFile(fileOf('demo'), 'utf8');
    expect(text).not.toMatch(/4111.?1111.?1111.?1111/);
    expect(text).not.toContain('extra');
    expect((await audit.list({ profileId: 'demo' })).entries[0]?.reason).toBe('vault said [redacted] is bad');
  });

  it('names a profile file by a digest when the id is not plain, never a path', async () => {
    const audit = open();
    await audit.append(entry(1, { profileId: '../../etc/x' }));
    const names = await readdir(join(dir, 'reveals'));
    expect(names).toEqual([`id-${createHash('sha256').update('../../etc/x').digest('hex').slice(0, 32)}.jsonl`]);
    expect((await audit.list({ profileId: '../../etc/x' })).entries).toHaveLength(1);
  });

  it('lists nothing, intact, before the first reveal', async () => {
    expect(await open().list({ profileId: 'demo' })).toEqual({
      entries: [],
      integrity: { seal: 'keychain', lines: 0, legacy: 0, breaks: [] },
    });
  });
});

describe('tampering is found on the next read, with where it broke, and new entries still append', () => {
  it('a line edited in place', async () => {
    const audit = await fiveLines();
    const list = await rows();
    list[2] = (list[2] as string).replace('"last4":"4242"', '"last4":"0000"');
    await writeRows(list);
    const read = await audit.list({ profileId: 'demo' });
    expect(read.integrity.breaks).toEqual([
      { line: 3, at: entry(2).at, problem: 'line 3 was changed after it was written' },
    ]);
    expect(read.entries.find((e) => e.at === entry(2).at)?.check).toBe('altered');
    await audit.append(entry(5));
    const after = await audit.list({ profileId: 'demo' });
    expect(after.entries[0]).toEqual(entry(5));
    expect(after.integrity.breaks).toHaveLength(1);
  });

  it('a line removed from the middle, and two lines swapped', async () => {
    const audit = await fiveLines();
    const list = await rows();
    await writeRows([list[0], list[1], list[3], list[4]] as string[]);
    expect((await audit.list({ profileId: 'demo' })).integrity.breaks).toEqual([
      { line: 3, at: entry(3).at, problem: 'before line 3, 1 line is missing' },
    ]);
    await writeRows([list[0], list[2], list[1], list[3], list[4]] as string[]);
    expect((await audit.list({ profileId: 'demo' })).integrity.breaks.map((b) => b.line)).toEqual([2, 3, 4]);
  });

  it('the first lines cut, the last lines cut, the file emptied or deleted', async () => {
    const audit = await fiveLines();
    const list = await rows();
    await writeRows(list.slice(2));
    expect((await audit.list({ profileId: 'demo' })).integrity.breaks).toEqual([
      { line: 1, at: entry(2).at, problem: 'the file starts at entry 2: the 2 before it were removed' },
    ]);
    await writeRows(list.slice(0, 3));
    expect((await audit.list({ profileId: 'demo' })).integrity.breaks).toEqual([
      { line: 3, problem: 'the file ends at entry 2, but entry 4 was written: the last 2 lines were removed' },
    ]);
    await writeFile(fileOf('demo'), '');
    expect((await audit.list({ profileId: 'demo' })).integrity.breaks).toEqual([
      { line: 0, problem: 'the file is empty or missing, but 5 lines had been written to it' },
    ]);
    await rm(fileOf('demo'));
    // A fresh start (the seal read from the keychain again) sees the same.
    expect((await open().list({ profileId: 'demo' })).integrity.breaks).toHaveLength(1);
  });

  it('a damaged line, and a file rewritten whole with its hashes recomputed (no key)', async () => {
    const audit = await fiveLines();
    const list = await rows();
    await writeRows([list[0], '{"v":1,"seq":1,', ...list.slice(1)] as string[]);
    expect((await audit.list({ profileId: 'demo' })).integrity.breaks).toEqual([
      { line: 2, problem: 'line 2 cannot be read as an audit line: it was edited or damaged' },
    ]);

    // Someone who rewrites the file as a plain hash chain, with entry 3 made to say another user:
    // every line "verifies" as a hash, but the last line this computer sealed is not there.
    const forged: string[] = [];
    let prev = '';
    for (let i = 0; i < 5; i++) {
      const body = JSON.stringify({
        v: 1,
        seq: i,
        k: 'sha256',
        prev,
        kind: 'entry',
        entry: entry(i, i === 3 ? { user: 'bob' } : {}),
      });
      const mac = createHash('sha256').update(body).digest('hex');
      forged.push(`${body.slice(0, -1)},"mac":"${mac}"}`);
      prev = mac;
    }
    await writeRows(forged);
    const read = await audit.list({ profileId: 'demo' });
    expect(read.integrity.breaks).toEqual([
      { line: 5, at: entry(4).at, problem: 'line 5 is not the entry this computer wrote there: the file was replaced' },
    ]);
    expect(read.integrity.warning).toMatch(
      /5 lines were written while the keychain was unavailable and are only hash-chained/,
    );
  });

  it('a line sealed with a key the keychain no longer has cannot be checked, and new lines get a new key', async () => {
    const audit = await fiveLines();
    await keychain.delete(sealAccount('demo'));
    const next = open();
    const read = await next.list({ profileId: 'demo' });
    expect(read.integrity.breaks).toEqual([
      {
        line: 1,
        problem: 'lines 1 to 5 were sealed with a key that is no longer in the keychain, so they cannot be checked',
      },
    ]);
    expect(read.entries.every((e) => e.check === 'unchecked')).toBe(true);
    await next.append(entry(5));
    const after = await next.list({ profileId: 'demo' });
    expect(after.entries[0]).toEqual(entry(5));
    expect(after.integrity.breaks).toHaveLength(1);
    void audit;
  });
});

describe('kept by age, never by count', () => {
  it('keeps 1,500 lines of one day (the old file kept 1,000) and every one checks', async () => {
    const audit = open();
    for (let i = 0; i < 1_500; i++) await audit.append(entry(i, { outcome: 'failed', last4: '' }));
    const again = open();
    const all = await again.list({ profileId: 'demo' }, 2_000);
    expect(all.entries).toHaveLength(1_500);
    expect(all.integrity).toMatchObject({ lines: 1_500, since: entry(0).at, breaks: [] });
  });

  it('drops lines older than 400 days at the next start, into one sealed mark; a year of lines stays and the chain still checks', async () => {
    const audit = open();
    const start = clock;
    const days = [0, 30, 200, 380, 395, 399];
    for (const d of days) {
      clock = start + d * DAY;
      await audit.append(entry(0, { at: at(clock), cardId: `day_${d}` }));
    }
    // 431 days after the first line: the lines of days 0 and 30 are more than 400 days old; every line since stays (at least 12 months).
    clock = start + 431 * DAY;
    const next = open();
    const read = await next.list({ profileId: 'demo' });
    expect(read.entries.map((e) => e.cardId)).toEqual(['day_399', 'day_395', 'day_380', 'day_200']);
    expect(read.integrity).toMatchObject({ lines: 5, since: at(start + 200 * DAY), breaks: [] });
    const [mark] = await rows();
    expect(JSON.parse(mark as string)).toMatchObject({
      kind: 'trimmed',
      seq: 1,
      dropped: 2,
      through: at(start + 30 * DAY),
    });
    await next.append(entry(0, { at: at(clock), cardId: 'after' }));
    expect((await open().list({ profileId: 'demo' })).integrity.breaks).toEqual([]);
    // A forged mark (no key) is a break like any other line.
    const list = await rows();
    list[0] = (list[0] as string).replace('"dropped":2', '"dropped":0');
    await writeRows(list);
    expect((await open().list({ profileId: 'demo' })).integrity.breaks.map((b) => b.problem)).toEqual([
      'line 1 was changed after it was written',
    ]);
  });

  it('does not trim a file whose chain is broken: the evidence stays', async () => {
    const audit = open();
    const start = clock;
    for (const d of [0, 1, 500]) {
      clock = start + d * DAY;
      await audit.append(entry(0, { at: at(clock), cardId: `day_${d}` }));
    }
    const list = await rows();
    list[0] = (list[0] as string).replace('"user":"ada"', '"user":"bob"');
    await writeRows(list);
    const read = await open().list({ profileId: 'demo' });
    expect(read.entries).toHaveLength(3);
    expect(read.integrity.breaks).toHaveLength(1);
  });
});

describe('without a keychain', () => {
  it('still chains every line (a hash), says so on every read, and finds a line edited by hand', async () => {
    const audit = open({ reason: 'No system keychain is available.' });
    for (let i = 0; i < 3; i++) await audit.append(entry(i));
    const read = await audit.list({ profileId: 'demo' });
    expect(read.integrity).toMatchObject({ seal: 'hash-only', breaks: [] });
    expect(read.integrity.warning).toMatch(
      /^The system keychain is not available \(No system keychain is available\.\), so this audit is only hash-chained/,
    );
    const list = await rows();
    list[1] = (list[1] as string).replace('"ada"', '"eve"');
    await writeRows(list);
    expect((await audit.list({ profileId: 'demo' })).integrity.breaks).toEqual([
      { line: 2, at: entry(1).at, problem: 'line 2 was changed after it was written' },
    ]);
  });
});

describe('the file kept before the chain', () => {
  it('moves its lines into each profile’s file marked as from before the chain, once, and sets it aside', async () => {
    const old = [
      entry(1, { profileId: 'demo' }),
      entry(2, { profileId: 'live-1', profileName: 'Acme', outcome: 'failed', last4: '', reason: 'network' }),
      entry(3, { profileId: 'demo' }),
    ];
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'card-reveals.jsonl'),
      `${old.map((e) => JSON.stringify(e)).join('\n')}\n{"at":"2026-01-01T00:00:0\n`,
    );
    const audit = open();
    const demo = await audit.list({ profileId: 'demo' });
    expect(demo.entries).toEqual([
      { ...old[2], check: 'legacy' },
      { ...old[0], check: 'legacy' },
    ]);
    expect(demo.integrity).toMatchObject({ legacy: 2, breaks: [] });
    expect((await audit.list({ profileId: 'live-1' })).entries).toEqual([{ ...old[1], check: 'legacy' }]);
    expect((await readdir(dir)).sort()).toEqual(['card-reveals.jsonl.migrated', 'reveals']);

    // Sealed from the migration on: a carried-over line edited later is found like any other.
    await audit.append(entry(4));
    const list = await rows();
    list[0] = (list[0] as string).replace('"ada"', '"eve"');
    await writeRows(list);
    const again = await open().list({ profileId: 'demo' });
    expect(again.entries.map((e) => e.check)).toEqual([undefined, 'legacy', 'altered']);
    expect(again.integrity.breaks.map((b) => b.line)).toEqual([1]);
  });

  it('does not carry the lines twice when a migration stopped before setting the file aside', async () => {
    await mkdir(dir, { recursive: true });
    const old = `${JSON.stringify(entry(1))}\n`;
    await writeFile(join(dir, 'card-reveals.jsonl'), old);
    await open().list({ profileId: 'demo' });
    // As if the rename had not happened.
    await writeFile(join(dir, 'card-reveals.jsonl'), old);
    expect((await open().list({ profileId: 'demo' })).entries).toHaveLength(1);
  });
});
