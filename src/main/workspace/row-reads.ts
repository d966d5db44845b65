import type pg from 'pg';
import type { TeamRowView } from '../../shared/ipc/workspace';
import type { VerifiedDirectory } from '../../shared/team/directory';
import { rowHistory, stateDisagreement, type RowHistory } from '../../shared/team/history';
import type { Signed, SignedDraft } from '../../shared/team/model';
import { readSignedText } from '../../shared/team/signed-text';
import { rowVerdict, type RowVerdict } from '../../shared/team/verdict';
import { nodeTeamCrypto } from './keys';

/** A row of the shared queue as the database stores it. */
interface QueueRowRecord {
  id: string;
  service: string;
  kind: string;
  idempotency_key: string;
  payload: string;
  draft_text: string;
  draft_signature: string | null;
  amount_cents: string;
  state: string;
  created_at: Date;
  fence: string;
  claims: number;
  lease_holder: string | null;
  lease_expires: Date | null;
  /** The lease has not expired yet, on the database's clock (the one leases are counted on). */
  lease_standing: boolean;
  outcome: string | null;
}

const SIGNED_BY_DRAFTER = new Set(['ready', 'waiting']);

/** The payload's JSON, or undefined when it is not JSON (which no kind accepts). */
export function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The row's signed history, or (a draft nobody can read) one that ignores every statement. */
function historyOf(
  r: QueueRowRecord,
  events: Signed[],
  dir: VerifiedDirectory,
): { history: RowHistory; payloadHash: string | null } {
  const draft = readSignedText('draft', r.draft_text);
  if (!draft.ok)
    return {
      history: {
        state: 'open',
        unresolved: [],
        last: null,
        ignored: events.map(() => 'its draft cannot be read, so no statement about it counts'),
        reviewing: null,
        reopenedAt: null,
      },
      payloadHash: null,
    };
  return {
    history: rowHistory({
      rowId: r.id,
      payloadHash: draft.body.payloadHash,
      drafterId: draft.body.drafter,
      events,
      directory: dir,
      crypto: nodeTeamCrypto,
    }),
    payloadHash: draft.body.payloadHash,
  };
}

/**
 * A row as the renderer sees it, with what this desktop concluded from its signatures: the
 * verdict on its approvals and its state as its signed history says. `dbState` is the column,
 * shown only beside `note` when the two disagree.
 */
export function rowView(
  r: QueueRowRecord,
  decisions: Signed[],
  events: Signed[],
  dir: VerifiedDirectory,
  viewer: string | undefined,
): TeamRowView {
  const draft: SignedDraft = { text: r.draft_text, signature: r.draft_signature ?? '', payload: r.payload };
  const verdict: RowVerdict = rowVerdict({
    row: { id: r.id, service: r.service, kind: r.kind, idempotencyKey: r.idempotency_key, draft },
    decisions,
    directory: dir,
    crypto: nodeTeamCrypto,
    ...(viewer ? { viewer } : {}),
  });
  const trusted =
    SIGNED_BY_DRAFTER.has(verdict.status) ||
    (verdict.status === 'never' && (verdict.reason === 'rejected' || verdict.reason === 'removed-drafter'));
  const drafterId = readSignedText('draft', r.draft_text);
  const drafter = trusted && drafterId.ok ? dir.members.get(drafterId.body.drafter) : undefined;
  const { history, payloadHash } = historyOf(r, events, dir);
  return {
    id: r.id,
    service: r.service,
    kind: r.kind,
    idempotencyKey: r.idempotency_key,
    payloadHash,
    payload: trusted ? (parsePayload(r.payload) ?? null) : null,
    amountCents: Number(r.amount_cents),
    state: history.state,
    dbState: r.state,
    note: stateDisagreement(r.state, history),
    history: {
      unresolved: history.unresolved,
      last: history.last,
      ignored: history.ignored,
      reviewing: history.reviewing,
      reopenedAt: history.reopenedAt,
    },
    createdAt: r.created_at.toISOString(),
    drafter: drafter ? { id: drafter.id, name: drafter.name } : null,
    draft,
    decisions,
    verdict,
    // An expired lease is one the next claim takes over: nobody holds the row any more.
    lease:
      r.lease_holder && r.lease_expires && r.lease_standing
        ? { holder: r.lease_holder, expires: r.lease_expires.toISOString() }
        : null,
    fence: Number(r.fence),
    claims: r.claims,
    outcome: r.outcome,
  };
}

/** Signed statements of the given rows (decisions or row events), each row's in the order written. */
async function statementsOf(
  client: pg.ClientBase | pg.Pool,
  sql: string,
  ids: string[],
): Promise<Map<string, Signed[]>> {
  const byRow = new Map<string, Signed[]>();
  if (ids.length === 0) return byRow;
  const r = await client.query<{ row_id: string; text: string; signature: string | null }>(sql, [ids]);
  for (const d of r.rows) {
    const list = byRow.get(d.row_id) ?? [];
    list.push({ text: d.text, signature: d.signature ?? '' });
    byRow.set(d.row_id, list);
  }
  return byRow;
}

/** Rows of the shared queue (those not closed unless asked), each with its decisions, its signed history and verdict. */
export async function readRows(
  client: pg.ClientBase | pg.Pool,
  dir: VerifiedDirectory,
  viewer: string | undefined,
  filter: { service?: string; rowIds?: string[]; includeClosed?: boolean },
): Promise<TeamRowView[]> {
  const rows = await client.query<QueueRowRecord>(
    `SELECT *, coalesce(lease_expires > clock_timestamp(), false) AS lease_standing FROM team.queue_row
      WHERE ($1::text IS NULL OR service = $1) AND ($2::uuid[] IS NULL OR id = ANY($2)) AND ($3 OR state IN ('open', 'needs-review'))
      ORDER BY created_at, id`,
    [filter.service ?? null, filter.rowIds ?? null, filter.includeClosed ?? false],
  );
  const ids = rows.rows.map((r) => r.id);
  const decisions = await statementsOf(
    client,
    'SELECT row_id, text, signature FROM team.decision WHERE row_id = ANY($1) ORDER BY written_at, id',
    ids,
  );
  const events = await statementsOf(
    client,
    'SELECT row_id, text, signature FROM team.row_event WHERE row_id = ANY($1) ORDER BY n',
    ids,
  );
  return rows.rows.map((r) => rowView(r, decisions.get(r.id) ?? [], events.get(r.id) ?? [], dir, viewer));
}

/** The row events of these rows as written now (read again after a claim committed), by row. */
export function rowEventsOf(client: pg.ClientBase | pg.Pool, ids: string[]): Promise<Map<string, Signed[]>> {
  return statementsOf(
    client,
    'SELECT row_id, text, signature FROM team.row_event WHERE row_id = ANY($1) ORDER BY n',
    ids,
  );
}
