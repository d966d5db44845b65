import type { TxQuery } from '../../model/tx-query';
import { AmountFilter } from './AmountFilter';
import { dayEndMs, dayStartMs, DETAILED_STATUSES, isoDay, TRANSACTION_STATUSES } from '../../model/transaction-filters';
import { detailedStatusWords, statusWords } from '../../model/transaction-words';
import type { Directory } from './useDirectory';

interface Props {
  query: TxQuery;
  directory: Directory;
  onPatch(patch: Partial<TxQuery>): void;
}

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'JPY', 'MXN', 'AUD', 'CHF'];

function toggle<T>(list: T[] | undefined, value: T, on: boolean): T[] {
  const set = new Set(list ?? []);
  if (on) set.add(value);
  else set.delete(value);
  return [...set];
}

/** Every filter of the search, as form controls; each change applies at once. */
export function FilterPanel({ query, directory, onPatch }: Props) {
  const multi = (
    id: string,
    label: string,
    options: { value: string; label: string }[],
    selected: string[] | undefined,
    key: keyof TxQuery,
  ) => (
    <div className="filter">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        multiple
        size={Math.min(5, Math.max(2, options.length))}
        value={selected ?? []}
        onChange={(e) => onPatch({ [key]: [...e.target.selectedOptions].map((o) => o.value) } as Partial<TxQuery>)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <fieldset className="filter-panel">
      <legend className="visually-hidden">Filters</legend>
      <div className="filter">
        <label htmlFor="f-from" className="field__label">
          From (UTC day)
        </label>
        <input
          id="f-from"
          type="date"
          className="field__input"
          value={query.fromMs !== undefined ? isoDay(query.fromMs) : ''}
          onChange={(e) => onPatch({ fromMs: dayStartMs(e.target.value) ?? undefined })}
        />
      </div>
      <div className="filter">
        <label htmlFor="f-to" className="field__label">
          To (UTC day)
        </label>
        <input
          id="f-to"
          type="date"
          className="field__input"
          value={query.toMs !== undefined ? isoDay(query.toMs) : ''}
          onChange={(e) => onPatch({ toMs: dayEndMs(e.target.value) ?? undefined })}
        />
      </div>
      <AmountFilter
        id="f-min"
        label="Amount at least"
        placeholder="-1,200"
        cents={query.minCents}
        onCents={(minCents) => onPatch({ minCents })}
      />
      <AmountFilter
        id="f-max"
        label="Amount at most"
        placeholder="42.50"
        cents={query.maxCents}
        onCents={(maxCents) => onPatch({ maxCents })}
      />
      <div className="filter" role="group" aria-labelledby="f-status-label">
        <span id="f-status-label" className="field__label">
          Status
        </span>
        {TRANSACTION_STATUSES.map((s) => (
          <label key={s} className="filter__check">
            <input
              type="checkbox"
              checked={query.statuses?.includes(s) ?? false}
              onChange={(e) => onPatch({ statuses: toggle(query.statuses, s, e.target.checked) })}
            />{' '}
            {statusWords(s)}
          </label>
        ))}
      </div>
      {multi(
        'f-detailed',
        'Detailed status',
        DETAILED_STATUSES.map((s) => ({ value: s, label: detailedStatusWords(s) })),
        query.detailedStatuses,
        'detailedStatuses',
      )}
      {multi(
        'f-card',
        'Card',
        directory.cards.map((c) => ({ value: c.id, label: `${c.name} •${c.last4}` })),
        query.cardIds,
        'cardIds',
      )}
      {multi(
        'f-group',
        'Card group',
        directory.cardGroups.map((g) => ({ value: g.id, label: g.name })),
        query.cardGroupIds,
        'cardGroupIds',
      )}
      {multi(
        'f-va',
        'Virtual account',
        directory.virtualAccounts.map((v) => ({ value: v.virtualAccount.id, label: v.virtualAccount.name })),
        query.virtualAccountIds,
        'virtualAccountIds',
      )}
      {multi(
        'f-account',
        'Account',
        directory.accounts.map((a) => ({ value: a.id, label: a.name })),
        query.accountIds,
        'accountIds',
      )}
      {multi(
        'f-currency',
        'Original currency',
        CURRENCIES.map((c) => ({ value: c, label: c })),
        query.currencies,
        'currencies',
      )}
      <div className="filter">
        <label htmlFor="f-fee" className="field__label">
          Fees
        </label>
        <select
          id="f-fee"
          className="field__input"
          value={query.hasFee === undefined ? '' : query.hasFee ? 'yes' : 'no'}
          onChange={(e) => onPatch({ hasFee: e.target.value === '' ? undefined : e.target.value === 'yes' })}
        >
          <option value="">Any</option>
          <option value="yes">Fees and what they were charged for</option>
          <option value="no">Without a fee</option>
        </select>
      </div>
    </fieldset>
  );
}
