import type { Webhook, WebhookCreate, WebhookUpdate } from '../../shared/service';
import { forbidden } from '../accounts/guards';
import { notFound } from '../http/errors';
import { paginate } from '../world/pagination';
import { mapPage, type ListPage } from './list-page';
import type { WebhookRecord } from '../world/records';
import type { World } from '../world/world';

/**
 * `status` is the delivery status, one of the reference's active, paused, backing-off, disabled
 * (`archived` is a value to send, not one the reference ever answers). The sandbox delivers
 * nothing, so it is always active. Archiving is the soft delete that archivedAt shows; archivedAt
 * is left out while the webhook is not archived (the reference types it as a string, never null).
 */
export function publicWebhook(w: WebhookRecord): Webhook {
  return {
    id: w.id,
    createdAt: w.createdAt,
    url: w.url,
    name: w.name,
    status: 'active',
    ...(w.archivedAt !== null ? { archivedAt: w.archivedAt } : {}),
  };
}

function requireWebhook(world: World, id: string): WebhookRecord {
  const w = world.webhooks.get(id);
  if (!w) throw notFound('webhook', id);
  return w;
}

/** legalEntityId defaults to the key's; any other is refused (the key cannot act for it). */
export function createWebhook(world: World, body: WebhookCreate): Webhook {
  if (body.legalEntityId !== undefined && body.legalEntityId !== world.legalEntity.id) {
    throw forbidden(
      `this API key belongs to legal entity ${world.legalEntity.id}; it cannot register webhooks for ${body.legalEntityId}`,
      { legalEntityId: body.legalEntityId },
    );
  }
  const w: WebhookRecord = {
    id: world.ids.next('wh'),
    legalEntityId: world.legalEntity.id,
    name: body.name,
    url: body.url,
    createdAt: world.clock.iso(),
    archivedAt: null,
  };
  world.webhooks.set(w.id, w);
  return publicWebhook(w);
}

/** Archived webhooks are listed too (with archivedAt); another legal entity's filter lists nothing. */
export function listWebhooks(
  world: World,
  query: { cursor?: string; 'filter:legalEntityId'?: string },
): ListPage<Webhook> {
  const le = query['filter:legalEntityId'] ?? world.legalEntity.id;
  const matching = [...world.webhooks.values()].filter((w) => w.legalEntityId === le);
  const page = paginate(matching, { cursor: query.cursor, pageSize: world.pageSize, key: (w) => w.createdAt });
  return mapPage(page, publicWebhook);
}

export function getWebhook(world: World, id: string): Webhook {
  return publicWebhook(requireWebhook(world, id));
}

/**
 * Archiving is one-way and idempotent: archiving an archived webhook answers 200 with it
 * unchanged (first archivedAt and reason kept), so a retried request whose answer was lost succeeds.
 */
export function archiveWebhook(world: World, id: string, body: WebhookUpdate): Webhook {
  const w = requireWebhook(world, id);
  if (w.archivedAt === null) {
    w.archivedAt = world.clock.iso();
    if (body.reason !== undefined) w.reason = body.reason;
  }
  return publicWebhook(w);
}
