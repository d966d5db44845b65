import { useRef, type KeyboardEvent } from 'react';

export interface Tab<Id extends string> {
  id: Id;
  label: string;
}

/**
 * A tablist (WAI-ARIA tabs, automatic activation): Left/Right move between tabs and select,
 * Home/End go to the ends; only the selected tab is in the Tab order, so Tab moves on into its panel.
 */
export function DirectoryTabs<Id extends string>({
  tabs,
  selected,
  onSelect,
}: {
  tabs: readonly Tab<Id>[];
  selected: Id;
  onSelect(id: Id): void;
}) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const move = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    const tab = to === null ? undefined : tabs[to];
    if (!tab) return;
    e.preventDefault();
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  return (
    <div role="tablist" aria-label="Directory lists" className="directory-tabs">
      {tabs.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            if (el) refs.current.set(t.id, el);
            else refs.current.delete(t.id);
          }}
          type="button"
          role="tab"
          id={`directory-tab-${t.id}`}
          aria-controls={`directory-panel-${t.id}`}
          aria-selected={t.id === selected}
          tabIndex={t.id === selected ? 0 : -1}
          className="directory-tab"
          onClick={() => onSelect(t.id)}
          onKeyDown={(e) => move(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
