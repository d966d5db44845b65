import type { OutboxRow } from '../../../../shared/outbox';
import type { VirtualAccountView } from '../../../../shared/service';
import { readEntity } from '../../repos/entities-repo';
import { changeRow, sentFlows as readSentFlows } from '../repo/outbox-repo';
import { balanceWarning } from '../model/balance-check';
import * as t from '../model/transitions';
import type { SendOutcome } from '../../../../shared/outbox/classify';
import { sendRow } from './send-row';
import { SentFlows } from './sent-flows';

/** The app's one record of what its sends moved (the senders tell it each outcome). */
export const sentFlows = new SentFlows(readSentFlows);

/**
 * The cached account, read at most once a second per account: a drain sends many transfers from
 * one account in that time, and the cache it reads only changes when a sync writes it.
 */
const READ_AGAIN_MS = 1_000;
const recent = new Map<
  string,
  { at: number; account: Promise<Awaited<ReturnType<typeof readEntity<VirtualAccountView>>>> }
>();

export function cachedAccount(profileId: string, accountId: string, now: number) {
  const key = `${profileId}|${accountId}`;
  const hit = recent.get(key);
  if (hit && now - hit.at < READ_AGAIN_MS && now >= hit.at) return hit.account;
  const account = readEntity<VirtualAccountView>(profileId, 'virtualAccount', accountId);
  recent.set(key, { at: now, account });
  return account;
}

/**
 * Just before a transfer goes out: if the source's cached balance looks too low, the row says so
 * (on the queue and in its history). Never blocks, never throws: a check that cannot run (no
 * cache yet, the account not in it) lets the send go as it would have.
 */
export async function warnIfShort(row: OutboxRow, now = Date.now()): Promise<void> {
  // Once per row: a retry of a row already warned about would only repeat it (and its commit).
  if (row.kind !== 'transfer' || row.warning !== undefined) return;
  try {
    const cached = await cachedAccount(row.profileId, row.payload.source, now);
    if (!cached) return;
    const moved = await sentFlows.since(row.profileId, row.sourceKey, cached.asOf ?? 0);
    const warning = balanceWarning(
      row.amountCents,
      {
        accountName: cached.value.virtualAccount.name,
        balanceCents: cached.value.balance.amountCents,
        asOf: cached.asOf,
      },
      moved,
    );
    if (warning) await changeRow(row.profileId, row.id, (r) => t.warn(r, warning, now), now);
  } catch {
    // The warning is advice; the send itself is what matters.
  }
}

/** How the app sends a row: the balance check, then the send. */
export async function sendChecked(row: OutboxRow): Promise<SendOutcome<unknown>> {
  await warnIfShort(row);
  return sendRow(row);
}
