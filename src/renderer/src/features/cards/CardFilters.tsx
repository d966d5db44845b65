import { CARD_STATUSES, type CardStatus } from '../../../../shared/service';
import { cardFilterProblem, type CardListFilter } from '../../cards/model/card-list';
import type { CardDirectory } from './useCardDirectory';

interface Props {
  filter: CardListFilter;
  onChange(patch: Partial<CardListFilter>): void;
  directory: CardDirectory;
}

/** Every filter of `GET /card` and its sorts, over the cached list (offline too). */
export function CardFilters({ filter, onChange, directory }: Props) {
  const problem = cardFilterProblem(filter);
  return (
    <div className="card-filters" role="group" aria-label="Card filters">
      <label className="field field--inline">
        <span className="field__label">Search</span>
        <input
          type="search"
          className="field__input"
          placeholder="Name or last four"
          value={filter.text ?? ''}
          onChange={(e) => onChange({ text: e.target.value })}
        />
      </label>
      <label className="field field--inline">
        <span className="field__label">Status</span>
        <select className="field__input" value={filter.status ?? ''} onChange={(e) => onChange({ status: (e.target.value || undefined) as CardStatus | undefined })}>
          <option value="">Any</option>
          {CARD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0]?.toUpperCase()}
              {s.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <label className="field field--inline">
        <span className="field__label">Account</span>
        <select className="field__input" value={filter.accountId ?? ''} onChange={(e) => onChange({ accountId: e.target.value || undefined })}>
          <option value="">Any</option>
          {directory.accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field field--inline">
        <span className="field__label">Virtual account</span>
        <select className="field__input" value={filter.virtualAccountId ?? ''} onChange={(e) => onChange({ virtualAccountId: e.target.value || undefined })}>
          <option value="">Any</option>
          {directory.virtualAccounts.map((v) => (
            <option key={v.virtualAccount.id} value={v.virtualAccount.id}>
              {v.virtualAccount.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field field--inline">
        <span className="field__label">Group</span>
        <select
          className="field__input"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'card-filter-problem' : undefined}
          value={filter.cardGroupId ?? ''}
          onChange={(e) => onChange({ cardGroupId: e.target.value || undefined })}
        >
          <option value="">Any</option>
          {directory.groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name} ({g.id})
            </option>
          ))}
        </select>
      </label>
      <label className="field field--inline">
        <span className="field__label">Group name</span>
        <input
          className="field__input"
          placeholder="Exact name"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'card-filter-problem' : undefined}
          value={filter.cardGroupName ?? ''}
          onChange={(e) => onChange({ cardGroupName: e.target.value || undefined })}
        />
      </label>
      <label className="field field--inline">
        <span className="field__label">Sort</span>
        <select
          className="field__input"
          value={`${filter.sort}:${filter.direction}`}
          onChange={(e) => {
            const [sort, direction] = e.target.value.split(':') as [CardListFilter['sort'], CardListFilter['direction']];
            onChange({ sort, direction });
          }}
        >
          <option value="createdAt:DESC">Newest first</option>
          <option value="createdAt:ASC">Oldest first</option>
          <option value="name:ASC">Name A–Z</option>
          <option value="name:DESC">Name Z–A</option>
        </select>
      </label>
      {problem ? (
        <p id="card-filter-problem" className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
