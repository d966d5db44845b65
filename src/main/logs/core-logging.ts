import { join } from 'node:path';
import type { EventName, Events } from '../../shared/ipc';
import { AppLog } from './app-log';
import type { LogBounds } from './log-files';
import { PageLines } from './page-lines';
import { SyncFigures } from './sync-figures';

/** What main's core logs with: the log, the pages' allowance into it, the last syncs' figures. */
export interface CoreLogging {
  log: AppLog;
  pageLines: PageLines;
  syncFigures: SyncFigures;
  /** Logs what an event to the windows says about a connection (a profile's service, a team workspace). */
  heard<E extends EventName>(event: E, payload: Events[E]): void;
}

export function coreLogging(userDataDir: string, now: () => number, bounds?: LogBounds): CoreLogging {
  const log = new AppLog({ dir: join(userDataDir, 'logs'), ...(bounds ? { bounds } : {}) });
  return {
    log,
    pageLines: new PageLines(log, now),
    syncFigures: new SyncFigures(),
    heard(event, payload) {
      if (event === 'connectivity:changed') {
        const s = payload as Events['connectivity:changed'];
        log.write(
          s.state === 'online' ? 'info' : 'warn',
          'main',
          'connection.changed',
          {
            state: s.state,
            ...(s.reason ? { reason: s.reason } : {}),
          },
          s.profileId,
        );
      } else if (event === 'workspace:connectivity') {
        const w = payload as Events['workspace:connectivity'];
        log.write(w.state === 'online' ? 'info' : 'warn', 'main', 'workspace.connection', {
          workspace: w.workspaceId,
          state: w.state,
          ...(w.reason ? { reason: w.reason } : {}),
        });
      } else if (event === 'profiles:changed') {
        const p = payload as Events['profiles:changed'];
        log.info('profiles.changed', { count: p.profiles.length, active: p.activeProfileId });
      }
    },
  };
}
