import type { AttentionItem } from '../../forecast/model/attention';
import { SECTIONS } from '../../model/sections';
import { useNavigation } from '../../stores/navigation';
import { Panel } from './Panel';

const labelOf = (id: AttentionItem['section']) => SECTIONS.find((s) => s.id === id)?.label ?? id;

/** What needs a person: overdrawing transfers, accounts forecast below zero, cards near a limit. */
export function AttentionList({ items }: { items: readonly AttentionItem[] }) {
  const go = useNavigation((s) => s.go);
  return (
    <Panel title="Needs attention" className="dashboard__attention">
      {items.length === 0 ? (
        <p>Nothing needs attention: no account is forecast below zero and no card is past 80% of a limit.</p>
      ) : (
        <ul className="dashboard__items" aria-label="Attention items">
          {items.map((item) => (
            <li key={item.key}>
              <span>{item.text}</span>
              <button type="button" className="button button--quiet" onClick={() => go(item.section)}>
                Open {labelOf(item.section)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
