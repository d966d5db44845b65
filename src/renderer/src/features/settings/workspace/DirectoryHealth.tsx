import type { DirectoryView } from '../../../../../shared/ipc';

/**
 * What this desktop did not believe in the directory: entries no admin's key signed (ignored,
 * each with why), or a directory cut back or rewritten (broken: nothing is sent until repaired).
 */
export function DirectoryHealth({ view }: { view: DirectoryView }) {
  if (!view.broken && view.ignored.length === 0) return null;
  return (
    <div className="settings-ws__part">
      {view.broken ? (
        <p className="field__error" role="alert">
          The member directory was cut back or rewritten in the database ({view.broken.problem}). Nothing is approved or
          sent until an admin repairs it.
        </p>
      ) : null}
      {view.ignored.length > 0 ? (
        <>
          <p className="field__error" role="alert">
            {view.ignored.length === 1 ? 'One entry' : `${view.ignored.length} entries`} of the member directory do not
            count: no admin of this workspace signed {view.ignored.length === 1 ? 'it' : 'them'}, so someone wrote{' '}
            {view.ignored.length === 1 ? 'it' : 'them'} straight into the database.
          </p>
          <ul className="settings-ws__problems" aria-label="Directory entries that do not count">
            {view.ignored.map((p) => (
              <li key={p.seq}>
                Entry {p.seq}: {p.problem}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
