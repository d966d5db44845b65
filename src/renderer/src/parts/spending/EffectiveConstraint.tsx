import { utilizationLimitsOf, type Card, type CardGroup, type Merchant } from '../../../../shared/service';
import { describeEffectiveConstraint } from '../../cards/model/describe-constraint';
import './spending.css';

interface Props {
  card: Card;
  /** The card's group as cached; omitted when the card has none or it is not cached. */
  group?: CardGroup | undefined;
  /** Cached merchants, to name those a merchant rule lists by id. */
  merchants?: readonly Merchant[] | undefined;
  /** The limits are shown as bars beside these words: leave them out here, so each shows once. */
  limitsApart?: boolean;
}

function Rules({ heading, rules, empty }: { heading: string; rules: string[]; empty: string }) {
  return (
    <section aria-label={heading}>
      <h4 className="panel__title">{heading}</h4>
      {rules.length ? (
        <ul className="spending-words">
          {rules.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : (
        <p className="spending-words__empty">{empty}</p>
      )}
    </section>
  );
}

/** What limits a card, in plain words: its own rules and its group's, each under its own heading. */
export function EffectiveConstraint({ card, group, merchants = [], limitsApart = false }: Props) {
  const words = describeEffectiveConstraint(card, group, merchants, !limitsApart);
  const none = (c: Parameters<typeof utilizationLimitsOf>[0]) =>
    limitsApart && utilizationLimitsOf(c).length ? 'None besides its limits.' : 'None.';
  const inGroup = group !== undefined && group.id === card.cardGroupId;
  return (
    <div className="form__live">
      <p>{words.summary}</p>
      <Rules heading="This card’s own rules" rules={words.card} empty={none(card.spendingConstraint)} />
      {inGroup ? (
        <Rules
          heading={`Rules of its group “${group.name}” (shared by every card in it)`}
          rules={words.group}
          empty={none(group.spendingConstraint)}
        />
      ) : null}
    </div>
  );
}
