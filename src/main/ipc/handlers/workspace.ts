import type { DirectoryView, HandlersOf, workspaceChannels } from '../../../shared/ipc';
import { verifyAudit } from '../../../shared/team/audit';
import type { CoreContext } from '../../core/context';
import { readChain } from '../../workspace/chain-append';
import { cancelRow, claimRow, claimRows, recordOutcome, recordOutcomes, renewLease } from '../../workspace/claims';
import { addLogin, joinRequests, memberView, registerMember, setMemberRole, setPolicy } from '../../workspace/directory-ops';
import { nodeTeamCrypto } from '../../workspace/keys';
import { decide, push, readRows, signDraft } from '../../workspace/queue-ops';

export function workspaceHandlers(ctx: CoreContext): HandlersOf<typeof workspaceChannels> {
  const ws = ctx.workspaces;
  /** The workspace with its directory verified now, and this desktop as a member of it. */
  const online = async (workspaceId: string) => {
    const l = await ws.refresh(workspaceId);
    return { l, actor: await ws.actor(l) };
  };
  /** The same, from the directory verified last when the workspace does not answer (signing works offline). */
  const anyway = async (workspaceId: string) => {
    const l = await ws.freshOrCached(workspaceId);
    return { l, actor: await ws.actor(l) };
  };
  return {
    'workspace:list': () => ws.list(),
    'workspace:create': ({ name, adminName, host, port, database, ownerUser, ownerPassword, caCert }) =>
      ws.create({ name, adminName, owner: { host, port, database, user: ownerUser, ...(caCert ? { caCert } : {}) }, ownerPassword }),
    'workspace:join': ({ host, port, database, user, password, caCert, name }) => ws.join({ address: { host, port, database, user, ...(caCert ? { caCert } : {}) }, password, name }),
    'workspace:upgrade': ({ workspaceId, ownerUser, ownerPassword }) => ws.upgrade(workspaceId, { user: ownerUser, password: ownerPassword }),
    'workspace:leave': ({ workspaceId }) => ws.leave(workspaceId),
    'workspace:check': async ({ workspaceId }) => (await ws.get(workspaceId)).session.check(),
    'workspace:directory': async ({ workspaceId }): Promise<DirectoryView> => {
      const l = await ws.refresh(workspaceId);
      const d = l.directory;
      return {
        members: [...d.members.values()].map(memberView),
        policies: [...d.policies.values()],
        joinRequests: await joinRequests(l.session, d),
        ignored: d.ignored,
        broken: d.broken,
        head: d.head,
      };
    },
    'workspace:addLogin': async ({ workspaceId }) => {
      const { l, actor } = await online(workspaceId);
      return addLogin(l.session, l.stored.database, l.directory, actor);
    },
    'workspace:register': async ({ workspaceId, dbRole, role }) => {
      const { l, actor } = await online(workspaceId);
      return memberView(await registerMember(l.session, ws.pinned(l.stored), l.directory, actor, ctx.prompt, dbRole, role));
    },
    'workspace:setRole': async ({ workspaceId, memberId, role }) => {
      const { l, actor } = await online(workspaceId);
      return memberView(await setMemberRole(l.session, ws.pinned(l.stored), l.directory, actor, ctx.prompt, memberId, role));
    },
    'workspace:setPolicy': async ({ workspaceId, service, defaultApprovals, rules }) => {
      const { l, actor } = await online(workspaceId);
      return setPolicy(l.session, ws.pinned(l.stored), l.directory, actor, ctx.prompt, { service, defaultApprovals, rules });
    },
    'workspace:signDraft': async ({ workspaceId, ...draft }) => {
      const { l, actor } = await anyway(workspaceId);
      return signDraft(l.directory, actor, draft);
    },
    'workspace:decide': async ({ workspaceId, drafts, decision, reason }) => {
      const { l, actor } = await anyway(workspaceId);
      return decide(l.directory, actor, ctx.prompt, drafts, decision, reason);
    },
    'workspace:push': async ({ workspaceId, drafts, decisions }) => {
      const { l, actor } = await online(workspaceId);
      return push(l.session, l.directory, actor, { drafts, decisions });
    },
    'workspace:rows': async ({ workspaceId, ...filter }) => {
      const l = await ws.refresh(workspaceId);
      const viewer = await ws.actor(l).then((a) => a.memberId, () => undefined);
      return l.session.run((pool) => readRows(pool, l.directory, viewer, filter));
    },
    'workspace:claim': async ({ workspaceId, rowId, leaseMs, review }) => {
      const { l, actor } = await online(workspaceId);
      return claimRow(l.session, l.directory, actor, { rowId, leaseMs, ...(review !== undefined ? { review } : {}) });
    },
    'workspace:claimMany': async ({ workspaceId, rowIds, leaseMs }) => {
      const { l, actor } = await online(workspaceId);
      return claimRows(l.session, l.directory, actor, { rowIds, leaseMs });
    },
    'workspace:outcomes': async ({ workspaceId, outcomes }) => {
      const { l, actor } = await online(workspaceId);
      return recordOutcomes(l.session, l.directory, actor, outcomes);
    },
    'workspace:renew': async ({ workspaceId, ...input }) => renewLease((await ws.get(workspaceId)).session, input),
    'workspace:outcome': async ({ workspaceId, ...input }) => {
      const { l, actor } = await online(workspaceId);
      return recordOutcome(l.session, l.directory, actor, input);
    },
    'workspace:cancel': async ({ workspaceId, rowId }) => {
      const { l, actor } = await online(workspaceId);
      return cancelRow(l.session, l.directory, actor, rowId);
    },
    'workspace:audit': async ({ workspaceId }) => {
      const l = await ws.refresh(workspaceId);
      const rows = await l.session.run((pool) => readChain(pool, 'audit'));
      const audit = verifyAudit({ workspaceId, rows, members: l.directory.members, remembered: l.stored.heads.audit, crypto: nodeTeamCrypto });
      if (audit.breaks.length === 0) await ws.rememberAudit(l, audit.head);
      return audit;
    },
  };
}
