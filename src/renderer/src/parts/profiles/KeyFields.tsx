import { ApiKeyField, type ApiKeyFieldProps } from './ApiKeyField';
import { SessionOnlyOption } from './SessionOnlyOption';
import type { KeyStorageChoice } from './useKeyStorageChoice';

interface Props extends Omit<ApiKeyFieldProps, 'id'> {
  /** Prefix of the inputs' ids (`<prefix>-apiKey`, `<prefix>-sessionOnly`), so a form can focus the key. */
  idPrefix: string;
  storage: KeyStorageChoice;
  /** Defaults to recording the choice; a form that must also react to it passes its own. */
  onSessionOnlyChange?(sessionOnly: boolean): void;
}

/** The API key and where to keep it: the same two fields in the add form and both profile dialogs. */
export function KeyFields({ idPrefix, storage, onSessionOnlyChange = storage.choose, ...key }: Props) {
  return (
    <>
      <ApiKeyField id={`${idPrefix}-apiKey`} {...key} />
      <SessionOnlyOption
        id={`${idPrefix}-sessionOnly`}
        checked={storage.sessionOnly}
        keychain={storage.keychain}
        onChange={(v) => {
          if (!key.readOnly) onSessionOnlyChange(v);
        }}
      />
    </>
  );
}
