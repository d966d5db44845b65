import type { PageLogLine } from '../../shared/ipc';
import { WindowLimit, type WindowRule } from '../limits/window-limit';
import type { AppLog } from './app-log';

/**
 * What the pages may write: a person's session makes a few lines a minute (an error seen, a
 * worker's failure); a page writing more is broken or hostile, and its lines stop there. The log
 * keeps 25 MB, so a page held to these cannot push out main's own lines of the last hours.
 */
export const PAGE_LINE_RULES: readonly WindowRule[] = [
  { windowMs: 60_000, max: 60, per: 'a minute' },
  { windowMs: 3_600_000, max: 600, per: 'an hour' },
];
export const PAGE_BYTE_RULES: readonly WindowRule[] = [{ windowMs: 3_600_000, max: 512 * 1024, per: 'an hour' }];

/** Pages' lines into main's log, within their allowance; one line says when lines were dropped. */
export class PageLines {
  private readonly lines: WindowLimit;
  private readonly bytes: WindowLimit;
  private droppedSinceNoted = 0;

  constructor(
    private readonly log: AppLog,
    now: () => number,
  ) {
    this.lines = new WindowLimit(PAGE_LINE_RULES, now);
    this.bytes = new WindowLimit(PAGE_BYTE_RULES, now);
  }

  write(lines: readonly PageLogLine[]): { written: number; dropped: number } {
    let written = 0;
    for (const line of lines) {
      const size = Buffer.byteLength(line.message, 'utf8') + line.event.length;
      if (!this.bytes.check('pages', size).ok || !this.lines.take('pages').ok) continue;
      this.bytes.take('pages', size);
      if (this.droppedSinceNoted > 0) {
        this.log.warn('page.lines-dropped', { count: this.droppedSinceNoted });
        this.droppedSinceNoted = 0;
      }
      this.log.write(line.level, line.source, line.event, { message: line.message }, line.profileId);
      written++;
    }
    this.droppedSinceNoted += lines.length - written;
    return { written, dropped: lines.length - written };
  }
}
