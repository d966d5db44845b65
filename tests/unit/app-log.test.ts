import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppLog, MAX_LINE_CHARS } from '../../src/main/logs/app-log';
import { PAGE_LINE_RULES, PageLines } from '../../src/main/logs/page-lines';
import { KEY_SHAPED, TEST_CARD_NUMBERS } from '../support/log-secrets';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'treasury-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const read = (name = 'treasury.log') => readFile(join(dir, name), 'utf8');

describe('the app log', () => {
  it('writes a line per call with its level, source, event, profile and fields', async () => {
    const log = new AppLog({ dir });
    log.info('sync.pages', { pages: 2, rows: 100 }, 'p-1');
    log.write('error', 'page', 'error.seen', { message: 'The transfer could not be sent.' });
    const lines = (await read()).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z \[info\] \[main\] sync\.pages profile=p-1 \{"pages":2,"rows":100\}$/,
    );
    expect(lines[1]).toMatch(/\[error\] \[page\] error\.seen \{"message":"The transfer could not be sent\."\}$/);
  });

  it('redacts whatever writes to it, electron-log’s own functions included', async () => {
    const log = new AppLog({ dir });
    log.info('x', { apiKey: 'plain-key-words', detail: `card ${TEST_CARD_NUMBERS[0]}` });
    log.raw.warn(`a library said ${KEY_SHAPED.stripeStyle}`, { password: 'pw-in-object' });
    const text = await read();
    for (const s of ['plain-key-words', TEST_CARD_NUMBERS[0] as string, KEY_SHAPED.stripeStyle, 'pw-in-object'])
      expect(text).not.toContain(s);
    expect(text.trim().split('\n')).toHaveLength(2);
  });

  it('cuts a very long line', async () => {
    const log = new AppLog({ dir });
    log.info('long', { message: 'word '.repeat(10_000) });
    const line = (await read()).trim();
    expect(line.length).toBeLessThan(MAX_LINE_CHARS + 100);
    expect(line).toContain('…[cut]');
  });

  it('rotates at its bound: never more than its files, none much past its size', async () => {
    const bounds = { maxBytes: 4 * 1024, files: 3, keepDays: 7 };
    const log = new AppLog({ dir, bounds });
    for (let i = 0; i < 400; i++) log.info('tick', { i, padding: 'x'.repeat(80) });
    const names = (await readdir(dir)).sort();
    expect(names).toEqual(['treasury.1.log', 'treasury.2.log', 'treasury.log']);
    for (const name of names) {
      // A file is rotated once past its bound: it can hold one line more than the bound.
      expect((await stat(join(dir, name))).size, name).toBeLessThanOrEqual(bounds.maxBytes + 200);
    }
    // The newest line is in the current file, the ones before it in .1 then .2 (nothing lost in between).
    const indexes = async (name: string) => [...(await read(name)).matchAll(/"i":(\d+)/g)].map((m) => Number(m[1]));
    const current = await indexes('treasury.log');
    const one = await indexes('treasury.1.log');
    const two = await indexes('treasury.2.log');
    expect(current.at(-1)).toBe(399);
    expect(one.at(-1)).toBe((current[0] as number) - 1);
    expect(two.at(-1)).toBe((one[0] as number) - 1);
  });

  it('drops set-aside files older than a week when it opens', async () => {
    await writeFile(join(dir, 'treasury.1.log'), 'old\n');
    await writeFile(join(dir, 'treasury.2.log'), 'recent\n');
    const eightDaysAgo = (Date.now() - 8 * 86_400_000) / 1000;
    await utimes(join(dir, 'treasury.1.log'), eightDaysAgo, eightDaysAgo);
    new AppLog({ dir }).info('start');
    expect((await readdir(dir)).sort()).toEqual(['treasury.2.log', 'treasury.log']);
  });
});

describe("the pages' lines", () => {
  it('are written within their allowance, and one line says how many were dropped past it', async () => {
    let now = 1_000_000;
    const log = new AppLog({ dir });
    const pages = new PageLines(log, () => now);
    const perMinute = (PAGE_LINE_RULES[0] as { max: number }).max;
    const line = { level: 'error' as const, source: 'page' as const, event: 'error.seen', message: 'boom' };
    let written = 0;
    let dropped = 0;
    for (let i = 0; i < perMinute + 15; i++) {
      const r = pages.write([line]);
      written += r.written;
      dropped += r.dropped;
    }
    expect({ written, dropped }).toEqual({ written: perMinute, dropped: 15 });
    now += 61_000;
    expect(pages.write([line])).toEqual({ written: 1, dropped: 0 });
    const text = await read();
    expect(text.match(/error\.seen/g)).toHaveLength(perMinute + 1);
    expect(text).toContain('page.lines-dropped {"count":15}');
  });
});
