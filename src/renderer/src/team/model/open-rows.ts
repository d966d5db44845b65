import type { TeamRowView } from '../../../../shared/ipc/workspace';

/** Rows the inbox lists: open in the workspace, or waiting there for a person. */
export const isListed = (row: TeamRowView): boolean => row.state === 'open' || row.state === 'needs-review';

/** The workspace's order: by when each row was written there, then by id. */
function workspaceOrder(a: TeamRowView, b: TeamRowView): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface AfterRead {
  /** The open rows now, in the workspace's order; a row the read did not touch is the same object as before. */
  open: TeamRowView[];
  /** Rows listed before that the read found closed (sent, failed, canceled, never), in the order they were listed. */
  closed: TeamRowView[];
}

/**
 * The open queue after reading again only the rows a change named (`asked`, read with closed
 * ones included): each named row takes its new state, joins the list when it is new and open,
 * or leaves it (into `closed` when it was listed and has closed). A named row the read did not
 * return (another service's) is left out. Rows nobody named stay as they were, the same objects,
 * so what shows them need not draw them again.
 */
export function withRowsRead(
  before: readonly TeamRowView[],
  read: readonly TeamRowView[],
  asked: Iterable<string>,
): AfterRead {
  const named = new Set(asked);
  const fresh = new Map(read.filter((r) => named.has(r.id)).map((r) => [r.id, r]));
  const open: TeamRowView[] = [];
  const closed: TeamRowView[] = [];
  for (const row of before) {
    if (!named.has(row.id)) {
      open.push(row);
      continue;
    }
    const now = fresh.get(row.id);
    fresh.delete(row.id);
    if (!now) continue;
    if (isListed(now)) open.push(now);
    else closed.push(now);
  }
  const added = [...fresh.values()].filter(isListed);
  if (added.length === 0) return { open, closed };
  return { open: [...open, ...added].sort(workspaceOrder), closed };
}
