import { WebhookCreate, WebhookUpdate } from '../../../../shared/service';
import {
  isLocalHost,
  MAX_WEBHOOK_URL,
  URL_EXAMPLE,
  webhookHref,
  webhookUrlProblem,
  type WebhookUrlRules,
} from '../../../../shared/webhook-url';

/**
 * What the app accepts as a webhook before anything is sent. The shared schema is the service's
 * contract (any absolute http(s) URL); the app is stricter (src/shared/webhook-url.ts, which main
 * applies again to whatever reaches it), because a webhook's payloads carry the company's data to
 * whatever address is registered here.
 */

export const MAX_WEBHOOK_NAME = WebhookCreate.shape.name.maxLength ?? 200;
export { MAX_WEBHOOK_URL };
export const MAX_ARCHIVE_REASON = WebhookUpdate.shape.reason.unwrap().maxLength ?? 1000;

export { URL_EXAMPLE, isLocalHost, webhookUrlProblem };
export type UrlRules = WebhookUrlRules;

/** What is wrong with a webhook's name (trimmed), or undefined when the service will take it. */
export function webhookNameProblem(name: string): string | undefined {
  if (!name) return 'Give the webhook a name, e.g. "ERP sync".';
  if (name.length > MAX_WEBHOOK_NAME)
    return `A webhook name has at most ${MAX_WEBHOOK_NAME} characters; this one has ${name.length}.`;
  return undefined;
}

/** What is wrong with an archive reason (trimmed; optional), or undefined. */
export function archiveReasonProblem(reason: string): string | undefined {
  if (reason.length > MAX_ARCHIVE_REASON)
    return `A reason has at most ${MAX_ARCHIVE_REASON} characters; this one has ${reason.length}.`;
  return undefined;
}

export interface WebhookInput {
  name: string;
  url: string;
}

export interface WebhookFormProblems {
  name?: string;
  url?: string;
}

/** The form's problems by field, or the body to send when there are none: the name trimmed, the address as parsed. */
export function checkWebhookForm(
  input: WebhookInput,
  rules: UrlRules,
): { ok: true; body: { name: string; url: string } } | { ok: false; problems: WebhookFormProblems } {
  const name = input.name.trim();
  const url = input.url.trim();
  const problems: WebhookFormProblems = {};
  const nameProblem = webhookNameProblem(name);
  const urlProblem = webhookUrlProblem(url, rules);
  if (nameProblem) problems.name = nameProblem;
  if (urlProblem) problems.url = urlProblem;
  return nameProblem || urlProblem ? { ok: false, problems } : { ok: true, body: { name, url: webhookHref(url) } };
}
