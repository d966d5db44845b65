import { useState } from 'react';
import type { Card, Merchant, VirtualAccountView } from '../../../../shared/service';
import { useCachedTransactions } from '../../transactions/commands/cached-transactions';
import { useServiceUtilization } from '../../cards/commands/service-reads';
import { fundingAccountOf, spendQuery, spendWindowStart } from '../../cards/model/spend-window';
import { useEntities } from '../../repos/entities-hooks';
import { ConstraintEditor } from '../../parts/spending/ConstraintEditor';
import { EffectiveConstraint } from '../../parts/spending/EffectiveConstraint';
import { PurchaseCheck, type SimulatedOutcome } from '../../parts/spending/PurchaseCheck';
import type { Purchase } from '../../cards/model/purchase-check';
import { SpendCountedNote, UtilizationMeters } from '../../parts/spending/UtilizationMeters';
import { dateTime } from '../../model/format';
import { cardKindWords, cardStatusWords } from '../../cards/model/words';
import { DetailPane, DetailSection } from '../../ui/DetailPane';
import { Fields, TechValue } from '../../ui/Fields';
import { ServiceUtilizationLine } from '../../parts/spending/ServiceUtilizationLine';
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

/** Everything about one card: its fields, what it spent, its events, its limits, and its edits. */
export function CardDetail({
  profileId,
  card,
  simulate,
  directory,
  online,
  disabledReason,
  onClose,
  onOpenTransactions,
}: Props) {
  const group = card.cardGroupId ? directory.groups.find((g) => g.id === card.cardGroupId) : undefined;
  // A card in a group spends against the group: the service answers the group's utilization.
  const owner = card.cardGroupId
    ? ({ kind: 'group', id: card.cardGroupId } as const)
    : ({ kind: 'card', id: card.id } as const);
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
  // (The reads are keyed on the query's text, so a query rebuilt with the same content reads nothing again.)
  const cardQuery = spendQuery([card.id], since);
  const members = card.cardGroupId
    ? [
        card.id,
        ...directory.cards.filter((c) => c.cardGroupId === card.cardGroupId && c.id !== card.id).map((c) => c.id),
      ]
    : [];
  const groupQuery = spendQuery(members, since);
  const spend = useCachedTransactions(profileId, cardQuery, SPEND_ROWS);
  const groupSpend = useCachedTransactions(profileId, groupQuery, SPEND_ROWS);
  const groupName = card.cardGroupId
    ? (group?.name ?? card.cardGroupName ?? 'A group not saved on this computer')
    : 'No group';
  const technical = [
    ['Card id', <TechValue key="id">{card.id}</TechValue>],
    ['Card product', card.cardProductId ? <TechValue key="product">{card.cardProductId}</TechValue> : 'Not given'],
    ['Account id', <TechValue key="account">{card.accountId}</TechValue>],
    ['Virtual account id', card.virtualAccountId ? <TechValue key="va">{card.virtualAccountId}</TechValue> : undefined],
    ['Group id', card.cardGroupId ? <TechValue key="group">{card.cardGroupId}</TechValue> : undefined],
  ] as const;
  return (
    <DetailPane
      label="Card details"
      title={card.name}
      closeLabel="the card details"
      onClose={onClose}
      sub={
        <>
          •••• {card.last4} ·{' '}
          <span className={`card-status card-status--${card.status}`}>{cardStatusWords(card.status)}</span> ·{' '}
          {cardKindWords(card).toLowerCase()}
        </>
      }
    >
      <Fields
        fields={[
          [
            'Kind',
            card.isSingleUse ? `${cardKindWords(card)}: closes after its first authorization` : cardKindWords(card),
          ],
          ['Expires', `${card.expiryMonth}/${card.expiryYear}`],
          ['Account', directory.accountName(card.accountId)],
          [
            'Virtual account',
            card.virtualAccountId
              ? directory.virtualAccountName(card.virtualAccountId)
              : 'The group’s or the primary account’s',
          ],
          ['Group', groupName],
          ['Created', card.createdAt ? dateTime(card.createdAt) : 'Not given'],
        ]}
      />
      <CardSecrets profileId={profileId} card={card} online={online} />

      <ServiceUtilizationLine
        utilization={utilization}
        online={online}
        title={card.cardGroupId ? 'Utilization (the group’s: this card spends against it)' : 'Utilization'}
      />

      <CardTransactions profileId={profileId} card={card} onOpenAll={onOpenTransactions} />
      <CardEventsTimeline profileId={profileId} card={card} online={online} />
      <DetailSection title="Spending controls" label="Spending controls">
        <EffectiveConstraint card={card} group={group} merchants={merchants?.items} />
        {!spend.complete || !groupSpend.complete ? (
          <p className="field__error" role="alert">
            More than {SPEND_ROWS.toLocaleString('en-US')} purchases fall in the current periods: the meters and the
            check below count the newest of them only.
          </p>
        ) : null}
        {/* The card's own meters, unless it has no limit of its own and its group's meters say it all. */}
        {ownLimits || !groupLimits ? (
          <UtilizationMeters constraint={card.spendingConstraint} transactions={spend.rows} now={now} />
        ) : null}
        {group?.spendingConstraint ? (
          <UtilizationMeters
            constraint={group.spendingConstraint}
            transactions={groupSpend.rows}
            now={now}
            scope={`the group ${group.name}`}
          />
        ) : null}
        {ownLimits || groupLimits ? <SpendCountedNote /> : null}
        <PurchaseCheck
          card={card}
          group={group}
          transactions={spend.rows}
          groupTransactions={groupSpend.rows}
          fundingBalanceCents={funding?.balance.amountCents}
          merchants={merchants?.items ?? []}
          now={now}
          {...(simulate
            ? {
                onSimulate: async (p) => {
                  const outcome = await simulate(p);
                  setVersion((v) => v + 1);
                  return outcome;
                },
              }
            : {})}
        />
        <ConstraintEditor profileId={profileId} owner={{ kind: 'card', card }} online={online} />
      </DetailSection>
      <CardEdits
        profileId={profileId}
        card={card}
        directory={directory}
        disabledReason={disabledReason}
        technical={technical}
      />
    </DetailPane>
  );
}
