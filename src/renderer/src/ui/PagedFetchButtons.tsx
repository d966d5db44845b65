import { StatusNote } from './StatusNote';
import type { PagedFetch } from './usePagedFetch';

interface Props {
  paged: PagedFetch;
  label: string;
  /** Offline, or a filter the service would refuse: nothing can be fetched. */
  disabled: boolean;
  /** Why the buttons are disabled, shown as their tooltip. */
  disabledReason?: string | undefined;
}

/** The buttons of a paged fetch and what the last page brought (or why it failed). */
export function PagedFetchButtons({ paged, label, disabled, disabledReason }: Props) {
  const off = disabled || paged.fetching;
  return (
    <>
      <button type="button" className="button" disabled={off} title={disabled ? disabledReason : undefined} onClick={() => void paged.fetchFirst()}>
        {paged.fetching ? 'Fetching…' : label}
      </button>
      {paged.nextCursor ? (
        <button type="button" className="button" disabled={off} title={disabled ? disabledReason : undefined} onClick={() => void paged.fetchNext()}>
          Fetch the next page
        </button>
      ) : null}
      <StatusNote note={paged.note} />
    </>
  );
}
