import { EXPECTED_COLUMNS, readCsv } from '../e2e/harness/csv-expected';
import { expect, test } from './harness/lane';

// The Transactions screen's CSV export in Chromium, against the real cache and search worker.

test.use({ laneSession: { demo: { seed: 5, transactions: 300 } } });

test('a row written a moment before the export is exported in its newest version', async ({ lane }) => {
  await lane.core.demo.start();
  await lane.open('transactions-export.ts');
  expect(await lane.run('sync', 'demo')).toBe('done');
  await lane.run('open', 'demo');

  const exported = lane.run<{ id: string; outcome: { kind: string; path?: string } }>(
    'noteThenExport',
    'demo',
    { statuses: ['pending'] },
    'Checked with finance',
  );
  // No native save dialog in this host: main asks about the file in its own window.
  await lane.prompts.confirm(/^Save “.+\.csv” in /);
  const { id, outcome } = await exported;
  expect(outcome.kind).toBe('saved');
  const csv = await readCsv(outcome.path ?? '');
  const row = csv.rows.find((r) => r[0] === id);
  expect(row?.[EXPECTED_COLUMNS.indexOf('note')]).toBe('Checked with finance');
});
