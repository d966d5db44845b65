import type { DirectoryView, HandlersOf, workspaceChannels } from '../../../shared/ipc';
import { serviceOf } from '../../../shared/service-address';
import { verifyAudit } from '../../../shared/team/audit';
import type { CoreContext } from '../context';
import { readChain } from '../../workspace/chain-append';
import { cancelRow, reviewRow } from '../../workspace/claims';
import {
  addLogin,
  joinRequests,
  memberView,
  registerMember,
  setMemberRole,
  setPolicy,
} from '../../workspace/directory-ops';
import { nodeTeamCrypto } from '../../workspace/keys';
import { decide, push, signDrafts } from '../../workspace/queue-ops';
import { cancelQuestion, confirmOrThrow, listedView, loginQuestion, reviewQuestion } from '../../workspace/questions';
import { readRows } from '../../workspace/row-reads';
import { WorkspaceError } from '../../workspace/workspace-error';
import { HandlerError } from '../../errors/handler-error';

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
  /** The service a profile sends to, as main knows the profile (never as the page says it). */
  const serviceOfProfile = (profileId: string) => {
    const profile = ctx.store.get(profileId);
    if (!profile)
      throw new HandlerError('profile-mismatch', 'That profile no longer exists (it was deleted). Nothing was signed.');
    return serviceOf(profile);
  };
  return {
    'workspace:list': () => ws.list(),
    'workspace:binding': ({ profileId }) => ws.coverage(serviceOfProfile(profileId)),
    'workspace:create': ({ name, adminName, host, port, database, ownerUser, ownerPassword, caCert }) =>
      ws.create({
        name,
        adminName,
        owner: { host, port, database, user: ownerUser, ...(caCert ? { caCert } : {}) },
        ownerPassword,
      }),
    'workspace:join': ({ host, port, database, user, password, caCert, name }) =>
      ws.join({ address: { host, port, database, user, ...(caCert ? { caCert } : {}) }, password, name }),
    'workspace:upgrade': ({ workspaceId, ownerUser, ownerPassword }) =>
      ws.upgrade(workspaceId, { user: ownerUser, password: ownerPassword }),
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
      await confirmOrThrow(ctx.prompt, loginQuestion(l.stored.name), 'No login was made');
      return addLogin(l.session, l.stored.database, l.directory, actor);
    },
    'workspace:register': async ({ workspaceId, dbRole, role }) => {
      const { l, actor } = await online(workspaceId);
      return memberView(
        await registerMember(l.session, ws.pinned(l.stored), l.directory, actor, ctx.prompt, dbRole, role),
      );
    },
    'workspace:setRole': async ({ workspaceId, memberId, role }) => {
      const { l, actor } = await online(workspaceId);
      return memberView(
        await setMemberRole(l.session, ws.pinned(l.stored), l.directory, actor, ctx.prompt, memberId, role),
      );
    },
    'workspace:setPolicy': async ({ workspaceId, service, defaultApprovals, rules }) => {
      const { l, actor } = await online(workspaceId);
      return setPolicy(l.session, ws.pinned(l.stored), l.directory, actor, ctx.prompt, {
        service,
        defaultApprovals,
        rules,
      });
    },
    'workspace:signDrafts': async ({ profileId, drafts }) => {
      const service = serviceOfProfile(profileId);
      const binding = await ws.coverage(service);
      if (binding.kind === 'unsure') throw new WorkspaceError('refused', `Nothing was signed: ${binding.problem}`);
      if (binding.kind === 'solo')
        throw new WorkspaceError(
          'refused',
          'Nothing was signed: no team workspace approves this profile’s transfers and payments; they are approved on this desktop.',
        );
      const payer = await ctx.payers.of(profileId);
      // The draft names the account that pays, so that only a desktop holding that account's key sends it (another company's key at the same address never does).
      if (!payer)
        throw new WorkspaceError(
          'unreachable',
          'Nothing was signed: the service could not be asked which account this profile’s key pays from, and a team’s draft names it. Your drafts are kept; try again when the service answers.',
        );
      const { l, actor } = await anyway(binding.workspaceId);
      const signed = await signDrafts(l.directory, actor, ctx.prompt, l.stored.name, service, payer, drafts);
      await ws.drafted(
        l,
        service,
        signed.map((d, i) => ({ rowId: d.rowId, key: drafts[i]?.idempotencyKey ?? '' })),
      );
      return { workspaceId: binding.workspaceId, service, signed };
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
      const viewer = await ws.actor(l).then(
        (a) => a.memberId,
        () => undefined,
      );
      return l.session.run((pool) => readRows(pool, l.directory, viewer, filter));
    },
    'workspace:review': async ({ workspaceId, rowId, found, checked }) => {
      const { l, actor } = await online(workspaceId);
      const [row] = await l.session.run((pool) =>
        readRows(pool, l.directory, actor.memberId, { rowIds: [rowId], includeClosed: true }),
      );
      if (!row || row.state !== 'needs-review' || row.history.reviewing === null)
        throw new WorkspaceError(
          'conflict',
          'That row does not wait for a review (it was reviewed or settled meanwhile): nothing was signed.',
        );
      const settles = row.history.reviewing;
      await confirmOrThrow(ctx.prompt, reviewQuestion(listedView(row), found, checked), 'Nothing was recorded');
      return reviewRow(l.session, l.directory, actor, { rowId, found, checked, settles });
    },
    'workspace:cancel': async ({ workspaceId, rowId }) => {
      const { l, actor } = await online(workspaceId);
      const [row] = await l.session.run((pool) =>
        readRows(pool, l.directory, actor.memberId, { rowIds: [rowId], includeClosed: true }),
      );
      if (!row || row.state !== 'open') return { canceled: false };
      await confirmOrThrow(ctx.prompt, cancelQuestion(listedView(row)), 'Nothing was canceled');
      return cancelRow(l.session, l.directory, actor, rowId, row.payloadHash);
    },
    'workspace:audit': async ({ workspaceId }) => {
      const l = await ws.refresh(workspaceId);
      const rows = await l.session.run((pool) => readChain(pool, 'audit'));
      const audit = verifyAudit({
        workspaceId,
        rows,
        members: l.directory.members,
        remembered: l.stored.heads.audit,
        crypto: nodeTeamCrypto,
      });
      // The head moves on past an entry that does not count (it stays reported): only a chain cut back or replaced behind it holds it.
      if (!audit.rolledBack) await ws.rememberAudit(l, audit.head);
      return audit;
    },
  };
}
