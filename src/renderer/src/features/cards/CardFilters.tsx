import { CARD_STATUSES, type CardStatus } from '../../../../shared/service';
import { cardFilterProblem, type CardListFilter } from '../../cards/model/card-list';
import { cardStatusWords } from '../../cards/model/words';
import { SelectField } from '../../ui/SelectField';
import { SearchField } from '../../ui/SearchField';
import type { CardDirectory } from './useCardDirectory';

interface Props {
  filter: CardListFilter;
  onChange(patch: Partial<CardListFilter>): void;
  directory: CardDirectory;
}

const ANY = { value: '', label: 'Any' };
const SORTS = [
  { value: 'createdAt:DESC', label: 'Newest first' },
  { value: 'createdAt:ASC', label: 'Oldest first' },
  { value: 'name:ASC', label: 'Name A–Z' },
  { value: 'name:DESC', label: 'Name Z–A' },
];

/** A group as the picker names it: by its name, numbered where several share one (the service allows it). */
function groupLabeler(groups: readonly { id: string; name: string }[]): (g: { id: string; name: string }) => string {
  return (g) => {
    const same = groups.filter((o) => o.name === g.name);
    return same.length > 1 ? `${g.name} (${same.indexOf(g) + 1} of ${same.length})` : g.name;
  };
}

/** Every filter of `GET /card` and its sorts, over the cached list (offline too). */
export function CardFilters({ filter, onChange, directory }: Props) {
  const problem = cardFilterProblem(filter);
  const groupLabel = groupLabeler(directory.groups);
  return (
    <div className="card-filters" role="group" aria-label="Card filters">
      <SearchField
        label="Search"
        placeholder="Name or last four"
        value={filter.text ?? ''}
        onChange={(text) => onChange({ text })}
      />
      <SelectField
        inline
        label="Status"
        value={filter.status ?? ''}
        onChange={(v) => onChange({ status: (v || undefined) as CardStatus | undefined })}
        options={[ANY, ...CARD_STATUSES.map((st) => ({ value: st, label: cardStatusWords(st) }))]}
      />
      <SelectField
        inline
        label="Account"
        value={filter.accountId ?? ''}
        onChange={(v) => onChange({ accountId: v || undefined })}
        options={[ANY, ...directory.accounts.map((a) => ({ value: a.id, label: a.name }))]}
      />
      <SelectField
        inline
        label="Virtual account"
        value={filter.virtualAccountId ?? ''}
        onChange={(v) => onChange({ virtualAccountId: v || undefined })}
        options={[
          ANY,
          ...directory.virtualAccounts.map((v) => ({ value: v.virtualAccount.id, label: v.virtualAccount.name })),
        ]}
      />
      <SelectField
        inline
        label="Group"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'card-filter-problem' : undefined}
        value={filter.cardGroupId ?? ''}
        onChange={(v) => onChange({ cardGroupId: v || undefined })}
        options={[ANY, ...directory.groups.map((g) => ({ value: g.id, label: groupLabel(g) }))]}
      />
      <SelectField
        inline
        label="Sort"
        value={`${filter.sort}:${filter.direction}`}
        onChange={(v) => {
          const [sort, direction] = v.split(':') as [CardListFilter['sort'], CardListFilter['direction']];
          onChange({ sort, direction });
        }}
        options={SORTS}
      />
      {problem ? (
        <p id="card-filter-problem" className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
