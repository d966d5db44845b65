/**
 * What a deposit address of an off-ramp wallet may look like, per chain. The app draws it as a QR
 * code and offers it to copy: stablecoins sent to a wrong address are lost, so an address that is
 * not of its chain's form is refused before anything is cached or drawn, never shown "as well as
 * it can". The contract shows `ethereum` only (docs/service.md, "Off-ramp wallets"); the reference lists more chains, each with its own
 * form. A chain neither names gets a conservative form (letters, digits and `:._-`, 10 to 128
 * characters), enough for the address formats chains use and too narrow for text that misleads.
 */

export interface ChainAddressForm {
  pattern: RegExp;
  /** The form in words, for the error that names a refused address. */
  words: string;
}

const BASE58 = '1-9A-HJ-NP-Za-km-z';
const EVM: ChainAddressForm = { pattern: /^0x[0-9a-fA-F]{40}$/, words: '0x followed by 40 hexadecimal digits' };

const FORMS: Record<string, ChainAddressForm> = {
  ethereum: EVM,
  polygon: EVM,
  base: EVM,
  avalanche: EVM,
  optimism: EVM,
  arbitrum: EVM,
  solana: { pattern: new RegExp(`^[${BASE58}]{32,44}$`), words: '32 to 44 base58 characters' },
  tron: { pattern: new RegExp(`^T[${BASE58}]{33}$`), words: 'T followed by 33 base58 characters' },
  stellar: { pattern: /^(?:G[A-Z2-7]{55}|M[A-Z2-7]{68})$/, words: 'G and 55 (or M and 68) characters of A-Z and 2-7' },
};

/** The longest address of any chain the app takes (a QR code at level M holds far more). */
export const WALLET_ADDRESS_MAX = 128;

const GENERIC: ChainAddressForm = {
  pattern: /^[A-Za-z0-9][A-Za-z0-9:._-]{9,127}$/,
  words: '10 to 128 letters, digits or :._-',
};

/** A chain's name as the service writes it: short, lower-case ASCII. */
export const CHAIN_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;

export function addressFormOf(chain: string): ChainAddressForm {
  return Object.prototype.hasOwnProperty.call(FORMS, chain) ? (FORMS[chain] as ChainAddressForm) : GENERIC;
}

/** Why `address` is not a deposit address on `chain`, or null when it is. */
export function walletAddressProblem(chain: string, address: string): string | null {
  if (address === '') return 'the address is empty';
  if (address.length > WALLET_ADDRESS_MAX) return `the address is longer than ${WALLET_ADDRESS_MAX} characters`;
  const form = addressFormOf(chain);
  return form.pattern.test(address) ? null : `not an address on ${chain} (${form.words})`;
}
