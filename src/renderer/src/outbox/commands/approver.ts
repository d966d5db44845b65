import type { Approver } from '../../../../shared/outbox';
import { callMain } from '../../platform/bridge';

let cached: Promise<Approver> | null = null;

/** Who approves from this window: the OS user and machine as main reports them (asked once). */
export function currentApprover(): Promise<Approver> {
  cached ??= callMain((api) => api.app.identity()).then((r) => {
    if (r.ok) return r.value;
    cached = null;
    throw new Error(`Could not tell who is approving: ${r.error.message}`);
  });
  return cached;
}
