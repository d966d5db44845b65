import { useMemo, useState } from 'react';
import type { VirtualAccountView } from '../../../../shared/service';
import { isClosed, totalsOf, visibleAccounts } from '../../accounts/model/account-list';
import { fetchAccountPage } from '../../accounts/commands/fetch-accounts';
import { ago, count, money } from '../../model/format';
import { useEntities } from '../../repos/entities-hooks';
import { useConnectivity } from '../../stores/connectivity';
import { useProfiles } from '../../stores/profiles';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { AccountDetail } from './AccountDetail';
import './accounts.css';
import { PagedFetchButtons } from '../../ui/PagedFetchButtons';
import { plural, usePagedFetch } from '../../ui/usePagedFetch';

export const OFFLINE_ACCOUNT_EDITS = 'Offline: changes to accounts need the service. They are shown as they were last synced.';

export function AccountsScreen() {
  const profileId = useProfiles((s) => s.activeProfileId);
  if (!profileId) return null;
  return <AccountsFor key={profileId} profileId={profileId} />;
}

function AccountsFor({ profileId }: { profileId: string }) {
  const accounts = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  const online = useConnectivity((s) => s.byProfile[profileId]?.state !== 'offline');
  const [includeClosed, setIncludeClosed] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const paged = usePagedFetch((cursor) => fetchAccountPage(profileId, includeClosed, cursor), plural('account'));
  // "Today" for the commission's next date and the chart: read once, so the view does not shift while open.
  const [nowMs] = useState(() => Date.now());

  const all = useMemo(() => accounts?.items ?? [], [accounts]);
  const shown = useMemo(() => visibleAccounts(all, includeClosed), [all, includeClosed]);
  const totals = useMemo(() => totalsOf(shown), [shown]);
  const selected = selectedId ? all.find((v) => v.virtualAccount.id === selectedId) : undefined;

  return (
    <section className={`screen screen--wide accounts-screen${selected ? ' accounts-screen--detail' : ''}`} aria-labelledby="screen-title">
      <div className="screen__row">
        <ScreenHeading>Accounts</ScreenHeading>
        <p className="muted accounts-asof" data-testid="accounts-asof">
          {accounts?.asOf ? `Saved list as of ${ago(accounts.asOf)}` : 'Not synced yet'} · {count(shown.length)} of {count(all.length)} shown
          {online ? '' : ' · offline: shown as last synced'}
        </p>
      </div>
      <div className="tx-toolbar">
        <label className="accounts-check">
          <input
            type="checkbox"
            checked={includeClosed}
            onChange={(e) => {
              setIncludeClosed(e.target.checked);
              paged.reset();
            }}
          />
          Show closed
        </label>
        <PagedFetchButtons paged={paged} label="Fetch from the service" disabled={!online} disabledReason={OFFLINE_ACCOUNT_EDITS} />
      </div>
      <div className="accounts-body">
        <div className="accounts-list">
          {accounts === undefined ? (
            <p className="muted">Reading the saved accounts…</p>
          ) : shown.length === 0 ? (
            <p className="muted">{all.length === 0 ? 'No accounts saved yet: they arrive with the first sync.' : 'Every saved account is closed: tick "Show closed" to see them.'}</p>
          ) : (
            <>
              <ul className="pick-list" aria-label="Virtual accounts">
                {shown.map((v) => {
                  const a = v.virtualAccount;
                  return (
                    <li key={a.id}>
                      <button
                        type="button"
                        className={`pick-item account-item${a.id === selectedId ? ' pick-item--selected' : ''}${isClosed(v) ? ' account-item--closed' : ''}`}
                        aria-pressed={a.id === selectedId}
                        onClick={() => setSelectedId(a.id)}
                      >
                        <span className="pick-item__name">{a.name}</span>
                        <span className="account-item__type">{a.accountType === 'primary' ? 'Primary' : 'Default'}{isClosed(v) ? ' · closed' : ''}</span>
                        <span className="account-item__money" aria-label={`Balance ${money(v.balance.amountCents)}`}>{money(v.balance.amountCents)}</span>
                        <span className="account-item__money muted" aria-label={`Spend ${money(v.spend.amountCents)}`}>spend {money(v.spend.amountCents)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              <p className="accounts-total" data-testid="accounts-total">
                Total of the {count(shown.length)} shown: balance <strong>{money(totals.balanceCents)}</strong>, spend {money(totals.spendCents)}
              </p>
            </>
          )}
        </div>
        {selected ? <AccountDetail key={selected.virtualAccount.id} profileId={profileId} view={selected} all={all} online={online} asOf={accounts?.asOf ?? null} nowMs={nowMs} onClose={() => setSelectedId(null)} /> : null}
      </div>
    </section>
  );
}
