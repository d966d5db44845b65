import { useEffect, useRef, useState } from 'react';
import type { Account, VirtualAccountView } from '../../../../shared/service';
import { readAccount } from '../../accounts/commands/fetch-accounts';
import { describeRule, nextCollection } from '../../accounts/model/commission-words';
import { copyText } from '../../cards/commands/copy';
import { ago, dateTime, money } from '../../model/format';
import { AccountActivity } from './AccountActivity';
import { AccountEdits } from './AccountEdits';
import { AccountExport } from './AccountExport';
import { CloseAccount } from './CloseAccount';
import { OfframpPanel } from './OfframpPanel';
import { StatusNote } from '../../ui/StatusNote';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { DetailPane, DetailSection } from '../../ui/DetailPane';
import { Fields, TechnicalDetails, TechValue } from '../../ui/Fields';
import { useEntities } from '../../repos/entities-hooks';
import { useOutflows } from '../../outbox/commands/useOutflows';
import { balanceAfter } from '../../outbox/model/balance-after';
import type { Summaries } from '../../forecast/commands/tx-summaries';
import { monthSpendOf } from '../../forecast/model/spend-queries';
import { cardSpendLabel } from '../../model/card-spend';

interface Props {
  profileId: string;
  view: VirtualAccountView;
  /** Every cached account (closed too): where a balance can move before a close. */
  all: readonly VirtualAccountView[];
  online: boolean;
  asOf: number | null;
  /** "Today" for the commission's next date and the chart's window, fixed while the screen is open. */
  nowMs: number;
  /** The profile's card spend totals (forecast/commands/card-spend.ts), read once by the screen for the list and this detail. */
  spend: Summaries;
  onClose(): void;
}

export function AccountDetail({ profileId, view, all, online, asOf, nowMs, spend, onClose }: Props) {
  const a = view.virtualAccount;
  const [reading, setReading] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  // "X is closed.": said here, where focus lands, because the close section is gone once it is.
  const [closed, setClosed] = useState<string | null>(null);
  const closedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (closed) closedRef.current?.focus();
  }, [closed]);
  const next = nextCollection(view.commissionRule, nowMs);
  const mainAccounts = useEntities<Account>(profileId, 'account');
  // What the queue leaves in it: the figure the Transfers panel and Approvals show for its last item.
  const { outflows } = useOutflows(profileId);
  const after = outflows === undefined ? undefined : balanceAfter(a.id, view.balance.amountCents, outflows);
  const afterLine =
    after && after.ahead.count > 0
      ? `${money(after.afterCents)} after ${after.ahead.count === 1 ? '1 queued item' : `${after.ahead.count} queued items`} (${money(after.ahead.cents)})`
      : null;

  const readAgain = async () => {
    setReading(true);
    setNote(null);
    const r = await readAccount(profileId, a.id);
    setReading(false);
    setNote(
      r.ok
        ? { text: `Refreshed from the bank: balance ${money(r.value.balance.amountCents)}.`, error: false }
        : { text: r.error.message, error: true },
    );
  };

  const mainAccount = mainAccounts?.items.find((m) => m.id === a.accountId)?.name;
  return (
    <DetailPane
      label="Account details"
      title={a.name}
      closeLabel="the account details"
      onClose={onClose}
      sub={
        <>
          <strong data-testid="account-balance">{money(view.balance.amountCents)}</strong>
          {afterLine ? (
            <>
              {' · '}
              <span data-testid="account-balance-after">{afterLine}</span>
            </>
          ) : null}
          {' · '}
          {a.accountType === 'primary'
            ? 'Primary account (the main account itself)'
            : 'Virtual account under the main account'}
          {a.closedAt ? ` · closed ${dateTime(a.closedAt)}` : ''}
          {asOf ? ` · as of ${ago(asOf)}` : ''}
          {online ? '' : ' · offline'}
        </>
      }
    >
      {closed ? (
        <p ref={closedRef} className="muted" role="status" tabIndex={-1}>
          {closed}
        </p>
      ) : null}
      {/* What an account opens on: its balance over time and its activity; then its facts, and changes last. */}
      <AccountActivity profileId={profileId} view={view} nowMs={nowMs} />
      <DetailSection title="About this account">
        <Fields
          fields={[
            ['Balance', money(view.balance.amountCents)],
            ...(afterLine ? [['Balance after the queue', afterLine] as [string, string]] : []),
            [
              cardSpendLabel(nowMs),
              <span data-testid="account-card-spend">
                {spend.state === 'ready'
                  ? money(monthSpendOf(spend.outByKey, a.id))
                  : spend.state === 'error'
                    ? (spend.error ?? 'Not known')
                    : 'Totalling…'}
              </span>,
            ],
            ['Account number', <CopyValue label="account number" value={a.accountNumber} />],
            ['Routing number', <CopyValue label="routing number" value={a.routingNumber} />],
            ['Main account', mainAccount ?? 'The company’s main account'],
            ['Closed', a.closedAt ? dateTime(a.closedAt) : 'No: open'],
            [
              'Commission',
              <span data-testid="commission-rule">
                {describeRule(view.commissionRule)}
                {next ? <span className="account-next"> · next collection {next}</span> : null}
              </span>,
            ],
          ]}
        />
        <div className="account-actions">
          <button
            type="button"
            className="button"
            disabled={!online || reading}
            title={online ? undefined : 'Offline: refreshing needs the connection to the bank.'}
            onClick={() => void readAgain()}
          >
            {reading ? 'Refreshing…' : 'Refresh this account'}
          </button>
          <StatusNote note={note} />
        </div>
      </DetailSection>
      <AccountExport profileId={profileId} view={view} />
      <ErrorBoundary what="The off-ramp wallets">
        <OfframpPanel profileId={profileId} view={view} online={online} />
      </ErrorBoundary>
      <AccountEdits profileId={profileId} view={view} online={online} />
      <TechnicalDetails
        fields={[
          ['Virtual account id', <TechValue>{a.id}</TechValue>],
          ['Main account id', <TechValue>{a.accountId}</TechValue>],
          ['Commission rule id', view.commissionRule ? <TechValue>{view.commissionRule.id}</TechValue> : undefined],
          // Not the card spend above: the service's own total, all time, of cards and payments (pending and settled).
          ['Spend the service reports (all time, cards and payments)', money(view.spend.amountCents)],
        ]}
      />
      <CloseAccount profileId={profileId} view={view} all={all} online={online} onClosed={setClosed} />
    </DetailPane>
  );
}

/** A non-secret number and a Copy button (left on the clipboard: it is printed on statements). */
function CopyValue({ label, value }: { label: string; value: string | undefined }) {
  const [state, setState] = useState<{ text: string; error: boolean } | null>(null);
  if (!value) return <span className="muted">Not given by the service</span>;
  const copy = async () => {
    const r = await copyText(value);
    setState(r.ok ? { text: 'Copied', error: false } : { text: `Not copied: ${r.error.message}`, error: true });
  };
  return (
    <span className="account-copy">
      <span className="account-copy__value">{value}</span>
      <button type="button" className="button button--quiet" aria-label={`Copy ${label}`} onClick={() => void copy()}>
        Copy
      </button>
      <StatusNote note={state} />
    </span>
  );
}
