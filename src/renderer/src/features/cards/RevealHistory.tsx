import type { RevealAuditIntegrity, RevealAuditLine } from '../../../../shared/ipc';

const SHOWN_BREAKS = 5;

function describeReveal(e: RevealAuditLine): string {
  const when = new Date(e.at).toLocaleString();
  const what = e.pan && e.cvv ? 'number and code' : e.pan ? 'number' : 'code';
  const why = e.reason ? ` (${e.reason})` : '';
  const line =
    e.outcome === 'revealed'
      ? `Revealed by ${e.user} at ${when} (${e.profileName}): ${what}`
      : e.outcome === 'failed'
        ? `${e.user} tried to reveal the ${what} at ${when} (${e.profileName}); it failed`
        : e.outcome === 'declined'
          ? `${e.user} asked to reveal the ${what} at ${when} (${e.profileName}); not confirmed${why}`
          : `${e.user} asked to reveal the ${what} at ${when} (${e.profileName}); refused${why}`;
  const mark =
    e.check === 'altered'
      ? ' [this line was changed after it was written]'
      : e.check === 'legacy'
        ? ' [from before the audit was sealed]'
        : e.check === 'unchecked'
          ? ' [cannot be checked: its key is gone]'
          : '';
  return line + mark;
}

function where(line: number, at: string | undefined): string {
  if (line === 0) return 'The file';
  return at ? `Line ${line} (the entry of ${new Date(at).toLocaleString()})` : `Line ${line}`;
}

/**
 * A card's latest reveals from main's audit, and what main found checking the profile's whole
 * audit file on this read: a break (a line changed, removed, moved; the file cut short) is said
 * with where it is, and a weaker protection (no keychain) is said too, never hidden.
 */
export function RevealHistory({ entries, integrity }: { entries: RevealAuditLine[]; integrity: RevealAuditIntegrity }) {
  const breaks = integrity.breaks;
  return (
    <>
      {breaks.length > 0 ? (
        <div className="card-secrets__error" role="alert" aria-label="The reveal audit was altered">
          <p className="card-secrets__integrity-title">
            This profile's reveal audit was altered or damaged since it was written:
          </p>
          <ul className="card-secrets__breaks">
            {breaks.slice(0, SHOWN_BREAKS).map((b) => (
              <li key={`${b.line}-${b.problem}`}>
                {where(b.line, b.at)}: {b.problem}.
              </li>
            ))}
          </ul>
          {breaks.length > SHOWN_BREAKS ? <p>…and {breaks.length - SHOWN_BREAKS} more.</p> : null}
        </div>
      ) : null}
      {integrity.warning ? <p className="card-secrets__warning">{integrity.warning}</p> : null}
      {breaks.length === 0 && !integrity.warning && integrity.lines > 0 ? (
        <p className="card-secrets__note">
          Checked just now: {integrity.lines} line{integrity.lines === 1 ? '' : 's'}
          {integrity.since ? ` since ${new Date(integrity.since).toLocaleDateString()}` : ''}, sealed with a key in the
          system keychain, none changed since written
          {integrity.legacy > 0 ? ` (${integrity.legacy} from before the audit was sealed)` : ''}.
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p className="card-secrets__note">Nobody has revealed this card's number on this computer.</p>
      ) : (
        <ul className="card-secrets__audit-list" aria-label="Latest reveals of this card">
          {entries.map((e, i) => (
            // The list is read whole each time; two entries can be alike to the millisecond.
            <li key={`${i}-${e.at}`}>{describeReveal(e)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
