import type { TeamQueueView } from '../../team/commands/useTeamQueue';

/**
 * The inbox's line about the team workspace, in words: which workspace decides, and why its
 * rows may be stale or waiting. Null when no workspace covers the profile (solo says nothing).
 */
export function teamStatusWords(view: TeamQueueView): { text: string; problem: boolean } | null {
  if (view.kind === 'solo' || view.kind === 'loading') return null;
  if (view.kind === 'unsure') return { text: view.problem, problem: true };
  const name = view.workspace.name;
  const reason = view.connectivity.reason ? ` (${view.connectivity.reason})` : '';
  if (view.connectivity.state === 'offline') {
    return {
      text: `${name}, the team workspace, is unreachable${reason}: approvals are signed here and reach it when it returns, and approved rows wait to be sent until then.`,
      problem: true,
    };
  }
  if (view.connectivity.state === 'degraded')
    return {
      text: `${name}, the team workspace, answers but refuses this desktop${reason}. Approvals are kept here until it accepts them.`,
      problem: true,
    };
  if (view.error !== null)
    return { text: `The team workspace’s queue could not be read: ${view.error}`, problem: true };
  if (view.workspace.me.member === null)
    return {
      text: `${name} decides this profile’s transfers and payments; this desktop waits for an admin to register it.`,
      problem: true,
    };
  return {
    text: `${name}, the team workspace, decides this profile’s transfers and payments: you are ${article(view.workspace.me.member.role)} ${view.workspace.me.member.role} there.`,
    problem: false,
  };
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');
