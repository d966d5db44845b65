/**
 * `npm run bench:team [-- --rows 1000 --batch 100]`
 *
 * Issue 24's proof: a team's approvals shared between desktops on a real PostgreSQL, against the
 * solo outbox in the same run. One sandbox (in-process), one throwaway PostgreSQL cluster, and
 * desktops that are each the whole app: main's real core (its own data folder and keychain) and
 * the built renderer in Debian's Chromium (its own browser context, so its own IndexedDB).
 *
 *  1. The team (team-phase.ts): a drafter (the workspace's admin) and two approvers, set up
 *     through main's handlers, with a policy asking two approvers for the sandbox's service. The
 *     drafter imports `--rows` transfers on the Transfers screen; the first approver approves them
 *     in the Approvals inbox `--batch` at a time (checked, A, and main's prompts, which list at most
 *     12 rows each, so a batch is several questions), then the second,
 *     whose desktop alone sends (the others paused theirs). Each approval is timed from its
 *     question's confirmation to the row's new state painted on the other desktops (the drafter's
 *     and the other approver's inbox: "1 more approver", then approved or gone), in those pages
 *     (inbox-probe.ts). Then from the last approval until the sandbox's ledger holds every row
 *     and the workspace says each was sent.
 *  2. The baseline (solo-phase.ts): a desktop with no workspace, the same number of transfers
 *     imported and approved the same way, sent by its own outbox: from its last approval until
 *     the ledger holds every row and its outbox says each was sent.
 *
 * Answers first: every row moved money exactly once between the accounts drafted (distinct
 * amounts, and for the team the key the workspace holds), no other movement, each account's
 * balance changed by the drafted sum, every team row `sent` in the workspace. Then speed: p95
 * approval to shown <= 1 s (issue 24) on every observing desktop, and every team row sent within
 * SENT_BOUND_MS of the last approval. JSON lines on stdout, a summary last; exits 1 on a miss.
 * Record a run with `npm run bench:record -- docs/bench/team.jsonl npm run bench:team`.
 */
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../../../src/browser-host/find-chromium';
import { buildShim } from '../../../src/browser-host/shim-bundle';
import { startSandbox } from '../../../src/sandbox';
import { startPgCluster } from '../../support/pg-cluster';
import { emit, numberArg } from '../shared/io';
import { chromiumPath } from '../shared/lane-bench';
import { judgeLines, type BenchLine } from '../shared/line-verdict';
import { runSolo } from './solo-phase';
import { runTeam } from './team-phase';
import { planTransfers } from './transfers-plan';

/** Issue 24: an approval shows on every other desktop within a second (p95). */
const SHOWN_TARGET_P95_MS = 1_000;
/**
 * The team's sender looks for ready rows on every change a workspace announces and, failing
 * that, every 30 s (src/main/workspace/sending/team-sending.ts). Two such looks are 60 s: a tail longer than that means
 * rows waited for a look instead of being sent as they became ready.
 */
const SENT_BOUND_MS = 60_000;

const round = (ms: number) => Math.round(ms);

async function main(): Promise<void> {
  const rows = numberArg('rows', 1000, true);
  const batch = numberArg('batch', 100, true);
  if (batch < 1 || batch > 100)
    throw new Error(`--batch must be between 1 and 100 (rows a person checks before pressing A); got ${batch}`);
  const lines: BenchLine[] = [];
  const say = (line: BenchLine) => {
    lines.push(line);
    emit(line);
  };
  const sandbox = await startSandbox({ seed: 42, transactions: 500, validateResponses: false });
  const cluster = await startPgCluster();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs(['--disable-gpu']) });
  try {
    const plan = planTransfers(sandbox, rows);
    const shim = buildShim();

    const team = await runTeam(browser, shim, sandbox, cluster, plan.team, batch);
    const teamSent = team.states['sent'] ?? 0;
    const teamAnswers = [
      ...team.money.failures,
      ...(teamSent === rows
        ? []
        : [`the workspace says sent for ${teamSent} of ${rows} rows (${JSON.stringify(team.states)})`]),
    ];
    say({
      kind: 'team_answers',
      ...team.money,
      workspace_states: team.states,
      failures: teamAnswers,
      pass: teamAnswers.length === 0,
    });
    say({
      kind: 'team_drafting',
      rows,
      what: 'the drafter imports the CSV on the Transfers screen: each row signed in main and kept in the outbox',
      drafted_ms: round(team.drafted_ms),
      pushed_ms: round(team.pushed_ms),
    });
    for (const s of team.shown) {
      const missing = s.never_shown > 0 || s.n !== rows;
      say({
        kind: 'shown',
        scenario: `${s.phase}'s approvals on ${s.observer}'s desktop`,
        what: 'from the question that listed it confirmed in main’s prompt (12 rows at most) to the row’s new state painted in the inbox',
        batch,
        ...s,
        target_p95_ms: SHOWN_TARGET_P95_MS,
        pass: !missing && s.shown_otherwise === 0 && s.p95 <= SHOWN_TARGET_P95_MS,
      });
    }
    say({
      kind: 'team_sent',
      rows,
      what: 'from the last approval to every row in the ledger, then to the workspace saying sent for each',
      to_ledger_ms: round(team.to_ledger_ms),
      to_sent_ms: round(team.to_sent_ms),
      target_ms: SENT_BOUND_MS,
      key_to_confirm_max_ms: round(team.key_to_confirm_max_ms),
      pass: team.to_sent_ms <= SENT_BOUND_MS,
    });

    const solo = await runSolo(browser, shim, sandbox, plan.solo, batch);
    const soloAnswers = [
      ...solo.money.failures,
      ...(solo.sent_in_outbox === rows ? [] : [`the solo outbox says sent for ${solo.sent_in_outbox} of ${rows} rows`]),
    ];
    say({
      kind: 'solo_answers',
      ...solo.money,
      sent_in_outbox: solo.sent_in_outbox,
      failures: soloAnswers,
      pass: soloAnswers.length === 0,
    });
    say({
      kind: 'solo_sent',
      rows,
      what: 'the baseline: from the last approval in a solo outbox to every row in the ledger, then to its outbox saying sent for each',
      drafted_ms: round(solo.drafted_ms),
      to_ledger_ms: round(solo.to_ledger_ms),
      to_sent_ms: round(solo.to_sent_ms),
    });

    const verdict = judgeLines(lines, ['team_answers', 'solo_answers', 'shown', 'team_sent', 'solo_sent']);
    emit({
      kind: 'summary',
      rows,
      batch,
      shown_p95_ms: team.shown.map((s) => s.p95),
      team_to_sent_ms: round(team.to_sent_ms),
      solo_to_sent_ms: round(solo.to_sent_ms),
      team_over_solo: Math.round((team.to_sent_ms / Math.max(1, solo.to_sent_ms)) * 100) / 100,
      team_minus_solo_ms: round(team.to_sent_ms - solo.to_sent_ms),
      failures: verdict.failures,
      pass: verdict.exitCode === 0,
    });
    process.exitCode = verdict.exitCode;
  } finally {
    await browser.close();
    await cluster.stop();
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  emit({ kind: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
});
