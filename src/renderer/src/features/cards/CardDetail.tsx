import { useMemo, useState } from 'react';
import type { Card, Merchant, VirtualAccountView } from '../../../../shared/service';
import { useCachedTransactions } from '../../cards/commands/cached-transactions';
import { useServiceUtilization } from '../../cards/commands/service-reads';
import { fundingAccountOf, spendWindowStart } from '../../cards/model/spend-window';
import { useEntities } from '../../repos/entities-hooks';
import { ConstraintEditor } from '../spending/ConstraintEditor';
import { EffectiveConstraint } from '../spending/EffectiveConstraint';
import { PurchaseCheck, type SimulatedOutcome } from '../spending/PurchaseCheck';
import type { Purchase } from '../../cards/model/purchase-check';
import { UtilizationMeters } from '../spending/UtilizationMeters';
import { dateTime } from '../../model/format';
import { ServiceUtilizationLine } from '../spending/ServiceUtilizationLine';
import { CardEdits } from './CardEdits';
import { CardSecrets } from './CardSecrets';
import { CardEventsTimeline, CardTransactions } from './CardActivity';
import type { CardDirectory } from './useCardDirectory';

/** Most purchases read to measure a card's limits (a card at a million rows may have more in a year). */
const SPEND_ROWS = 20_000;

interface Props {
  profileId: string;
  card: Card;
  /** Demo only: sends a purchase to the sandbox's authorization route. */
  simulate?: ((p: Purchase) => Promise<SimulatedOutcome>) | undefined;
  directory: CardDirectory;
  online: boolean;
  disabledReason: string | undefined;
  onClose(): void;
  onOpenTransactions(): void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** Everything about one card: its fields, what it spent, its events, its limits, and its edits. */
export function CardDetail({ profileId, card, simulate, directory, online, disabledReason, onClose, onOpenTransactions }: Props) {
  const group = card.cardGroupId ? directory.groups.find((g) => g.id === card.cardGroupId) : undefined;
  // A card in a group spends against the group: the service answers the group's utilization.
  const owner = card.cardGroupId ? ({ kind: 'group', id: card.cardGroupId } as const) : ({ kind: 'card', id: card.id } as const);
  const [version, setVersion] = useState(0);
  const utilization = useServiceUtilization(profileId, owner, online, version);
  const merchants = useEntities<Merchant>(profileId, 'merchant');
  const vas = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  const funding = fundingAccountOf(card, group, vas?.items ?? []);
  // The clock of this view: read once per render of new data, so the meters and the check agree.
  const now = Date.now();
  const ownLimits = spendWindowStart([card.spendingConstraint], now) !== undefined;
  const groupLimits = spendWindowStart([group?.spendingConstraint], now) !== undefined;
  const since = spendWindowStart([card.spendingConstraint, group?.spendingConstraint], now);
  // Only debits within the earliest current period count against a limit; none are read when there is no limit.
  const cardQuery = useMemo(() => (since === undefined ? null : { cardIds: [card.id], maxCents: -1, ...(since !== null ? { fromMs: since } : {}) }), [card.id, since]);
  const groupQuery = useMemo(
    () => (since === undefined || !card.cardGroupId ? null : { cardGroupIds: [card.cardGroupId], maxCents: -1, ...(since !== null ? { fromMs: since } : {}) }),
    [card.cardGroupId, since],
  );
  const spend = useCachedTransactions(profileId, cardQuery, SPEND_ROWS);
  const groupSpend = useCachedTransactions(profileId, groupQuery, SPEND_ROWS);
  return (
    <aside className="detail-pane" role="region" aria-label="Card details">
      <div className="detail-pane__head">
        <div>
          <h2 className="detail-pane__title">{card.name}</h2>
          <p className="detail-pane__sub">
            •••• {card.last4} · <span className={`card-status card-status--${card.status}`}>{card.status}</span> · {card.isPhysical ? 'physical' : 'virtual'}
            {card.isSingleUse ? ' · single use' : ''}
          </p>
        </div>
        <button type="button" className="button button--quiet" onClick={onClose} aria-label="Close the card details">
          ✕
        </button>
      </div>
      <dl className="detail-fields">
        <Field label="Card id">
          <code>{card.id}</code>
        </Field>
        <Field label="Type">{card.isPhysical ? 'Physical' : 'Virtual'}</Field>
        <Field label="Single use">{card.isSingleUse ? 'Yes: closes after its first authorization' : 'No'}</Field>
        <Field label="Expires">
          {card.expiryMonth}/{card.expiryYear}
        </Field>
        <Field label="Account">{directory.accountName(card.accountId)}</Field>
        <Field label="Virtual account">{directory.virtualAccountName(card.virtualAccountId)}</Field>
        <Field label="Group">{card.cardGroupId ? (group?.name ?? card.cardGroupName ?? card.cardGroupId) : 'No group'}</Field>
        <Field label="Card product">{card.cardProductId ?? 'Not given'}</Field>
        <Field label="Created">{card.createdAt ? dateTime(card.createdAt) : 'Not given'}</Field>
        <Field label="userData">
          {card.userData ? <pre className="card-json">{JSON.stringify(card.userData, null, 2)}</pre> : <span className="muted">None</span>}
        </Field>
      </dl>
      <CardSecrets profileId={profileId} card={card} online={online} />

      <ServiceUtilizationLine
        utilization={utilization}
        online={online}
        title={card.cardGroupId ? 'Utilization (the group’s: this card spends against it)' : 'Utilization'}
      />

      <CardEdits profileId={profileId} card={card} directory={directory} disabledReason={disabledReason} />
      <CardTransactions profileId={profileId} card={card} onOpenAll={onOpenTransactions} />
      <CardEventsTimeline profileId={profileId} card={card} online={online} />
      <section className="card-section" aria-label="Spending controls">
        <h3 className="card-section__title">Spending controls</h3>
        <EffectiveConstraint card={card} group={group} />
        {!spend.complete || !groupSpend.complete ? (
          <p className="field__error">
            More than {SPEND_ROWS.toLocaleString('en-US')} purchases fall in the current periods: the meters and the check below count the newest of them only.
          </p>
        ) : null}
        {/* The card's own meters, unless it has no limit of its own and its group's meters say it all. */}
        {ownLimits || !groupLimits ? <UtilizationMeters constraint={card.spendingConstraint} transactions={spend.rows} now={now} /> : null}
        {group?.spendingConstraint ? <UtilizationMeters constraint={group.spendingConstraint} transactions={groupSpend.rows} now={now} scope={`the group ${group.name}`} /> : null}
        <PurchaseCheck
          card={card}
          group={group}
          transactions={spend.rows}
          groupTransactions={groupSpend.rows}
          fundingBalanceCents={funding?.balance.amountCents}
          merchants={merchants?.items ?? []}
          now={now}
          {...(simulate ? { onSimulate: async (p) => {
            const outcome = await simulate(p);
            setVersion((v) => v + 1);
            return outcome;
          } } : {})}
        />
        <ConstraintEditor profileId={profileId} owner={{ kind: 'card', card }} online={online} />
      </section>
    </aside>
  );
}
