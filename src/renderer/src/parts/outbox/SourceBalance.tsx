import type { VirtualAccountView } from '../../../../shared/service';
import { ago, count, money } from '../../model/format';
import { balanceAfter } from '../../outbox/model/balance-after';
import { Fields, type Field } from '../../ui/Fields';
import { useOthersFromAccount } from './usePaymentSources';

interface Props {
  profileId: string;
  /** The account the money comes from; undefined until chosen, or when the cache cannot tell. */
  account: VirtualAccountView | undefined;
  /** What to say when there is no account. */
  none: string;
  /** The typed amount, when it is one. */
  amountCents: number | null;
  /** When the cached accounts were read, and whether the profile is online. */
  asOf: number | null;
  online: boolean;
  what: 'transfer' | 'payment';
}

/** The source's cached balance and what this transfer or payment leaves in it, said with its age when that matters. */
export function SourceBalance({ profileId, account, none, amountCents, asOf, online, what }: Props) {
  const others = useOthersFromAccount(profileId, account?.virtualAccount.id, asOf);
  if (!account) {
    return (
      <p className="field__hint" data-testid="balance-after-none">
        {none}
      </p>
    );
  }
  const b = balanceAfter(account.balance.amountCents, amountCents, { asOf, online }, Date.now());
  const age = b.stale ? ` as of ${asOf === null ? 'an unknown time' : ago(asOf)}${online ? '' : ', offline'}` : '';
  const fields: Field[] = [
    ['Comes from', account.virtualAccount.name],
    [
      'Balance',
      <span data-testid="balance-now">
        {money(b.balanceCents)}
        {age ? <span className="muted">{age}</span> : null}
      </span>,
    ],
    [`After this ${what}`, <span data-testid="balance-after">{b.afterCents === null ? 'Type an amount' : money(b.afterCents)}</span>],
  ];
  // What the cached balance cannot show: the other items on their way out of the same account.
  if (others && others.count > 0) {
    fields.push([
      `After it and ${others.count === 1 ? '1 other item' : `${count(others.count)} other items`} from this account`,
      <span data-testid="balance-after-all">
        {b.afterCents === null ? 'Type an amount' : money(b.afterCents - others.cents)}
        <span className="muted"> ({money(others.cents)} queued, or sent since the balance was read)</span>
      </span>,
    ]);
  }
  return (
    <section className="source-balance" aria-label="Source account balance">
      <Fields tight fields={fields} />
      {b.afterCents !== null && b.afterCents < 0 ? <p className="field__hint">More than the cached balance: the service may refuse it. It decides when the {what} is sent.</p> : null}
    </section>
  );
}
