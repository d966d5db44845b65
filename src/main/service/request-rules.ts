import type { EndpointName } from '../../shared/service';
import { webhookHref, webhookUrlProblem } from '../../shared/webhook-url';
import { InvalidRequest } from './request';

/**
 * Rules main applies to a request body on top of the endpoint's schema, whichever channel the
 * call came through (a form, an entity write, the generic service call): the schema is the
 * service's contract, these are what this app agrees to send.
 */
export interface RequestRules {
  /** Webhooks may point at this computer or a private network: the Demo's service runs here. */
  allowLocalWebhookHosts: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A webhook is registered only at an address the shared rule accepts, and as the URL parser
 * serializes it: what the service stores is what was checked, never the string as typed.
 */
function webhookBody(body: unknown, rules: RequestRules): unknown {
  if (!isRecord(body) || typeof body['url'] !== 'string') return body;
  const url = body['url'].trim();
  const problem = webhookUrlProblem(url, { allowLocalHosts: rules.allowLocalWebhookHosts });
  if (problem) throw new InvalidRequest(`The webhook address was refused: ${problem} Nothing was sent.`);
  return { ...body, url: webhookHref(url) };
}

/** The body to validate and send for `name`; throws InvalidRequest (nothing sent) when a rule refuses it. */
export function applyRequestRules(name: EndpointName, body: unknown, rules: RequestRules): unknown {
  return name === 'createWebhook' ? webhookBody(body, rules) : body;
}
