import type { TeamRowView } from '../../../../shared/ipc/workspace';

/** How the drafter's own copy of a team row ends, as the workspace says it did. */
export interface LocalClosing {
  outcome: 'sent' | 'failed' | 'rejected' | 'canceled';
  /** In words, for the row's history and its error line. */
  detail: string;
}

/**
 * What the drafter's copy of a row should become, given the workspace's row as this desktop
 * reads it: sent or failed by whichever desktop sent it, canceled by its drafter, rejected by an
 * approver, or never to be sent (a signature that does not hold, a drafter removed). Null while
 * it is still open there, waits for a person (needs review), or cannot be judged now (a broken
 * directory): the copy keeps waiting.
 */
export function localClosing(row: TeamRowView): LocalClosing | null {
  switch (row.state) {
    case 'sent':
      return { outcome: 'sent', detail: row.outcome ?? 'sent by a member’s desktop' };
    case 'failed':
      return { outcome: 'failed', detail: row.outcome ?? 'the service refused it' };
    case 'canceled':
      return { outcome: 'canceled', detail: 'canceled by its drafter' };
    case 'needs-review':
      return null;
    case 'open':
      if (row.verdict.status !== 'never') return null;
      return row.verdict.reason === 'rejected'
        ? { outcome: 'rejected', detail: row.verdict.text }
        : { outcome: 'failed', detail: `it will never be sent: ${row.verdict.text}` };
  }
}
