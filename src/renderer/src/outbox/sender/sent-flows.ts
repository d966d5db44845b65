import type { OutboxRow } from '../../../../shared/outbox';
import { sentAt, type SentFlow } from '../repo/outbox-repo';

/**
 * What the outbox has sent out of and into each account, read from the rows once per account and
 * then kept up to date as sends are recorded, so checking a balance before each send does not
 * read every earlier send again (1,000 queued transfers would read 500,000 rows). Keyed by row
 * id, so a send both read and recorded counts once.
 */
export class SentFlows {
  private readonly accounts = new Map<string, Promise<Map<string, SentFlow>>>();

  constructor(private readonly load: (profileId: string, accountKey: string) => Promise<SentFlow[]>) {}

  /** Net cents moved out of (negative) and into the account by sends after `since`. */
  async since(profileId: string, accountKey: string, since: number): Promise<{ outCents: number; inCents: number }> {
    const flows = await this.flowsOf(profileId, accountKey);
    let outCents = 0;
    let inCents = 0;
    for (const f of flows.values()) {
      if (f.at <= since) continue;
      if (f.cents < 0) outCents -= f.cents;
      else inCents += f.cents;
    }
    return { outCents, inCents };
  }

  /** A row just recorded: a sent transfer moves money out of its source and into its destination. */
  recorded(row: OutboxRow): void {
    if (row.state !== 'sent' || row.kind !== 'transfer') return;
    const at = sentAt(row);
    this.add(row.profileId, row.sourceKey, { rowId: row.id, at, cents: -row.amountCents });
    if (row.fundsKey) this.add(row.profileId, row.fundsKey, { rowId: row.id, at, cents: row.amountCents });
  }

  /** Rows changed other than by a send (reconciled, cleared): read again when next asked. */
  forget(profileId: string): void {
    for (const key of [...this.accounts.keys()]) if (key.startsWith(`${profileId}|`)) this.accounts.delete(key);
  }

  private flowsOf(profileId: string, accountKey: string): Promise<Map<string, SentFlow>> {
    const key = `${profileId}|${accountKey}`;
    let flows = this.accounts.get(key);
    if (!flows) {
      flows = this.load(profileId, accountKey).then((list) => new Map(list.map((f) => [f.rowId, f])));
      // A failed read is not kept: the next check tries again.
      flows.catch(() => this.accounts.delete(key));
      this.accounts.set(key, flows);
    }
    return flows;
  }

  private add(profileId: string, accountKey: string, flow: SentFlow): void {
    // Only accounts already read: one not read yet finds this row in the rows when it is.
    void this.accounts.get(`${profileId}|${accountKey}`)?.then((flows) => flows.set(flow.rowId, flow));
  }
}
