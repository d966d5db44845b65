import type { EndpointName } from '../../shared/service';
import { maskCardNumbers } from './card-numbers';

/**
 * Full card numbers and security codes come only from the vault's reveal call. A response from
 * anywhere else that carries them (a misconfigured service, a proxy, a future field, a client's
 * userData) has them removed before it leaves the ServiceClient, so they can never reach the
 * renderer, its cache or a log by accident (PCI DSS 3.3.1.2, 3.4.1). The schemas already drop
 * every field they do not name; this catches the ones they do name (`pan`, `cvv`) and any inside
 * free-form data such as userData.
 *
 * Names are compared as a person reads them: Unicode compatibility forms folded (full-width
 * `ｐａｎ` is `pan`), case ignored, and everything but letters and digits dropped (`"pan "`,
 * `card_number`, `security-code`). Then a name is a secret when it is one of the short names of
 * the number or the code, optionally after `full`/`card`/`raw`/`clear` (`fullPan`, `CVV2`, `cvc`),
 * or ends in one of the long ones (`primaryAccountNumber`, `cardSecurityCode`).
 */
const SHORT_NAMES = /^(?:full|card|raw|clear)?(?:pan|cvv\d?|cvc\d?|cvn\d?|cav\d?|csc|cid|pin|pinblock)$/;
const LONG_NAMES =
  /(?:cardnumber|primaryaccountnumber|securitycode|verificationvalue|verificationcode|verificationnumber|trackdata|track[12])$/;

/** Deeper than this nothing is inspected, so nothing is passed on either (a secret could hide there). */
export const CARD_SECRETS_MAX_DEPTH = 32;

/**
 * Answers that are cards or transactions, or carry them: their string values have anything
 * shaped like a full card number masked. Not the others: an off-ramp address (0x and 40 hex
 * digits) can hold a run of decimal digits that passes Luhn, and masking it would lose money.
 */
export const MASKED_ANSWERS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'getCard',
  'updateCard',
  'listCards',
  'createCard',
  'listCardEvents',
  'getTransaction',
  'listTransactions',
  'getTransactionFeeDetails',
]);

/**
 * Fields that name something: kept as they are even when they look like a card number. An id is
 * how the app finds the row again (a 16-digit id that happens to pass Luhn masked to "•••• 4242"
 * would merge with every other such id), and a card network's reference number is what a person
 * quotes to it; a full card number is neither, and the service never uses one as either.
 */
const NAMING_FIELD = /^(?:id|referenceNumber)$|Id$/;

const DROP = Symbol('drop');

// What a field's name says about its value: nothing, a secret to drop, or a name to keep as it is.
const PLAIN = 0;
const SECRET = 1;
const NAMING = 2;
type FieldKind = typeof PLAIN | typeof SECRET | typeof NAMING;

/**
 * Answers by field name, remembered: a page of 50 transactions asks about the same twenty names
 * a thousand times (normalizing and matching were a third of the strip's cost). Bounded, since
 * names come from the service.
 */
const verdicts = new Map<string, FieldKind>();
const MAX_REMEMBERED = 4096;

function kindOf(name: string): FieldKind {
  let kind = verdicts.get(name);
  if (kind === undefined) {
    const folded = name
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    kind = SHORT_NAMES.test(folded) || LONG_NAMES.test(folded) ? SECRET : NAMING_FIELD.test(name) ? NAMING : PLAIN;
    if (verdicts.size >= MAX_REMEMBERED) verdicts.clear();
    verdicts.set(name, kind);
  }
  return kind;
}

export function isCardSecretField(name: string): boolean {
  return kindOf(name) === SECRET;
}

export interface CardSecretOptions {
  /** Also mask card numbers in string values (every field but those that name something). */
  maskNumbers?: boolean;
}

/**
 * A copy of `value` without any card-secret field at any depth, and without whatever is nested
 * deeper than CARD_SECRETS_MAX_DEPTH; with `maskNumbers`, every card number in its strings
 * masked. The same object when there is nothing to change.
 */
export function withoutCardSecrets<T>(value: T, options: CardSecretOptions = {}): T {
  const s = strip(value, 0, options.maskNumbers === true, false);
  return (s === DROP ? undefined : s) as T;
}

function strip(value: unknown, depth: number, mask: boolean, naming: boolean): unknown {
  if (typeof value === 'string') return mask && !naming ? maskCardNumbers(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > CARD_SECRETS_MAX_DEPTH) return DROP;
  if (Array.isArray(value)) {
    let changed = false;
    const out: unknown[] = [];
    for (const v of value) {
      const s = strip(v, depth + 1, mask, naming);
      if (s !== v) changed = true;
      if (s !== DROP) out.push(s);
    }
    return changed ? out : value;
  }
  const obj = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const k in obj) {
    if (!Object.prototype.hasOwnProperty.call(obj, k)) continue;
    const v = obj[k];
    const kind = kindOf(k);
    const s = kind === SECRET ? DROP : strip(v, depth + 1, mask, kind === NAMING);
    if (s === v) continue;
    out ??= { ...obj };
    if (s === DROP) delete out[k];
    else out[k] = s;
  }
  return out ?? value;
}
