import { useCallback } from 'react';
import { create } from 'zustand';

/**
 * What a person has typed into a new transfer or payment, kept while the app runs: leaving the
 * screen (or the panel) and coming back finds the fields as they were. Nothing is written to
 * disk: a half-typed draft is not a queued one, and the queue is where drafts persist.
 */
interface KeptDrafts {
  fields: Readonly<Record<string, string>>;
  set(key: string, value: string): void;
}

const useKeptDrafts = create<KeptDrafts>()((set) => ({
  fields: {},
  set: (key, value) =>
    set((s) => {
      if (value === '') {
        const { [key]: _dropped, ...rest } = s.fields;
        return { fields: rest };
      }
      return { fields: { ...s.fields, [key]: value } };
    }),
}));

/**
 * A form field's text that outlives the form: `form` names the form and its profile
 * (`transfer:<profileId>`), `field` the field. Works as useState for a string.
 */
export function useKeptField(form: string, field: string): [string, (value: string) => void] {
  const key = `${form}\u0000${field}`;
  const value = useKeptDrafts((s) => s.fields[key] ?? '');
  const setKept = useKeptDrafts((s) => s.set);
  const set = useCallback((v: string) => setKept(key, v), [setKept, key]);
  return [value, set];
}

/**
 * Starts the new transfer of `profileId` from `source` ("Send from this account" on an account's
 * detail): the same kept field the form reads, so what else was typed stays.
 */
export function keepTransferSource(profileId: string, source: string): void {
  useKeptDrafts.getState().set(`transfer:${profileId}\u0000source`, source);
}
