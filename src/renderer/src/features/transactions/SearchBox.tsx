import { useEffect, useRef, useState } from 'react';
import { MAX_QUERY_TEXT } from '../../model/tx-query';
import { useScreenActions } from '../../stores/action-registry';

interface Props {
  value: string;
  onChange(text: string): void;
  /** The last search cut the text to the limits. */
  truncated: boolean;
}

/** Search as you type; "/" focuses it from anywhere on the screen, Escape clears it. */
export function SearchBox({ value, onChange, truncated }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  // Registered, not a listener of its own: the shortcuts sheet lists it and the one key handler runs it.
  useScreenActions([
    {
      id: 'transactions:search',
      title: 'Search transactions',
      group: 'This screen',
      keywords: ['find', 'filter'],
      shortcut: { key: '/' },
      run: () => input.current?.focus(),
    },
  ]);

  return (
    <div className="search-box">
      <label htmlFor="tx-search" className="visually-hidden">
        Search transactions
      </label>
      <input
        id="tx-search"
        ref={input}
        type="search"
        className="field__input search-box__input"
        placeholder="Search merchant, memo, city, card or amount"
        aria-keyshortcuts="/"
        title="Press / to search from anywhere on this screen. Amounts as you write them: 42.50, -1,200."
        value={text}
        maxLength={MAX_QUERY_TEXT * 20}
        aria-describedby={truncated ? 'tx-search-cut' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) {
            e.preventDefault();
            setText('');
            onChange('');
          }
        }}
        autoComplete="off"
        spellCheck={false}
      />
      {truncated ? (
        <p id="tx-search-cut" className="field__hint" aria-live="polite">
          Only the first {MAX_QUERY_TEXT} characters (and 16 words) of the search are used.
        </p>
      ) : null}
    </div>
  );
}
