import { DEMO_SERVICE } from '../../../../shared/service-address';

/** A workspace joined on this desktop, as far as choosing where a profile's drafts go needs it. */
export interface JoinedWorkspace {
  id: string;
  name: string;
  /** This desktop's member record is registered and active (it can sign). */
  canSign: boolean;
  /** The services its signed directory holds a policy for; null when the directory could not be read now. */
  policyServices: ReadonlySet<string> | null;
}

export type TeamBinding =
  /** No workspace covers this service: the profile's own approval rule, as without a workspace. */
  | { kind: 'solo' }
  | { kind: 'team'; workspaceId: string; name: string }
  /** A workspace covers it but this desktop cannot use it now, or which one cannot be told: nothing is queued. */
  | { kind: 'unsure'; problem: string };

/**
 * Which workspace a profile's transfers and payments go to. A workspace whose directory holds a
 * policy for the service covers it (an admin set one for exactly this service); with none naming
 * it, a single joined workspace covers every service it can reach. Never solo when a workspace
 * may cover the service but this desktop cannot tell or cannot sign there: a draft that should
 * need a second person must never be approved alone because a directory was out of reach. The
 * Demo sends to this computer only, and stays solo.
 */
export function teamBinding(service: string, joined: readonly JoinedWorkspace[]): TeamBinding {
  if (service === DEMO_SERVICE || joined.length === 0) return { kind: 'solo' };
  const named = joined.filter((w) => w.policyServices?.has(service));
  const unknown = joined.filter((w) => w.policyServices === null);
  let chosen: JoinedWorkspace | undefined;
  if (named.length > 1) return { kind: 'unsure', problem: `Both ${named[0]?.name} and ${named[1]?.name} hold an approval policy for ${service}: leave one of them in Settings, or ask an admin to remove the policy from one.` };
  if (named.length === 1) chosen = named[0];
  else if (joined.length === 1) chosen = joined[0];
  else if (unknown.length > 0) return { kind: 'unsure', problem: `${unknown[0]?.name} cannot be read now, so this desktop cannot tell which workspace approves ${service}. Try again when it is reachable.` };
  else return { kind: 'solo' };
  if (!chosen) return { kind: 'solo' };
  if (!chosen.canSign) return { kind: 'unsure', problem: `This desktop cannot sign in ${chosen.name} yet (an admin registers its key first, or it was removed): nothing was queued.` };
  return { kind: 'team', workspaceId: chosen.id, name: chosen.name };
}
