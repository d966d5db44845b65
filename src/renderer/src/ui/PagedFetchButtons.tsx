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

/** What a list's fetch button says: a treasurer asks the bank for the list again. */
export const REFRESH_FROM_BANK = 'Refresh from the bank';

/** The buttons of a paged fetch and what the last page brought (or why it failed). */
export function PagedFetchButtons({ paged, label, disabled, disabledReason }: Props) {
  const off = disabled || paged.fetching;
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={off}
        title={disabled ? disabledReason : undefined}
        onClick={() => void paged.fetchFirst()}
      >
        {paged.fetching ? 'Refreshing…' : label}
      </button>
      {paged.nextCursor ? (
        <button
          type="button"
          className="button"
          disabled={off}
          title={disabled ? disabledReason : undefined}
          onClick={() => void paged.fetchNext()}
        >
          Load more from the bank
        </button>
      ) : null}
      <StatusNote note={paged.note} />
    </>
  );
}
