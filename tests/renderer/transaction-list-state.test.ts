import { describe, expect, it } from 'vitest';
import { transactionListState, type ListInputs } from '../../src/renderer/src/model/transaction-list-state';

const start: ListInputs = { ready: false, answered: false, failed: false, previewCount: 0, hasQuery: false };

describe('transactionListState', () => {
  it('before the index is ready: the newest cached rows with the hint, or says the sync brings them', () => {
    expect(transactionListState({ ...start, previewCount: 100 })).toEqual({
      source: 'preview',
      previewHint: true,
      empty: expect.any(String),
    });
    expect(transactionListState(start)).toMatchObject({
      source: 'answer',
      previewHint: false,
      empty: 'No transactions cached yet. They appear here as the sync downloads them.',
    });
  });

  it('ready, first answer in flight: never "no transactions"; the preview stays only when no query narrows it', () => {
    const awaiting = { ...start, ready: true };
    expect(transactionListState(awaiting)).toEqual({
      source: 'answer',
      previewHint: false,
      empty: 'Searching the cached transactions…',
    });
    expect(transactionListState({ ...awaiting, previewCount: 100 })).toEqual({
      source: 'preview',
      previewHint: false,
      empty: 'Searching the cached transactions…',
    });
    expect(transactionListState({ ...awaiting, previewCount: 100, hasQuery: true })).toMatchObject({
      source: 'answer',
      empty: 'Searching the cached transactions…',
    });
  });

  it('answered: the answer, and an empty one says why', () => {
    const answered = { ...start, ready: true, answered: true, previewCount: 100 };
    expect(transactionListState(answered)).toEqual({
      source: 'answer',
      previewHint: false,
      empty: 'No transactions yet.',
    });
    expect(transactionListState({ ...answered, hasQuery: true }).empty).toBe(
      'No transaction matches this search. Try fewer words or clear the filters.',
    );
  });

  it('a failed search is not "searching" (its error is on screen)', () => {
    expect(transactionListState({ ...start, ready: true, failed: true, previewCount: 100 })).toEqual({
      source: 'answer',
      previewHint: false,
      empty: 'No transactions yet.',
    });
  });
});
