import type { Card } from '../../../../shared/service';
import { useServiceUtilization } from '../../cards/commands/service-reads';
import { dateTime } from '../../model/format';
import { ServiceUtilizationLine } from '../spending/ServiceUtilizationLine';
import { CardEdits } from './CardEdits';
import { CardEventsTimeline, CardTransactions } from './CardActivity';
import type { CardDirectory } from './useCardDirectory';

interface Props {
  profileId: string;
  card: Card;
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
export function CardDetail({ profileId, card, directory, online, disabledReason, onClose, onOpenTransactions }: Props) {
  const group = card.cardGroupId ? directory.groups.find((g) => g.id === card.cardGroupId) : undefined;
  // A card in a group spends against the group: the service answers the group's utilization.
  const owner = card.cardGroupId ? ({ kind: 'group', id: card.cardGroupId } as const) : ({ kind: 'card', id: card.id } as const);
  const utilization = useServiceUtilization(profileId, owner, online);
  return (
    <aside className="card-detail" role="region" aria-label="Card details">
      <div className="card-detail__head">
        <div>
          <h2 className="card-detail__title">{card.name}</h2>
          <p className="card-detail__sub">
            •••• {card.last4} · <span className={`card-status card-status--${card.status}`}>{card.status}</span> · {card.isPhysical ? 'physical' : 'virtual'}
            {card.isSingleUse ? ' · single use' : ''}
          </p>
        </div>
        <button type="button" className="button button--quiet" onClick={onClose} aria-label="Close the card details">
          ✕
        </button>
      </div>
      <dl className="card-fields">
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

      <ServiceUtilizationLine
        utilization={utilization}
        online={online}
        title={card.cardGroupId ? 'Utilization (the group’s: this card spends against it)' : 'Utilization'}
      />

      <CardEdits profileId={profileId} card={card} directory={directory} disabledReason={disabledReason} />
      <CardTransactions profileId={profileId} card={card} onOpenAll={onOpenTransactions} />
      <CardEventsTimeline profileId={profileId} card={card} online={online} />
    </aside>
  );
}
