import { TextField } from '../../ui/TextField';

export interface ApiKeyFieldProps {
  id: string;
  label?: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  hint?: string | undefined;
  readOnly: boolean;
}

/** A key is typed like a password: hidden, never autofilled, never spell-checked (which would send it to a dictionary). */
export function ApiKeyField({ id, label = 'API key', value, onChange, error, hint, readOnly }: ApiKeyFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      type="password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={hint}
      autoComplete="off"
      spellCheck={false}
      readOnly={readOnly}
    />
  );
}
