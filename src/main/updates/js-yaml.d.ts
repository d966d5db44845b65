// js-yaml 4 ships no types; these are the two members the update feed uses.
declare module 'js-yaml' {
  export const FAILSAFE_SCHEMA: unknown;
  export function load(text: string, options?: { schema?: unknown; filename?: string }): unknown;
}
