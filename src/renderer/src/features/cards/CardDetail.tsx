import { useEffect, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
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
import { dayOrDateTime } from '../../model/format';
import { cardKindWords } from '../../cards/model/words';
import { runOnScreen } from '../../stores/action-registry';
import { DetailPane, DetailSection } from '../../ui/DetailPane';
import { Fields, TechValue } from '../../ui/Fields';
import { ServiceUtilizationLine } from '../../parts/spending/ServiceUtilizationLine';
import { CardEdits } from './CardEdits';
import { CardHeader, type CardHeaderTarget } from './CardHeader';
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

type CardTab = 'overview' | 'transactions' | 'controls';

/**
 * Everything about one card under a header with its state and actions, in three tabs: Overview
 * (its fields, number and edits), Transactions (with its network events) and Controls (each
 * limit once as a bar, the purchase check, the rules and their editor).
 */
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
  const [tab, setTab] = useState<CardTab>('overview');
  const [focusAfter, setFocusAfter] = useState<Exclude<CardHeaderTarget, 'reveal'> | null>(null);
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
  const groupName = card.cardGroupId ? (group?.name ?? card.cardGroupName ?? 'A group not synced yet') : 'No group';
  const technical = [
    ['Card id', <TechValue key="id">{card.id}</TechValue>],
    ['Card product', card.cardProductId ? <TechValue key="product">{card.cardProductId}</TechValue> : 'Not given'],
    ['Account id', <TechValue key="account">{card.accountId}</TechValue>],
    ['Virtual account id', card.virtualAccountId ? <TechValue key="va">{card.virtualAccountId}</TechValue> : undefined],
    ['Group id', card.cardGroupId ? <TechValue key="group">{card.cardGroupId}</TechValue> : undefined],
  ] as const;
  // The header's buttons open a tab, then bring the part they name into view.
  const go = (target: CardHeaderTarget) => {
    setTab(target === 'limits' ? 'controls' : 'overview');
    if (target === 'reveal') runOnScreen('card:reveal');
    else setFocusAfter(target);
  };
  useEffect(() => {
    if (!focusAfter) return;
    setFocusAfter(null);
    const part = document.getElementById(
      focusAfter === 'limits' ? `card-limits-editor-${card.id}` : `card-edits-${card.id}`,
    );
    part?.scrollIntoView({ block: 'start' });
    const first = part?.querySelector<HTMLElement>(
      'input:not(:disabled), select:not(:disabled), button:not(:disabled)',
    );
    (first ?? part)?.focus();
  }, [focusAfter, card.id]);

  return (
    <DetailPane label="Card details" title={card.name} closeLabel="the card details" onClose={onClose}>
      <CardHeader profileId={profileId} card={card} disabledReason={disabledReason} online={online} onGo={go} />
      <Tabs className="tabs" selectedKey={tab} onSelectionChange={(k) => setTab(k as CardTab)}>
        <TabList className="tabs__list" aria-label="Card details">
          <Tab id="overview" className="tabs__tab">
            Overview
          </Tab>
          <Tab id="transactions" className="tabs__tab">
            Transactions
          </Tab>
          <Tab id="controls" className="tabs__tab">
            Controls
          </Tab>
        </TabList>
        <TabPanel id="overview" className="tabs__panel">
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
              ['Created', card.createdAt ? dayOrDateTime(card.createdAt) : 'Not given'],
            ]}
          />
          <CardSecrets profileId={profileId} card={card} online={online} />
          <CardEdits
            profileId={profileId}
            card={card}
            directory={directory}
            disabledReason={disabledReason}
            technical={technical}
          />
        </TabPanel>
        <TabPanel id="transactions" className="tabs__panel">
          <CardTransactions profileId={profileId} card={card} onOpenAll={onOpenTransactions} />
          <CardEventsTimeline profileId={profileId} card={card} online={online} />
        </TabPanel>
        <TabPanel id="controls" className="tabs__panel">
          <DetailSection title="Limits" label="Spending controls">
            {!spend.complete || !groupSpend.complete ? (
              <p className="field__error" role="alert">
                More than {SPEND_ROWS.toLocaleString('en-US')} purchases fall in the current periods: the bars and the
                check below count the newest of them only.
              </p>
            ) : null}
            {/* The card's own bars, unless it has no limit of its own and its group's bars say it all. */}
            {ownLimits || !groupLimits ? (
              <UtilizationMeters constraint={card.spendingConstraint} transactions={spend.rows} now={now} />
            ) : null}
            {group?.spendingConstraint && groupLimits ? (
              <p className="spending-meter__scope">
                The limits of the group “{group.name}”, shared by every card in it:
              </p>
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
            <ServiceUtilizationLine
              utilization={utilization}
              online={online}
              title={card.cardGroupId ? 'The bank’s count for the group' : 'The bank’s count'}
            />
            <EffectiveConstraint card={card} group={group} merchants={merchants?.items} limitsApart />
          </DetailSection>
          <DetailSection title="Would this purchase go through?" label="Purchase check">
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
          </DetailSection>
          <div id={`card-limits-editor-${card.id}`} tabIndex={-1}>
            <ConstraintEditor profileId={profileId} owner={{ kind: 'card', card }} online={online} />
          </div>
        </TabPanel>
      </Tabs>
    </DetailPane>
  );
}
