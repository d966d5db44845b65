import { outboxDb } from '../../../src/renderer/src/db/outbox-db';
import * as repo from '../../../src/renderer/src/outbox/repo/outbox-repo';
import { keepDecisions, unpushedItems } from '../../../src/renderer/src/team/repo/team-repo';
import {
  handRowToTeam,
  mirrorTeamOutcome,
  mirrorTeamOutcomes,
  type TeamClosingOf,
} from '../../../src/renderer/src/team/repo/team-rows-repo';
import { pushProfile, type PushCall } from '../../../src/renderer/src/team/commands/pusher';
import type { PushItemResult } from '../../../src/shared/ipc/workspace';
import { expose } from './expose';
import { sortedJson, statement } from '../../support/signed-text';

const SVC = 'https://svc.example';
const ADA = { user: 'ada', machine: 'ledger-1' };

/** What the scripted workspace answers: per call, 'unreachable' or how it takes each item (by id). */
type Script = ('unreachable' | Record<string, PushItemResult['status']>)[];

expose({
  async reset(profileId: string) {
    await outboxDb(profileId).delete();
  },
  /** A transfer drafted and handed to the workspace with a signed draft (its text stands in for main's). */
  async handed(profileId: string, workspaceId: string, amountCents: number, now: number) {
    const row = await repo.createDraft(
      profileId,
      { kind: 'transfer', payload: { source: 'va_a', destination: 'va_b', amountCents } },
      now,
    );
    const draft = { text: `draft of ${row.id}`, signature: 'sig', payload: sortedJson(row.payload) };
    const handed = await handRowToTeam(profileId, row.id, workspaceId, draft, now);
    return {
      id: row.id,
      state: handed.state,
      team: handed.team,
      audit: (await repo.listAudit(profileId)).filter((a) => a.rowId === row.id).map((a) => `${a.action}: ${a.detail}`),
    };
  },
  /** Tries to approve a handed row on this desktop, as the solo inbox would: the refusal's words. */
  async approveHere(profileId: string, rowId: string) {
    const { refused } = await repo.approveRows(profileId, [{ rowId, shownHash: 'h' }], ADA, SVC);
    return refused.map((r) => r.error.message);
  },
  /** A decision as main signs it, kept in the offline copy; returns its id. */
  async decided(profileId: string, workspaceId: string, rowId: string, n: number) {
    const id = `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`;
    const text = statement('decision', {
      workspace: workspaceId,
      id,
      row: rowId,
      payloadHash: 'a'.repeat(64),
      service: SVC,
      policyVersion: 0,
      decision: 'approve',
      by: '00000000-0000-4000-8000-000000000001',
      at: '2026-03-08T01:30:00.000Z',
    });
    await keepDecisions(profileId, workspaceId, [{ text, signature: 'sig' }]);
    return id;
  },
  /** How the workspace closed some rows, taken by their copies: one alone first when `first` is given, then all together. */
  async mirrored(profileId: string, closings: TeamClosingOf[], first: TeamClosingOf | null, now: number) {
    if (first) await mirrorTeamOutcome(profileId, first.rowId, first.outcome, first.detail, now);
    const moved = await mirrorTeamOutcomes(profileId, closings, now);
    const states = await Promise.all(
      closings.map(async (c) => (await repo.getRow(profileId, c.rowId))?.state ?? 'missing'),
    );
    const audit = (await repo.listAudit(profileId))
      .filter((a) => closings.some((c) => c.rowId === a.rowId))
      .map((a) => `${a.action}: ${a.detail}`);
    return { moved, states, audit };
  },
  unpushed: async (profileId: string, workspaceId: string) =>
    (await unpushedItems(profileId, workspaceId)).map((i) => `${i.type} ${i.id}`),
  kept: async (profileId: string) =>
    (await outboxDb(profileId).team.toArray()).map((i) => ({ id: i.id, pushed: i.pushed, problem: i.problem ?? null })),
  /** Pushes through a scripted workspace; returns the report and what each call carried. */
  async push(profileId: string, workspaceId: string, script: Script) {
    const calls: { drafts: string[]; decisions: number }[] = [];
    let next = 0;
    const call: PushCall = async (arg) => {
      calls.push({ drafts: arg.drafts.map((d) => d.text), decisions: arg.decisions.length });
      const answer = script[next++];
      if (answer === undefined) throw new Error('the script has no answer for this call');
      if (answer === 'unreachable')
        return {
          ok: false,
          error: {
            code: 'workspace',
            message: 'The workspace is unreachable.',
            workspace: { kind: 'unreachable', retryable: true },
          },
        };
      const idOf = (text: string) =>
        /draft of (.+)$/.exec(text)?.[1] ?? (JSON.parse(text.slice(text.indexOf('\n') + 1)) as { id: string }).id;
      const result = (text: string): PushItemResult => {
        const id = idOf(text);
        const status = answer[id] ?? 'added';
        return status === 'refused'
          ? { id, status, problem: 'Another row already uses this id or idempotency key.' }
          : { id, status };
      };
      return {
        ok: true,
        value: { drafts: arg.drafts.map((d) => result(d.text)), decisions: arg.decisions.map((d) => result(d.text)) },
      };
    };
    const report = await pushProfile(profileId, workspaceId, call);
    return { report, calls };
  },
});
