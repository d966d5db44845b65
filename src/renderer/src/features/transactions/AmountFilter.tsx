import { useEffect, useState } from 'react';
import { formatCents, parseCents } from '../../../../shared/money';
import { TextField } from '../../ui/TextField';

interface Props {
  id: string;
  label: string;
  placeholder: string;
  cents: number | undefined;
  onCents(cents: number | undefined): void;
}

/**
 * An amount bound typed as people write money ("-1,200", "42.50"), applied as integer cents. Text
 * that is not an amount stays in the field with a message and does not change the search.
 */
export function AmountFilter({ id, label, placeholder, cents, onCents }: Props) {
  const [text, setText] = useState(cents !== undefined ? formatCents(cents) : '');
  const [error, setError] = useState<string | undefined>(undefined);
  // A chip removed (or a saved search applied) elsewhere puts the field in step.
  useEffect(() => {
    if (cents === undefined) setText((t) => (parseCents(t) === null ? t : ''));
    else setText((t) => (parseCents(t) === cents ? t : formatCents(cents)));
  }, [cents]);
  return (
    <div className="filter">
      <TextField
        id={id}
        label={label}
        inputMode="decimal"
        placeholder={placeholder}
        value={text}
        error={error}
        onChange={(e) => {
          const value = e.target.value;
          setText(value);
          if (value.trim() === '') {
            setError(undefined);
            onCents(undefined);
            return;
          }
          const parsed = parseCents(value);
          setError(parsed === null ? 'Type an amount such as 42.50 or -1,200' : undefined);
          if (parsed !== null) onCents(parsed);
        }}
      />
    </div>
  );
}
