/** The service takes card and group names of 1 to 100 characters. */
export const MAX_NAME_LENGTH = 100;

const EXAMPLE = { card: 'Travel – Alex', group: 'Field sales' } as const;

/** What is wrong with a (trimmed) card or group name, or undefined when the service will take it. */
export function nameProblem(name: string, what: 'card' | 'group'): string | undefined {
  if (!name) return `Give the ${what} a name, e.g. "${EXAMPLE[what]}".`;
  if (name.length > MAX_NAME_LENGTH)
    return `A ${what} name has at most ${MAX_NAME_LENGTH} characters; this one has ${name.length}.`;
  return undefined;
}
