import { z } from 'zod';
import { Cursor, Id } from './common';

export const Webhook = z.looseObject({
  id: z.string(),
  createdAt: z.string(),
  archivedAt: z.string().nullish(),
  url: z.string(),
  name: z.string(),
  status: z.string().optional(),
});
export type Webhook = z.infer<typeof Webhook>;

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

export const WebhookCreate = z.object({
  url: z.string().max(2048).refine(isHttpUrl, 'url must be an absolute http(s) URL'),
  name: z.string().min(1).max(200),
  legalEntityId: Id.optional(),
});
export type WebhookCreate = z.infer<typeof WebhookCreate>;

export const WebhookUpdate = z.object({
  status: z.literal('archived'),
  reason: z.string().max(1000).optional(),
});
export type WebhookUpdate = z.infer<typeof WebhookUpdate>;

export const WebhookListQuery = z.object({
  cursor: Cursor.optional(),
  'filter:legalEntityId': Id.optional(),
});
