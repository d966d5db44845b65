import type { ReactNode } from 'react';
import { ListBox, ListBoxItem, type Key, type Selection } from 'react-aria-components';

export interface PickItem {
  id: string;
  /** What typing a name finds the item by, and what a screen reader reads first. */
  text: string;
  content: ReactNode;
}

interface Props {
  label: string;
  items: readonly PickItem[];
  selectedId: string | null;
  onSelect(id: string): void;
  className?: string;
}

/**
 * A short list to choose one item from, its detail shown beside it (React Aria's listbox): one Tab
 * stop, arrows and Home/End move, typing a name jumps to it, Enter or Space or a click chooses.
 */
export function PickList({ label, items, selectedId, onSelect, className }: Props) {
  const onSelectionChange = (keys: Selection) => {
    const first: Key | undefined = keys === 'all' ? undefined : [...keys][0];
    if (first !== undefined) onSelect(String(first));
  };
  return (
    <ListBox
      aria-label={label}
      className={`pick-list${className ? ` ${className}` : ''}`}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={selectedId ? [selectedId] : []}
      onSelectionChange={onSelectionChange}
      items={items}
    >
      {(item) => (
        <ListBoxItem id={item.id} textValue={item.text} className="pick-item">
          {item.content}
        </ListBoxItem>
      )}
    </ListBox>
  );
}
