import type { ArgOf, ChannelName, Events, Result, ResultOf } from '../../../shared/ipc';
import { bridge, callMain } from './bridge';

/**
 * The team workspace's channels (docs/team-workspace.md), typed from the contract: main performs
 * every workspace call and asks its own prompt where the person must confirm; the page only
 * asks. Here, in the ground layer, so the stores, the Settings screen and the outbox's sender
 * reach main through the same seam.
 */
type Call<C extends ChannelName> = Promise<Result<ResultOf<C>>>;
/** The argument of a workspace channel, as the renderer passes it. */
export type WorkspaceArg<C extends `workspace:${string}` & ChannelName> = ArgOf<C>;

export const workspaceCalls = {
  list: (): Call<'workspace:list'> => callMain((api) => api.workspace.list()),
  binding: (profileId: string): Call<'workspace:binding'> => callMain((api) => api.workspace.binding({ profileId })),
  create: (arg: WorkspaceArg<'workspace:create'>): Call<'workspace:create'> =>
    callMain((api) => api.workspace.create(arg)),
  join: (arg: WorkspaceArg<'workspace:join'>): Call<'workspace:join'> => callMain((api) => api.workspace.join(arg)),
  upgrade: (arg: WorkspaceArg<'workspace:upgrade'>): Call<'workspace:upgrade'> =>
    callMain((api) => api.workspace.upgrade(arg)),
  leave: (workspaceId: string): Call<'workspace:leave'> => callMain((api) => api.workspace.leave({ workspaceId })),
  check: (workspaceId: string): Call<'workspace:check'> => callMain((api) => api.workspace.check({ workspaceId })),
  directory: (workspaceId: string): Call<'workspace:directory'> =>
    callMain((api) => api.workspace.directory({ workspaceId })),
  addLogin: (workspaceId: string): Call<'workspace:addLogin'> =>
    callMain((api) => api.workspace.addLogin({ workspaceId })),
  register: (arg: WorkspaceArg<'workspace:register'>): Call<'workspace:register'> =>
    callMain((api) => api.workspace.register(arg)),
  setRole: (arg: WorkspaceArg<'workspace:setRole'>): Call<'workspace:setRole'> =>
    callMain((api) => api.workspace.setRole(arg)),
  setPolicy: (arg: WorkspaceArg<'workspace:setPolicy'>): Call<'workspace:setPolicy'> =>
    callMain((api) => api.workspace.setPolicy(arg)),
  signDrafts: (arg: WorkspaceArg<'workspace:signDrafts'>): Call<'workspace:signDrafts'> =>
    callMain((api) => api.workspace.signDrafts(arg)),
  decide: (arg: WorkspaceArg<'workspace:decide'>): Call<'workspace:decide'> =>
    callMain((api) => api.workspace.decide(arg)),
  push: (arg: WorkspaceArg<'workspace:push'>): Call<'workspace:push'> => callMain((api) => api.workspace.push(arg)),
  rows: (arg: WorkspaceArg<'workspace:rows'>): Call<'workspace:rows'> => callMain((api) => api.workspace.rows(arg)),
  review: (arg: WorkspaceArg<'workspace:review'>): Call<'workspace:review'> =>
    callMain((api) => api.workspace.review(arg)),
  cancel: (arg: WorkspaceArg<'workspace:cancel'>): Call<'workspace:cancel'> =>
    callMain((api) => api.workspace.cancel(arg)),
  audit: (workspaceId: string): Call<'workspace:audit'> => callMain((api) => api.workspace.audit({ workspaceId })),
};

/** Listens to main's workspace events; returns how to stop (a no-op without the bridge). */
export function onWorkspaceEvent<E extends 'workspace:connectivity' | 'workspace:changed'>(
  event: E,
  listener: (payload: Events[E]) => void,
): () => void {
  return bridge()?.on(event, listener) ?? (() => {});
}
