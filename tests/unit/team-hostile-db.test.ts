import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { serviceOf } from '../../src/shared/service-address';
import { startTcpGate } from '../support/tcp-gate';
import { asLogin, decideAndPush, mainOf, signedOnly } from '../support/workspace-helpers';
import { attackable, booked, drafted, letSend, parties, sendUntil, viewOf } from '../support/hostile-db-helpers';

// A hostile database, one attack per test: what the database's columns say about a row is never
// believed, only what its signed history says (claims, outcomes, cancellations, reviews), and
// main never sends a payment its journal or the service's own transactions say may have gone.
// The outcome is read on the sandbox's ledger and request log; the words are main's, as the inbox
// shows them.

const a = attackable();
// Each test waits on whole runs of main's sender on a shared two-core machine.
const LONG = 120_000;

const rewindToOpen =
  "UPDATE team.queue_row SET state = 'open', outcome = NULL, lease_holder = NULL, lease_expires = NULL WHERE id = $1";

/** The admin goes further: the row's statements deleted (the owner can drop the triggers that keep them), its state and numbers reset. */
async function eraseHistory(rowId: string): Promise<void> {
  await a.su.query('ALTER TABLE team.row_event DISABLE TRIGGER USER');
  await a.su.query('DELETE FROM team.row_event WHERE row_id = $1', [rowId]);
  await a.su.query('ALTER TABLE team.row_event ENABLE TRIGGER USER');
  await a.su.query(
    "UPDATE team.queue_row SET state = 'open', outcome = NULL, lease_holder = NULL, lease_expires = NULL, fence = 0, claims = 0 WHERE id = $1",
    [rowId],
  );
}

describe('a hostile database', () => {
  it(
    'a sent payment set back to open by the database’s admin is never paid again, and the inbox says the database is not believed',
    async () => {
      const { draft, key } = await drafted(a, 'payment', 7_001);
      await sendUntil(a.treasurer, async () => (await viewOf(a.treasurer, draft.rowId)).state === 'sent');
      expect(booked(a.client, 7_001, key)).toEqual({ moves: 1, requests: 1 });

      await a.su.query(rewindToOpen, [draft.rowId]);
      // Both approvers' desktops look at it with the rewind in view: the one that sent it, and one that never did.
      await letSend(a.treasurer);
      await letSend(a.controller);
      expect(booked(a.client, 7_001, key)).toEqual({ moves: 1, requests: 1 });
      const row = await viewOf(a.controller, draft.rowId);
      expect(row).toMatchObject({ state: 'sent', dbState: 'open' });
      expect(row.note).toMatch(
        /^The workspace's database says this row is open, but its signed history says sent \(sent by Treasurer's desktop/,
      );
      expect(row.note).toContain("The database's word is not believed: the row is treated as sent.");
    },
    LONG,
  );

  it(
    '…and with its signed history deleted too: the desktop that paid it refuses by its journal, another finds it in the service’s transactions',
    async () => {
      const { draft, key } = await drafted(a, 'payment', 7_002);
      await sendUntil(a.treasurer, async () => (await viewOf(a.treasurer, draft.rowId)).state === 'sent');
      await eraseHistory(draft.rowId);

      await letSend(a.controller);
      expect(booked(a.client, 7_002, key)).toEqual({ moves: 1, requests: 1 });
      const seen = await viewOf(a.controller, draft.rowId);
      expect(seen.state).toBe('needs-review');
      expect(seen.history.last).toMatch(
        /^left to a person .*by Controller's desktop: Not sent: a payment of \$70\.02 to @.+ is in the paying account’s transactions since it was approved/,
      );

      // The desktop that paid it, shown the row open again with no history at all: its own journal refuses first.
      await eraseHistory(draft.rowId);
      await letSend(a.treasurer);
      expect(booked(a.client, 7_002, key)).toEqual({ moves: 1, requests: 1 });
      expect((await viewOf(a.treasurer, draft.rowId)).history.last).toMatch(
        /by Treasurer's desktop: Not sent again: main sent this payment on .* and the service answered that it went through/,
      );
    },
    LONG,
  );

  it(
    '…and a look-alike shown as claimed (its column only) to account for the debit: the payment is still not paid again',
    async () => {
      const { draft, key } = await drafted(a, 'payment', 7_006);
      await sendUntil(a.treasurer, async () => (await viewOf(a.treasurer, draft.rowId)).state === 'sent');
      // A second payment of the same amount to the same payee, drafted but not approved: nobody sends it.
      const { draft: alike } = await drafted(a, 'payment', 7_006, { approve: false });
      await eraseHistory(draft.rowId);
      // The database says the look-alike was claimed once: as if its send had made the one debit.
      await a.su.query('UPDATE team.queue_row SET claims = 1, fence = 1 WHERE id = $1', [alike.rowId]);

      await letSend(a.controller);
      expect(booked(a.client, 7_006, key)).toEqual({ moves: 1, requests: 1 });
      const seen = await viewOf(a.controller, draft.rowId);
      expect(seen.state).toBe('needs-review');
      expect(seen.history.last).toMatch(
        /^left to a person .*by Controller's desktop: Not sent: a payment of \$70\.06 to @.+ is in the paying account’s transactions since it was approved .*the service cannot tell such payments apart, so a person decides/,
      );
    },
    LONG,
  );

  it(
    'a payment waiting for review is not turned back to open with a drafter’s login, nor by the admin flipping its state',
    async () => {
      const { draft, key } = await drafted(a, 'payment', 7_003);
      // The Treasurer's desktop claims it, the payment reaches the service, and its answer is lost:
      // the desktop signs that it leaves it to a person (what main's sender signs for an ambiguous answer).
      const [claim] = await mainOf(a.treasurer).claim([draft.rowId]);
      if (!claim?.claimed) throw new Error(`not claimed: ${claim?.text}`);
      expect(
        (await a.client.call('POST', '/pay', { body: claim.payload, headers: { 'x-idempotency-key': key } })).status,
      ).toBe(200);
      await mainOf(a.treasurer).outcomes([
        {
          rowId: draft.rowId,
          fence: claim.fence,
          payloadHash: claim.payloadHash,
          state: 'needs-review',
          detail: 'The connection dropped after the payment was sent.',
        },
      ]);
      expect((await viewOf(a.treasurer, draft.rowId)).state).toBe('needs-review');
      expect(booked(a.client, 7_003, key)).toEqual({ moves: 1, requests: 1 });

      // The Clerk, with nothing but their own login and SQL.
      const clerk = await asLogin(a.cluster, a.team.database, a.clerk);
      try {
        const claimed = await clerk.query('SELECT * FROM team.claim_row($1, 60000, 2, gen_random_uuid(), $2, $3)', [
          draft.rowId,
          'treasury-team/1 row\n{}',
          'x',
        ]);
        expect(claimed.rowCount).toBe(0);
        await expect(
          clerk.query("SELECT team.record_outcome($1, 1, 'open', '', gen_random_uuid(), 'x', 'y')", [draft.rowId]),
        ).rejects.toThrow(/no longer standing/);
        await expect(
          clerk.query("SELECT team.review_row($1, 'open', gen_random_uuid(), 'x', 'y')", [draft.rowId]),
        ).rejects.toThrow(/permission denied for function review_row/);
        await expect(
          clerk.query("UPDATE team.queue_row SET state = 'open' WHERE id = $1", [draft.rowId]),
        ).rejects.toThrow(/permission denied/);
      } finally {
        await clerk.end();
      }
      // The admin can flip the column: nobody believes it.
      await a.su.query(rewindToOpen, [draft.rowId]);
      await letSend(a.treasurer);
      await letSend(a.controller);
      expect(booked(a.client, 7_003, key)).toEqual({ moves: 1, requests: 1 });
      const row = await viewOf(a.controller, draft.rowId);
      expect(row).toMatchObject({ state: 'needs-review', dbState: 'open' });
      expect(row.note).toMatch(
        /^The workspace's database says this row is open, but its signed history says needs-review/,
      );
    },
    LONG,
  );

  it(
    'a canceled row reopened in the database is never sent',
    async () => {
      const { draft, key } = await drafted(a, 'transfer', 7_004);
      expect(await a.clerk.h.ok('workspace:cancel', { workspaceId: a.clerk.workspaceId, rowId: draft.rowId })).toEqual({
        canceled: true,
      });
      await a.su.query(rewindToOpen, [draft.rowId]);
      await letSend(a.treasurer);
      expect(booked(a.client, 7_004, key)).toEqual({ moves: 0, requests: 0 });
      const row = await viewOf(a.treasurer, draft.rowId);
      expect(row).toMatchObject({ state: 'canceled', dbState: 'open' });
      expect(row.note).toContain('its signed history says canceled (canceled by Clerk)');
    },
    LONG,
  );

  it(
    'one claim handed to two senders at once (the claim function replaced by the admin) pays at most once',
    async () => {
      const own = await a.fresh();
      // A claim that takes the row whatever its lease, with whatever number the claimer names: both desktops get claim 1.
      await own.su
        .query(`CREATE OR REPLACE FUNCTION team.claim_row(p_row uuid, p_lease_ms integer, p_fence bigint, p_event uuid, p_text text, p_signature text)
      RETURNS TABLE (fence bigint, claims integer, lease_expires timestamptz) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
      BEGIN
        UPDATE team.queue_row SET fence = p_fence, lease_holder = session_user, lease_expires = clock_timestamp() + interval '60 seconds' WHERE id = p_row;
        INSERT INTO team.row_event (id, row_id, event, fence, text, signature) VALUES (p_event, p_row, 'claim', p_fence, p_text, p_signature);
        RETURN QUERY SELECT p_fence, 1, clock_timestamp() + interval '60 seconds';
      END $f$`);
      const { draft, key } = await drafted(own, 'payment', 7_005);
      await Promise.all(
        [own.treasurer, own.controller].map((d) => d.h.ok('outbox:pause', { profileId: d.profileId, paused: false })),
      );
      try {
        await expect
          .poll(async () => (await viewOf(own.treasurer, draft.rowId)).state, { timeout: 60_000 })
          .not.toBe('open');
      } finally {
        await Promise.all(
          [own.treasurer, own.controller].map((d) => d.h.ok('outbox:pause', { profileId: d.profileId, paused: true })),
        );
      }
      const { moves } = booked(own.client, 7_005, key);
      const state = (await viewOf(own.treasurer, draft.rowId)).state;
      // Sent once, or left to a person (one desktop saw the other's claim): never twice, and never
      // closed as sent unless it was.
      expect(moves).toBeLessThanOrEqual(1);
      expect(state === 'sent' ? moves : 'not closed as sent').toBe(state === 'sent' ? 1 : 'not closed as sent');
      expect(['sent', 'needs-review']).toContain(state);
    },
    LONG,
  );

  it(
    'a row signed for another address of the same service (where no policy asks two approvers), moved under this one in the database, is never sent by this profile: it is not the row its drafter signed',
    async () => {
      const own = await a.fresh();
      const service = serviceOf({ kind: 'live', baseUrl: own.client.sandbox.apiUrl });
      // This service's policy asks two approvers.
      await own.team.admin.h.ok('workspace:setPolicy', {
        workspaceId: own.team.admin.workspaceId,
        service,
        defaultApprovals: 2,
        rules: [],
      });
      // The Clerk holds the same key at another address of the same sandbox (another port): a service no policy names, where one approver is enough.
      const sandboxAt = new URL(own.client.sandbox.apiUrl);
      const alias = await startTcpGate({ host: sandboxAt.hostname, port: Number(sandboxAt.port) });
      try {
        const aliasUrl = `http://127.0.0.1:${alias.port}`;
        const profile = await own.clerk.h.ok('profiles:create', {
          name: 'Acme (other address)',
          baseUrl: aliasUrl,
          vaultUrl: own.client.sandbox.vaultUrl,
          apiKey: own.client.sandbox.apiKey,
        });
        await own.clerk.h.ok('outbox:pause', { profileId: profile.id, paused: true });
        const p = parties(own.client);
        const key = randomUUID();
        const signed = await own.clerk.h.ok('workspace:signDrafts', {
          profileId: profile.id,
          drafts: [
            {
              rowId: randomUUID(),
              kind: 'transfer',
              payload: { source: p.source, destination: p.destination, amountCents: 7_007 },
              idempotencyKey: key,
            },
          ],
        });
        const draft = signed.signed[0];
        if (!draft) throw new Error('nothing was signed');
        expect(signed.service).not.toBe(service);
        await own.clerk.h.ok('workspace:push', {
          workspaceId: own.clerk.workspaceId,
          drafts: [signedOnly(draft)],
          decisions: [],
        });
        await decideAndPush(own.controller, [draft]);
        // The database files it under this service, where the Treasurer's profile sends.
        await own.su.query('UPDATE team.queue_row SET service = $2 WHERE id = $1', [draft.rowId, service]);
        expect((await viewOf(own.treasurer, draft.rowId)).verdict).toMatchObject({
          status: 'never',
          text: 'The row is not the one Clerk signed (its id, service, kind or idempotency key was changed in the workspace).',
        });

        await letSend(own.treasurer);
        expect(booked(own.client, 7_007, key)).toEqual({ moves: 0, requests: 0 });
        expect(await viewOf(own.treasurer, draft.rowId)).toMatchObject({ state: 'open', claims: 0 });
      } finally {
        await alias.close();
      }
    },
    LONG,
  );
});
