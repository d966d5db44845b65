/**
 * Merchants by name: a card network's descriptor ("SQ *BLUE BOTTLE OAKLAND CA #0423") is text for
 * a statement, not a name. A transaction is named by the merchant directory (the merchants cached
 * from GET /merchant) when its descriptor starts with one of their names; otherwise by the
 * descriptor cleaned here. The raw text stays in the transaction's technical details.
 */

/** Where the network says the merchant is, to strip from the end of its descriptor. */
export interface DescriptorPlace {
  city?: string | undefined;
  state?: string | undefined;
  country?: string | undefined;
}

// A payment processor or marketplace before the merchant: "SQ *", "TST* ", "PAYPAL *", "SP * ".
const PROCESSOR_PREFIX = /^[A-Z0-9]{1,8} ?\* ?/;
// Store and terminal numbers: "#0423", "STORE 12", "NO. 5", and a bare number of 3 or more digits.
const STORE_NUMBER = /\s(?:#\s?\d+|(?:STORE|STR|NO\.?|UNIT)\s?#?\d+|\d{3,})(?=\s|$)/g;
// A trailing two-letter region (a US state, a province, a country code).
const TRAILING_REGION = /\s[A-Z]{2}$/;
// Words kept in capitals when title-casing: up to four letters with no vowel after the first, or
// letters joined by "&", read as an acronym (UPS, USPS, LLC, AT&T); a guess, kept small.
const ACRONYM = /^[A-Z][^AEIOUY]{0,3}$|^[A-Z]{1,2}&[A-Z]{1,2}$/;

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function stripSuffix(text: string, suffix: string | undefined): string {
  const s = squash((suffix ?? '').toUpperCase());
  if (!s) return text;
  if (text.endsWith(` ${s}`)) return text.slice(0, -s.length - 1).trimEnd();
  return text;
}

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word) => {
      const letters = word.replace(/[^A-Z&]/g, '');
      if (!letters.replace('&', '') || ACRONYM.test(letters)) return word;
      return word.charAt(0) + word.slice(1).toLowerCase();
    })
    .join(' ');
}

/**
 * "GOOGLE CLOUD MOUNTAIN VIEW CA" -> "Google Cloud" (with the place the transaction names):
 * a processor prefix, store numbers and the place at the end (country, state, city, in that
 * order, as networks write them) go; the rest is title-cased. Text that would clean to nothing
 * is returned as it came.
 */
export function cleanDescriptor(raw: string, place: DescriptorPlace = {}): string {
  const original = squash(raw);
  let text = original.toUpperCase().replace(PROCESSOR_PREFIX, '');
  text = squash(text.replace(STORE_NUMBER, ' '));
  text = stripSuffix(text, place.country);
  text = stripSuffix(text, place.state);
  if (!place.state && !place.country) text = text.replace(TRAILING_REGION, '');
  text = stripSuffix(text, place.city);
  text = squash(text.replace(/[\s*#,-]+$/, ''));
  return text ? titleCase(text) : original;
}

/** Letters and digits only, in capitals, single-spaced: how a name and a descriptor are compared. */
function key(text: string): string {
  return squash(text.toUpperCase().replace(/[^A-Z0-9 ]+/g, ''));
}

/** Networks cut a long name; a cut this long still names one merchant. */
const MIN_CUT = 16;

export interface KnownMerchant {
  name: string;
}

/**
 * Names descriptors after the merchant directory. A name matches when the descriptor (processor
 * prefix gone) starts with it at a word's end, or with a cut of it at least MIN_CUT long that
 * ends where the descriptor's word ends; the longest match wins ("Google Ads" over "Google").
 */
export function merchantNamer(known: readonly KnownMerchant[]): (raw: string, place?: DescriptorPlace) => string {
  const names = known
    .map((m) => ({ name: m.name, key: key(m.name) }))
    .filter((m) => m.key.length > 0)
    .sort((a, b) => b.key.length - a.key.length);
  const cache = new Map<string, string>();
  return (raw, place) => {
    const cacheKey = `${raw}\u0000${place?.city ?? ''}\u0000${place?.state ?? ''}\u0000${place?.country ?? ''}`;
    const hit = cache.get(cacheKey);
    if (hit !== undefined) return hit;
    const d = key(raw.toUpperCase().replace(PROCESSOR_PREFIX, ''));
    const found = names.find((m) => startsWithWord(d, m.key) || (m.key.length > MIN_CUT && cutMatches(d, m.key)));
    const name = found ? found.name : cleanDescriptor(raw, place);
    cache.set(cacheKey, name);
    return name;
  };
}

function startsWithWord(text: string, prefix: string): boolean {
  return text.startsWith(prefix) && (text.length === prefix.length || text[prefix.length] === ' ');
}

/** The descriptor's first word run is a cut of the name (at least MIN_CUT characters of it). */
function cutMatches(descriptor: string, name: string): boolean {
  for (let end = descriptor.indexOf(' ', MIN_CUT); end !== -1; end = descriptor.indexOf(' ', end + 1)) {
    const head = descriptor.slice(0, end);
    if (!name.startsWith(head)) return false;
    if (name.length > head.length) return true;
  }
  return false;
}

/** What a transaction needs for its name: its description and, for a card purchase, the network's text and place. */
export interface NamedTransaction {
  description: string;
  merchantDescription?: string | undefined;
  merchantData?: { description?: string | undefined; location?: DescriptorPlace | undefined } | undefined;
}

/** The network's own text of a card transaction; undefined for transfers, wires and fees. */
export function rawDescriptor(tx: NamedTransaction): string | undefined {
  const raw = (tx.merchantData?.description ?? tx.merchantDescription)?.trim();
  return raw ? raw : undefined;
}

/**
 * The name a person reads for a transaction: the description the service gave, unless that is
 * only the network's descriptor (or there is none), in which case the directory's name for the
 * descriptor or the descriptor cleaned.
 */
export function transactionName(
  tx: NamedTransaction,
  nameOf: (raw: string, place?: DescriptorPlace) => string,
): string {
  const raw = rawDescriptor(tx);
  const described = tx.description.trim();
  if (!raw) return described;
  if (described && key(described) !== key(raw)) return described;
  return nameOf(raw, tx.merchantData?.location);
}
