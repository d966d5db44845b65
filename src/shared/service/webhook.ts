import { z } from 'zod';
import { MAX_WEBHOOK_URL } from '../webhook-url';
import { Cursor, Id } from './common';
import { Code, FreeText, NameText, ServiceId, shownText } from './text';

export const Webhook = z.object({
  id: ServiceId,
  createdAt: Code,
  archivedAt: Code.nullish(),
  /** Only shown: the app never sends it back, so it is cleaned like a name. */
  url: shownText(MAX_WEBHOOK_URL),
  name: NameText,
  status: Code.optional(),
  /** Why it was archived, when the service's answer carries it (the reference does not promise it). */
  reason: FreeText.optional(),
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
  url: z.string().max(MAX_WEBHOOK_URL).refine(isHttpUrl, 'url must be an absolute http(s) URL'),
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
