import type { Webhook } from '../../../../shared/service';

/**
 * The cached webhooks as the screen shows them: active ones, newest first, and apart from them
 * the archived ones, most recently archived first. Archiving sets `archivedAt` (docs/service.md, "Webhooks");
 * the reference's `status` is the delivery status and never says "archived".
 */
export interface WebhookLists {
  active: Webhook[];
  archived: Webhook[];
}

const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

export function isArchived(w: Webhook): boolean {
  return typeof w.archivedAt === 'string' && w.archivedAt !== '';
}

export function splitWebhooks(items: readonly Webhook[]): WebhookLists {
  const byId = (a: Webhook, b: Webhook) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const active = items
    .filter((w) => !isArchived(w))
    .sort((a, b) => newestFirst(a.createdAt, b.createdAt) || byId(a, b));
  const archived = items
    .filter(isArchived)
    .sort((a, b) => newestFirst(a.archivedAt ?? '', b.archivedAt ?? '') || byId(a, b));
  return { active, archived };
}

/** The reason the webhook was archived, when the service's answer carries one (the reference does not promise it). */
export function archiveReason(w: Webhook): string | undefined {
  const reason: unknown = w.reason;
  return typeof reason === 'string' && reason.trim() ? reason : undefined;
}
