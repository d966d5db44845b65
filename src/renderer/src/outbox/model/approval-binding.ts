import type { OutboxRow } from '../../../../shared/outbox';
import { canonicalJson, sha256Hex } from './payload-hash';

/** What the binding needs of a profile. */
export interface ServiceOf {
  kind: 'demo' | 'live';
  baseUrl: string;
}

/** The Demo's sandbox moves to a new port at every start; it is still the same service. */
export const DEMO_SERVICE = 'demo';

/**
 * The service a profile sends to, as approvals are bound to it: the base URL's origin and path
 * with the host in ASCII (punycode), so a look-alike host is a different service and one
 * address written two ways is the same.
 */
export function serviceOf(profile: ServiceOf): string {
  if (profile.kind === 'demo') return DEMO_SERVICE;
  const url = new URL(profile.baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The service as a person reads it in a reason. */
export function serviceLabel(service: string | undefined): string {
  if (service === undefined) return 'an earlier address';
  return service === DEMO_SERVICE ? 'the Demo service' : service;
}

/** What an approval is bound to: the row's profile and kind, its exact payload, and the service. */
export function approvalHash(row: Pick<OutboxRow, 'profileId' | 'kind' | 'payload'>, service: string): Promise<string> {
  return sha256Hex(canonicalJson({ profileId: row.profileId, kind: row.kind, service, payload: row.payload }));
}
