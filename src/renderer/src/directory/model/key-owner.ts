import type { LegalEntity } from '../../../../shared/service';

/**
 * Whose key a profile holds, as far as its cache can tell. With an API key the service answers
 * GET /legal-entity with the entities the key can see; a key belongs to one legal entity and
 * sees only it (docs/service.md, "Authentication and the key's legal entity"), so a list of one
 * names the owner. No other answer names it: the own svc handle (GET /pay) carries an account id,
 * and an account does not say which entity it is under. Several entities (a token that sees more)
 * cannot be told apart, so the app says so rather than guess.
 */
export type KeyOwner =
  | { state: 'unknown' }
  | { state: 'none' }
  | { state: 'one'; entity: LegalEntity }
  | { state: 'several'; count: number };

/** `asOf` is when the legal entity list was last fetched whole (null: never). */
export function keyOwnerOf(entities: readonly LegalEntity[], asOf: number | null): KeyOwner {
  const [only] = entities;
  if (entities.length === 1 && only) return { state: 'one', entity: only };
  if (entities.length > 1) return { state: 'several', count: entities.length };
  return asOf === null ? { state: 'unknown' } : { state: 'none' };
}

/** The sentence a screen shows about the owner. */
export function describeKeyOwner(owner: KeyOwner): string {
  switch (owner.state) {
    case 'one':
      return `This profile's key belongs to ${owner.entity.name}`;
    case 'several':
      return `This profile's key sees ${owner.count} legal entities; which one it belongs to is not told apart`;
    case 'none':
      return 'The service shows this profile no legal entity';
    case 'unknown':
      return "The key's legal entity is unknown until the first sync";
  }
}

/** The owner in a few words, for a table cell. */
export function keyOwnerName(owner: KeyOwner): string {
  switch (owner.state) {
    case 'one':
      return owner.entity.name;
    case 'several':
      return `One of ${owner.count} legal entities`;
    case 'none':
      return 'None shown by the service';
    case 'unknown':
      return 'Unknown until the first sync';
  }
}
