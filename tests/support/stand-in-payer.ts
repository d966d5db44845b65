/**
 * The workspace tests' stand-in service (SERVICE, a name nobody answers for: those tests never
 * send) answers one read: which account its key pays from (GET /pay), which main asks before it
 * signs a team's draft, since the draft names it. Only that read, in this process; every other
 * request to the stand-in still fails as an unreachable service does. Tests that send use a real
 * sandbox over HTTP, whose own handle is read the same way.
 */
export const STAND_IN_PAYER = {
  id: 'svh_stand_in',
  svcHandle: 'acme-stand-in',
  name: 'Acme (stand-in)',
  accountId: 'acct_stand_in',
};

let answering = false;

export function answerStandInPayer(origin: string): void {
  if (answering) return;
  answering = true;
  const real = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.origin === origin && url.pathname === '/pay' && (init?.method ?? 'GET') === 'GET') {
      return new Response(JSON.stringify(STAND_IN_PAYER), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return real(input, init);
  };
}
