import { useMemo } from 'react';
import type { VirtualAccountView } from '../../../../shared/service';
import { readCachedWallets, walletsOfAccount } from '../../accounts/model/offramp';
import { useEntities } from '../../repos/entities-hooks';
import { OfframpCreate } from './OfframpCreate';
import { OfframpWallets } from './OfframpWallets';
import './offramp.css';

export interface OfframpPanelProps {
  profileId: string;
  view: VirtualAccountView;
  /** False while the profile is offline: creating a wallet needs the service. */
  online: boolean;
}

/**
 * The account's off-ramp wallets and a form to create one. The service cannot list wallets, so
 * what shows is what this computer cached when each was created: the same online, offline and
 * after a restart.
 */
export function OfframpPanel({ profileId, view, online }: OfframpPanelProps) {
  const cached = useEntities<unknown>(profileId, 'wallet');
  const accountId = view.virtualAccount.id;
  const { wallets, unreadable } = useMemo(() => {
    const read = readCachedWallets(cached?.items ?? []);
    return {
      wallets: walletsOfAccount(read.wallets, accountId),
      unreadable: read.unreadable.filter((w) => w.virtualAccountId === accountId),
    };
  }, [cached, accountId]);
  return (
    <section className="offramp" aria-labelledby={`offramp-${accountId}`}>
      <h3 id={`offramp-${accountId}`} className="offramp__title">
        Off-ramp wallets
      </h3>
      <p className="muted offramp__intro">
        Stablecoins sent to a wallet&apos;s address arrive in this account by its rail. Wallets are kept on this
        computer from when they were created here.
      </p>
      {unreadable.length > 0 ? (
        <ul className="offramp-unreadable" aria-label="Saved wallets that cannot be shown">
          {unreadable.map((w) => (
            <li key={w.id}>
              {`Wallet ${w.id}, kept by an earlier version of the app, is not shown: it fails today's checks (${w.problem}). Do not send funds to its address; create a new wallet if this account needs one.`}
            </li>
          ))}
        </ul>
      ) : null}
      {cached === undefined ? (
        <p className="muted">Reading the saved wallets…</p>
      ) : wallets.length === 0 ? (
        <p className="muted">No wallet created from this computer for this account yet.</p>
      ) : (
        <OfframpWallets wallets={wallets} />
      )}
      <OfframpCreate profileId={profileId} view={view} online={online} />
    </section>
  );
}
