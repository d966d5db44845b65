import type { OutboxRow } from '../../../../shared/outbox';
import { rowActions } from '../../team/commands/row-actions';

/** One thing a person can do to a queue row: a button on the row, and a palette command while it is selected. */
export interface RowCommand {
  id: string;
  label: string;
  primary?: boolean;
  /** Why it cannot run now; the button is disabled and the palette says why. */
  unavailable?: string;
  run(): Promise<void>;
}

export interface RowHandlers {
  /** Runs an outbox action and shows its error, if any, above the queue. */
  run(action: Promise<string | null>): Promise<void>;
  /** The hash of what the review shows (an approval binds exactly that), or why there is none yet. */
  approval: { hash: string } | { unavailable: string };
  /** Opens the row's reason form; null while it is open. */
  reject: (() => void) | null;
  /** Opens the row's new-amount form; null while it is open. */
  change: (() => void) | null;
  /** Asks the person, in the app's own dialog, whether to send a row that may have gone through again. */
  confirmSendAgain(): void;
}

const CHANGEABLE: readonly OutboxRow['state'][] = ['draft', 'awaiting-approval', 'approved', 'failed'];
const CANCELABLE: readonly OutboxRow['state'][] = ['draft', 'awaiting-approval', 'approved', 'failed', 'needs-review'];

/** What the row's state allows, in the order its buttons show. */
export function rowCommands(row: OutboxRow, h: RowHandlers): RowCommand[] {
  const list: RowCommand[] = [];
  const add = (id: string, label: string, run: () => Promise<void>, extra: Partial<RowCommand> = {}) =>
    list.push({ id: `outbox:${id}`, label, run, ...extra });
  const { approval, reject, change } = h;

  // A row handed to a team workspace is decided there, by its approvers: its drafter may only
  // withdraw it while it waits, and its copy here follows what the workspace records.
  if (row.team) {
    // main asks the person in its own window, listing the row, before it signs the cancellation.
    if (row.state === 'awaiting-approval') add('cancel', 'Cancel', () => h.run(rowActions.cancel(row)));
    return list;
  }

  if (row.state === 'draft') add('submit', 'Submit for approval', () => h.run(rowActions.submit(row)));
  if (row.state === 'awaiting-approval') {
    if ('hash' in approval)
      add('approve', 'Approve', () => h.run(rowActions.approve(row, approval.hash)), { primary: true });
    else add('approve', 'Approve', async () => undefined, { primary: true, unavailable: approval.unavailable });
    if (reject) add('reject', 'Reject', async () => reject());
  }
  if (row.state === 'approved') add('send-now', 'Send now', () => h.run(rowActions.sendNow(row)));
  if (row.state === 'failed') add('reopen', 'Reopen as draft', () => h.run(rowActions.reopen(row)));
  if (row.kind !== 'note' && CHANGEABLE.includes(row.state) && change)
    add('change-amount', 'Change amount', async () => change());
  if (row.state === 'needs-review') {
    add('mark-sent', 'Mark as sent', () => h.run(rowActions.markSent(row)));
    add('send-again', 'Send again', async () => h.confirmSendAgain());
  }
  if (CANCELABLE.includes(row.state)) add('cancel', 'Cancel', () => h.run(rowActions.cancel(row)));
  return list;
}
