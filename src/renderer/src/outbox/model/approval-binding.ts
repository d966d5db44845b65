import type { OutboxRow } from '../../../../shared/outbox';
import { DEMO_SERVICE, serviceOf, type ServiceOf } from '../../../../shared/service-address';
import { canonicalJson, sha256Hex } from './payload-hash';

// Written once in src/shared: the team workspace binds its policies and signatures to the same name.
export { DEMO_SERVICE, serviceOf, type ServiceOf };

/** The service as a person reads it in a reason. */
export function serviceLabel(service: string | undefined): string {
  if (service === undefined) return 'an earlier address';
  return service === DEMO_SERVICE ? 'the Demo (on this computer)' : service;
}

/** What an approval is bound to: the row's profile and kind, its exact payload, and the service. */
export function approvalHash(row: Pick<OutboxRow, 'profileId' | 'kind' | 'payload'>, service: string): Promise<string> {
  return sha256Hex(canonicalJson({ profileId: row.profileId, kind: row.kind, service, payload: row.payload }));
}
