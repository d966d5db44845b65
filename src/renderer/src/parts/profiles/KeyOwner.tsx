import type { LegalEntity } from '../../../../shared/service';
import { describeKeyOwner, keyOwnerName, keyOwnerOf } from '../../directory/model/key-owner';
import { ago } from '../../model/format';
import { useEntities } from '../../repos/entities-hooks';

/**
 * Which legal entity the profile's key belongs to, read from that profile's own cache (each
 * profile has its own database), so it shows offline and for profiles not on screen.
 * `short` is the name alone, for the profile list; otherwise a sentence with its "as of".
 */
export function KeyOwner({ profileId, short = false }: { profileId: string; short?: boolean }) {
  const list = useEntities<LegalEntity>(profileId, 'legalEntity');
  if (!list) return <span className="muted">Reading the saved legal entity…</span>;
  const owner = keyOwnerOf(list.items, list.asOf);
  if (short) return <span className={owner.state === 'one' ? undefined : 'muted'}>{keyOwnerName(owner)}</span>;
  return (
    <p className="directory-owner" aria-label="Key owner">
      {describeKeyOwner(owner)}
      {owner.state !== 'unknown' && list.asOf !== null ? (
        <span className="muted"> (as of {ago(list.asOf)})</span>
      ) : null}
    </p>
  );
}
