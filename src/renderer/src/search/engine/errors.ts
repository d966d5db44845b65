/**
 * A saved index that cannot be trusted: damaged, cut short, written by another version or
 * inconsistent. The message says what was wrong in words a person can read; the remedy is always
 * the same (rebuild from the cached transactions), so callers catch this one type.
 */
export class IndexCorruptError extends Error {
  /** What was wrong, without the lead-in (for a caller that words its own sentence). */
  readonly detail: string;

  constructor(detail: string) {
    super(`the saved search index cannot be used: ${detail}`);
    this.name = 'IndexCorruptError';
    this.detail = detail;
  }
}

/** A row given to build() or upsert() that breaks the IndexedRow contract (a caller's bug). */
export class InvalidRowError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'InvalidRowError';
  }
}
