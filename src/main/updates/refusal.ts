/** Why a feed's update was not offered: the code for tests and logs, the message for the person. */
export type RefusalCode = 'unsigned' | 'signature' | 'hash' | 'size' | 'older' | 'replayed';

export class UpdateRefused extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly version: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** A feed or artifact that could not be read (the server, the network): tried again at the next check. */
export class UpdateUnreachable extends Error {}
