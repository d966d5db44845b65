import type { VirtualAccountView } from '../../../../shared/service';
import { ago, count, money } from '../../model/format';
import { useOutflows } from '../../app/useOutflows';
import { balanceAfter, balanceIsStale, typedItem } from '../../outbox/model/balance-after';
import { Fields, type Field } from '../../ui/Fields';

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
  const { outflows } = useOutflows(profileId);
  if (!account) {
    return (
      <p className="field__hint" data-testid="balance-after-none">
        {none}
      </p>
    );
  }
  const id = account.virtualAccount.id;
  const balanceCents = account.balance.amountCents;
  const stale = balanceIsStale({ asOf, online }, Date.now());
  const age = stale ? ` as of ${asOf === null ? 'an unknown time' : ago(asOf)}${online ? '' : ', offline'}` : '';
  // The one figure (outbox/model/balance-after.ts): what is ahead of it in the queue counted too.
  const b =
    amountCents === null || outflows === undefined
      ? null
      : balanceAfter(id, balanceCents, outflows, typedItem(id, amountCents));
  const fields: Field[] = [
    ['Comes from', account.virtualAccount.name],
    [
      'Balance',
      <span data-testid="balance-now">
        {money(balanceCents)}
        {age ? <span className="muted">{age}</span> : null}
      </span>,
    ],
    [
      `After this ${what}`,
      <span>
        <span data-testid="balance-after">{b === null ? 'Type an amount' : money(b.afterCents)}</span>
        {b && b.ahead.count > 0 ? (
          // On a line of its own under the figure: beside it, the panel's narrow value column wrapped both.
          <span className="muted source-balance__ahead" data-testid="balance-after-ahead">
            {' '}
            (after {b.ahead.count === 1 ? '1 item' : `${count(b.ahead.count)} items`} ahead of it,{' '}
            {money(b.ahead.cents)})
          </span>
        ) : null}
      </span>,
    ],
  ];
  return (
    <section className="source-balance" aria-label="Source account balance">
      <Fields tight fields={fields} />
      {b !== null && b.afterCents < 0 ? (
        <p className="field__hint">
          More than the cached balance: the service may refuse it. It decides when the {what} is sent.
        </p>
      ) : null}
    </section>
  );
}
