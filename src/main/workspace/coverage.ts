import type { TeamBinding } from '../../shared/ipc/workspace';
import { DEMO_SERVICE } from '../../shared/service-address';

/** A workspace joined on this desktop, as far as deciding which services it covers needs it. */
export interface JoinedWorkspace {
  id: string;
  name: string;
  /** This desktop's member record is registered and active (it can sign). */
  canSign: boolean;
  /** Its verified directory's policies' services, and those it covered here before (kept in workspaces.json). */
  services: ReadonlySet<string>;
  /** Its directory could not be verified (broken): which services it names cannot be told. */
  unreadable: boolean;
}

/**
 * Which workspace approves a service's transfers and payments on this desktop, decided in main
 * (the page only asks): a workspace that names the service covers it (an admin set its policy
 * there, or this desktop drafted for it there); with none naming it, a single joined workspace
 * covers every service. Never solo when a workspace may cover the service but this desktop cannot
 * tell or cannot sign there: a row that should need a second person is never approved alone
 * because a directory could not be read. The Demo sends to this computer only, and stays solo.
 */
export function coverageOf(service: string, joined: readonly JoinedWorkspace[]): TeamBinding {
  if (service === DEMO_SERVICE || joined.length === 0) return { kind: 'solo' };
  const named = joined.filter((w) => w.services.has(service));
  if (named.length > 1)
    return {
      kind: 'unsure',
      problem: `Both ${named[0]?.name} and ${named[1]?.name} approve ${service}: leave one of them in Settings, or ask an admin to remove the policy from one.`,
    };
  let chosen = named[0];
  if (!chosen && joined.length === 1) chosen = joined[0];
  if (!chosen) {
    const unreadable = joined.find((w) => w.unreadable);
    if (unreadable)
      return {
        kind: 'unsure',
        problem: `The directory of ${unreadable.name} cannot be trusted now, so this desktop cannot tell which workspace approves ${service}.`,
      };
    return { kind: 'solo' };
  }
  if (!chosen.canSign)
    return {
      kind: 'unsure',
      problem: `This desktop cannot sign in ${chosen.name} yet (an admin registers its key first, or it was removed): nothing is queued or sent alone.`,
    };
  return { kind: 'team', workspaceId: chosen.id, name: chosen.name };
}
