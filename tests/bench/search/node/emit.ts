export { emit } from '../../shared/io';

/** stdout carries JSON lines only (one per measurement); progress goes to stderr. */
export function progress(message: string): void {
  process.stderr.write(`[bench:search] ${message}\n`);
}
