import type { ProfileServices } from '../profiles/profile-services';

/** A profile's own handle: what pays when a payment names no source handle (its key's legal entity). */
export interface Payer {
  id: string;
  svcHandle: string;
  name: string;
}

/**
 * Which account pays for each profile: its API key's own svc handle (GET /pay), read from the
 * service and kept for the run of the app, forgotten when the profiles change (a new key may pay
 * from another account). Signed into each team draft (`payer`), and compared by main's team
 * sender before it claims a row: a desktop holding another account's key at the same address
 * never pays it.
 */
export class Payers {
  private readonly known = new Map<string, Promise<Payer | null>>();

  constructor(private readonly services: ProfileServices) {}

  /** The profile's payer, read once; null when the service cannot be asked now (offline, no key). */
  of(profileId: string): Promise<Payer | null> {
    let p = this.known.get(profileId);
    if (!p) {
      p = this.read(profileId);
      this.known.set(profileId, p);
      // An answer that could not be read is asked again next time.
      void p.then((got) => {
        if (got === null && this.known.get(profileId) === p) this.known.delete(profileId);
      });
    }
    return p;
  }

  forget(): void {
    this.known.clear();
  }

  private async read(profileId: string): Promise<Payer | null> {
    try {
      const own = await (await this.services.client(profileId)).call('getOwnSvcHandle', {});
      return { id: own.id, svcHandle: own.svcHandle, name: own.name };
    } catch {
      return null;
    }
  }
}
