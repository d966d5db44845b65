import { useEffect, useRef, useState } from 'react';
import type { Account, VirtualAccountView } from '../../../../shared/service';
import { readAccount } from '../../accounts/commands/fetch-accounts';
import { describeRule, nextCollection } from '../../accounts/model/commission-words';
import { copyText } from '../../cards/commands/copy';
import { ago, day, money } from '../../model/format';
import { useNavigation } from '../../stores/navigation';
import { runOnScreen } from '../../stores/action-registry';
import { keepTransferSource } from '../../stores/kept-drafts';
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
import { useOutflows } from '../../app/useOutflows';
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
          {a.accountType === 'primary'
            ? 'Primary account (the main account itself)'
            : 'Virtual account under the main account'}
        </>
      }
    >
      {closed ? (
        <p ref={closedRef} className="muted" role="status" tabIndex={-1}>
          {closed}
        </p>
      ) : null}
      {/* The figure a treasurer opens an account for, and the one thing done from it most. */}
      <div className="account-headline">
        <div>
          <p className="account-headline__balance">
            <strong data-testid="account-balance">{money(view.balance.amountCents)}</strong>
          </p>
          <p className="account-headline__as-of" data-testid="account-balance-as-of">
            {asOf ? `Balance as of ${ago(asOf)}` : 'Balance as last read'}
            {online ? '' : ' · offline'}
            {afterLine ? (
              <>
                {' · '}
                <span data-testid="account-balance-after">{afterLine}</span>
              </>
            ) : null}
          </p>
        </div>
        {a.closedAt ? null : (
          <button type="button" className="button button--primary" onClick={() => sendFrom(profileId, a.id)}>
            Send from this account
          </button>
        )}
      </div>
      {/* What an account opens on: its balance over time and its activity; then its facts, and changes last. */}
      <AccountActivity profileId={profileId} view={view} nowMs={nowMs} />
      <DetailSection title="About this account">
        <Fields
          fields={[
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
            ['Account number', <CopyValue key={a.id} label="account number" value={a.accountNumber} masked />],
            ['Routing number', <CopyValue label="routing number" value={a.routingNumber} />],
            ['Main account', mainAccount ?? 'The company’s main account'],
            ['Status', a.closedAt ? `Closed on ${day(a.closedAt)}` : 'Open'],
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

/**
 * "The new-transfer panel of Transfers, from this account": the form's kept source is set first,
 * so the panel opens with it chosen and anything else already typed kept.
 */
function sendFrom(profileId: string, accountId: string): void {
  keepTransferSource(profileId, accountId);
  useNavigation.getState().go('transfers');
  runOnScreen('outbox:new-transfer');
}

/** The last four of a number, the rest as dots: what is shown until the person asks for it whole. */
const maskNumber = (value: string) => `•••• ${value.slice(-4)}`;

/**
 * A non-secret number and a Copy button (left on the clipboard: it is printed on statements).
 * `masked`: shown as its last four until Reveal, so a screen shared or looked over shows no
 * whole account number; Copy copies it whole either way.
 */
function CopyValue({ label, value, masked = false }: { label: string; value: string | undefined; masked?: boolean }) {
  const [state, setState] = useState<{ text: string; error: boolean } | null>(null);
  const [revealed, setRevealed] = useState(false);
  if (!value) return <span className="muted">Not given by the service</span>;
  const copy = async () => {
    const r = await copyText(value);
    setState(r.ok ? { text: 'Copied', error: false } : { text: `Not copied: ${r.error.message}`, error: true });
  };
  const hidden = masked && !revealed;
  return (
    <span className="account-copy">
      <span className="account-copy__value" data-testid={masked ? `${label.replace(/ /g, '-')}-shown` : undefined}>
        {hidden ? maskNumber(value) : value}
      </span>
      {masked ? (
        <button
          type="button"
          className="button button--quiet"
          aria-pressed={revealed}
          aria-label={`${revealed ? 'Hide' : 'Reveal'} ${label}`}
          onClick={() => setRevealed((r) => !r)}
        >
          {revealed ? 'Hide' : 'Reveal'}
        </button>
      ) : null}
      <button type="button" className="button button--quiet" aria-label={`Copy ${label}`} onClick={() => void copy()}>
        Copy
      </button>
      <StatusNote note={state} />
    </span>
  );
}
