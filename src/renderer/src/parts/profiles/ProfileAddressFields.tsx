import { addressNotAsTyped } from '../../../../shared/service-url';
import { TextField } from '../../ui/TextField';
import type { FieldErrors } from './fieldErrors';

export type AddressField = 'name' | 'baseUrl' | 'vaultUrl';

interface Props {
  /** Prefix of the inputs' ids (`<prefix>-name`, ...), so forms can focus the first bad field. */
  idPrefix: string;
  values: Record<AddressField, string>;
  errors: FieldErrors<AddressField>;
  onChange(field: AddressField, value: string): void;
  readOnly: boolean;
  /** The add form explains each field; the edit dialog is for people who already know. */
  withHints?: boolean;
}

/** A profile's name, service address and vault address: the same three fields wherever they are edited. */
export function ProfileAddressFields({ idPrefix, values, errors, onChange, readOnly, withHints = false }: Props) {
  // A look-alike host (Cyrillic а for Latin a) is shown as the ASCII name the key would go to.
  const realHost = (v: string) => {
    const ascii = addressNotAsTyped(v);
    return ascii ? `Connects to ${ascii}` : undefined;
  };
  const baseHint = realHost(values.baseUrl);
  const vaultHint = [
    realHost(values.vaultUrl),
    withHints ? 'Where full card numbers are revealed; it is a separate host.' : undefined,
  ]
    .filter(Boolean)
    .join('. ');
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label="Name"
        value={values.name}
        onChange={(e) => onChange('name', e.target.value)}
        error={errors.name}
        {...(withHints ? { hint: 'How this account appears in the profile switcher.' } : {})}
        autoComplete="off"
        readOnly={readOnly}
      />
      <TextField
        id={`${idPrefix}-baseUrl`}
        label="Service address (base URL)"
        type="url"
        value={values.baseUrl}
        onChange={(e) => onChange('baseUrl', e.target.value)}
        error={errors.baseUrl}
        {...(withHints ? { placeholder: 'https://api.example.com' } : {})}
        {...(baseHint ? { hint: baseHint } : {})}
        autoComplete="off"
        spellCheck={false}
        readOnly={readOnly}
      />
      <TextField
        id={`${idPrefix}-vaultUrl`}
        label="Vault address (vault URL)"
        type="url"
        value={values.vaultUrl}
        onChange={(e) => onChange('vaultUrl', e.target.value)}
        error={errors.vaultUrl}
        {...(withHints ? { placeholder: 'https://vault.example.com' } : {})}
        {...(vaultHint ? { hint: vaultHint } : {})}
        autoComplete="off"
        spellCheck={false}
        readOnly={readOnly}
      />
    </>
  );
}
