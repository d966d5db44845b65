import type { demoChannels, HandlersOf } from '../../../shared/ipc';
import type { DemoTeam } from '../../demo-team/demo-team';

/** Settings → the Demo: whether it runs with its simulated team, and what that team is doing. */
export type DemoTeamChannel = 'demo:teamStatus' | 'demo:setTeam';

export function demoTeamHandlers(team: DemoTeam): Pick<HandlersOf<typeof demoChannels>, DemoTeamChannel> {
  return {
    'demo:teamStatus': () => team.status(),
    'demo:setTeam': ({ enabled }) => team.setEnabled(enabled),
  };
}
