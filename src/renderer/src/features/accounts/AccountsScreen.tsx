import { forActiveProfile } from '../../app/active-profile';
import { useMemo, useState } from 'react';
import type { VirtualAccountView } from '../../../../shared/service';
import { isClosed, totalsOf, visibleAccounts } from '../../accounts/model/account-list';
import { useCardSpend } from '../../forecast/commands/card-spend';
import { monthSpendOf } from '../../forecast/model/spend-queries';
import { cardSpendLabel } from '../../model/card-spend';
import { count, money } from '../../model/format';
import { useEntities } from '../../repos/entities-hooks';
import { useConnectivity } from '../../stores/connectivity';
import { SavedListLine } from '../../ui/SavedListLine';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { AccountDetail } from './AccountDetail';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import './accounts.css';
import { ListDetail } from '../../ui/ListDetail';
import { PickList } from '../../ui/PickList';

// A fresh screen per profile: nothing of one profile's state shows on another's.
export const AccountsScreen = forActiveProfile(AccountsFor);

function AccountsFor({ profileId }: { profileId: string }) {
  const accounts = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  const online = useConnectivity((s) => s.byProfile[profileId]?.state !== 'offline');
  const [includeClosed, setIncludeClosed] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // "Today" for the commission's next date and the chart: read once, so the view does not shift while open.
  const [nowMs] = useState(() => Date.now());

  const all = useMemo(() => accounts?.items ?? [], [accounts]);
  const shown = useMemo(() => visibleAccounts(all, includeClosed), [all, includeClosed]);
  const totals = useMemo(() => totalsOf(shown), [shown]);
  // Card spend this UTC month (model/card-spend.ts), as the Dashboard and each account's detail show it.
  const spend = useCardSpend(profileId, nowMs);
  const spendLabel = cardSpendLabel(nowMs);
  const spendOf = (id: string) => (spend.state === 'ready' ? money(monthSpendOf(spend.outByKey, id)) : '…');
  const spendTotal =
    spend.state === 'ready'
      ? money(shown.reduce((sum, v) => sum + monthSpendOf(spend.outByKey, v.virtualAccount.id), 0))
      : '…';
  const selected = selectedId ? all.find((v) => v.virtualAccount.id === selectedId) : undefined;

  return (
    <section className="screen screen--wide" aria-labelledby="screen-title">
      <ScreenHeading
        aside={
          <SavedListLine
            label="Virtual accounts"
            asOf={accounts?.asOf ?? null}
            shown={shown.length}
            total={all.length}
            online={online}
          />
        }
      >
        Accounts
      </ScreenHeading>
      <div className="tx-toolbar">
        <label className="accounts-check">
          <input type="checkbox" checked={includeClosed} onChange={(e) => setIncludeClosed(e.target.checked)} />
          Show closed
        </label>
      </div>
      <ListDetail
        detail={
          selected ? (
            <ErrorBoundary key={selected.virtualAccount.id} what="This account's details">
              <AccountDetail
                profileId={profileId}
                view={selected}
                all={all}
                online={online}
                asOf={accounts?.asOf ?? null}
                nowMs={nowMs}
                spend={spend}
                onClose={() => setSelectedId(null)}
              />
            </ErrorBoundary>
          ) : null
        }
      >
        {accounts === undefined ? (
          <p className="muted">Reading the saved accounts…</p>
        ) : shown.length === 0 ? (
          <p className="muted">
            {all.length === 0
              ? 'No accounts saved yet: they arrive with the first sync.'
              : 'Every saved account is closed: tick "Show closed" to see them.'}
          </p>
        ) : (
          <>
            <PickList
              label="Virtual accounts"
              selectedId={selectedId}
              onSelect={setSelectedId}
              items={shown.map((v) => {
                const a = v.virtualAccount;
                return {
                  id: a.id,
                  text: a.name,
                  content: (
                    <span className={`account-item${isClosed(v) ? ' account-item--closed' : ''}`}>
                      <span className="pick-item__name">{a.name}</span>
                      <span className="account-item__money">{money(v.balance.amountCents)}</span>
                      {/* The type and the month's card spend share a line, and wrap rather than squeeze the name. */}
                      <span className="account-item__line">
                        <span className="account-item__type">
                          {a.accountType === 'primary' ? 'Primary' : 'Virtual account'}
                          {isClosed(v) ? ' · closed' : ''}
                        </span>
                        <span className="account-item__spend" data-testid="account-item-card-spend">
                          {spendLabel} {spendOf(a.id)}
                        </span>
                      </span>
                    </span>
                  ),
                };
              })}
            />
            <p className="accounts-total" data-testid="accounts-total">
              Total of the {count(shown.length)} shown: balance <strong>{money(totals.balanceCents)}</strong>;{' '}
              {spendLabel} {spendTotal}
            </p>
          </>
        )}
      </ListDetail>
    </section>
  );
}
