import { useEffect, useRef, useState } from 'react';
import { MAX_QUERY_TEXT } from '../../search/model/query';

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

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');
      if (e.key === '/' && !typing) {
        e.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

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
        placeholder="Search: merchant, memo, city, card, amount (42.50, -1,200)…  Press / to focus"
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
