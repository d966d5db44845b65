/** What naming a service needs of a profile. */
export type ServiceOf = { kind: 'demo' } | { kind: 'live'; baseUrl: string };

/** The Demo's sandbox moves to a new port at every start; it is still the same service. */
export const DEMO_SERVICE = 'demo';

/**
 * The service a profile sends to, as approvals are bound to it (the outbox's, and the team
 * workspace's policies and signatures): the base URL's origin and path with the host in ASCII
 * (punycode), so a look-alike host is a different service and one address written two ways is
 * the same.
 */
export function serviceOf(profile: ServiceOf): string {
  if (profile.kind === 'demo') return DEMO_SERVICE;
  const url = new URL(profile.baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
