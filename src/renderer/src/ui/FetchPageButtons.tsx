interface Props {
  online: boolean;
  fetching: boolean;
  /** The service's cursor after the last page fetched; the second button shows only with one. */
  nextCursor: string | undefined;
  onFetch(cursor?: string): void;
  /** Why fetching is disabled offline, shown as the button's title. */
  offlineReason?: string;
}

/** "Fetch from the service" (a first page into the cache) and "Fetch the next page" with the cursor. */
export function FetchPageButtons({ online, fetching, nextCursor, onFetch, offlineReason }: Props) {
  return (
    <>
      <button type="button" className="button" disabled={!online || fetching} title={online ? undefined : offlineReason} onClick={() => onFetch()}>
        {fetching ? 'Fetching…' : 'Fetch from the service'}
      </button>
      {nextCursor ? (
        <button type="button" className="button" disabled={!online || fetching} onClick={() => onFetch(nextCursor)}>
          Fetch the next page
        </button>
      ) : null}
    </>
  );
}
