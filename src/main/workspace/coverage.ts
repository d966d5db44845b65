import type { MoneyRefusal } from '../../shared/ipc';
import type { TeamBinding } from '../../shared/ipc/workspace';
import { DEMO_SERVICE } from '../../shared/service-address';

// Why a service is neither solo nor a workspace's here (TeamBinding 'unsure'): main refuses its
// solo rows, and the page shows the words.
export const DAMAGED_FILE =
  'this desktop cannot read its team workspace settings (workspaces.json in the app’s data folder is damaged), so it cannot tell which services a team approves; nothing is sent alone until it can. Join your team workspace again in Settings (the damaged file is then set aside), or put a good copy of the file back and restart the app.';
export const TOO_LONG =
  'this profile’s service address is too long for this desktop to remember which workspace approves it (at most 2,048 characters once written as a URL); nothing is signed or sent alone for it. Give the profile a shorter address.';
export const DRAFTED_FOR_A_TEAM =
  'this desktop drafted this service’s transfers and payments for a team workspace it has not left, and that workspace is missing from its settings; a row approved here alone is not sent. Join the workspace again in Settings (leave it there to approve this profile’s rows alone again).';

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
  /** The Demo's team (src/main/demo): it covers the Demo alone, and nothing else. */
  demo: boolean;
}

/**
 * Which workspace approves a service's transfers and payments on this desktop, decided in main
 * (the page only asks): a workspace that names the service covers it (an admin set its policy
 * there, or this desktop drafted for it there); with none naming it, a single joined workspace
 * covers every service. Never solo when a workspace may cover the service but this desktop cannot
 * tell or cannot sign there: a row that should need a second person is never approved alone
 * because a directory could not be read. The Demo is covered by the Demo's own team only (solo
 * without one), and that team covers no other service.
 */
export function coverageOf(service: string, all: readonly JoinedWorkspace[]): TeamBinding {
  const joined = all.filter((w) => w.demo === (service === DEMO_SERVICE));
  if (joined.length === 0) return { kind: 'solo' };
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

/** Why main refuses a solo row: signed for a team here (`team-row`), or its service's binding is not solo; null when it may go. */
export function soloRefusalOf(why: 'team-row' | TeamBinding): { reason: MoneyRefusal; message: string } | null {
  if (why === 'team-row')
    return {
      reason: 'team-row',
      message:
        'Not sent: this row was drafted for a team workspace, where its approvers decide it; this desktop never sends it alone. Draft it again to send it another way.',
    };
  if (why.kind === 'team')
    return {
      reason: 'covered',
      message: `Not sent: ${why.name} approves this profile’s transfers and payments now, and sends them once its policy is met. A row approved on this desktop alone is not sent; draft it again to queue it there.`,
    };
  if (why.kind === 'unsure') return { reason: 'covered', message: `Not sent: ${why.problem}` };
  return null;
}
