import { createHmac, randomBytes } from 'node:crypto';
import { displayAddress } from '../../shared/service-url';
import { HandlerError } from '../errors/handler-error';
import { describeRetry, describeRules, WindowLimit, type WindowRule } from '../limits/window-limit';
import { PROMPT_REFUSALS, type PromptGate, type PromptQuestion } from '../prompt/trusted-prompt';

/**
 * Typed keys and addresses main may be asked to use per window: a person setting up a profile
 * tests a handful of times; a page trying hosts one after another meets the limit at once.
 */
export const KEY_SEND_RULES: readonly WindowRule[] = [
  { windowMs: 60_000, max: 10, per: 'a minute' },
  { windowMs: 3_600_000, max: 60, per: 'an hour' },
];

/** A confirmation covers the same addresses and key this long (Save right after Test asks once). */
export const KEY_SEND_CONFIRMED_MS = 10 * 60_000;

export interface KeySend {
  purpose: 'test' | 'save' | 'replace-key' | 'change-address';
  /** The profile's name, when it has one yet. */
  profileName?: string;
  baseUrl: string;
  vaultUrl: string;
  /** The key as typed; absent when only the addresses change (the saved key is then removed). */
  key?: string;
}

const TITLES: Record<KeySend['purpose'], string> = {
  test: 'Test a connection',
  save: 'Save a profile',
  'replace-key': 'Save an API key',
  'change-address': "Change a profile's addresses",
};

const CONFIRM: Record<KeySend['purpose'], string> = {
  test: 'Send the key',
  save: 'Save',
  'replace-key': 'Save the key',
  'change-address': 'Change the addresses',
};

function hosts(s: KeySend): string {
  const api = displayAddress(s.baseUrl);
  const vault = displayAddress(s.vaultUrl);
  return api === vault ? api : `${api} and ${vault}`;
}

/** The question for one send: the exact hosts (ASCII, so a look-alike shows as xn--), and which key. */
export function keySendQuestion(s: KeySend): PromptQuestion {
  const named = s.profileName ? ` for “${s.profileName}”` : '';
  const message = s.key
    ? `Send the API key you typed${named} to ${hosts(s)}?`
    : `Connect${s.profileName ? ` “${s.profileName}”` : ''} to ${hosts(s)}? Its saved API key is removed; set a key for the new addresses afterwards.`;
  const lookalike = [s.baseUrl, s.vaultUrl].some((u) => displayAddress(u).includes('xn--'));
  return {
    kind: s.key ? 'send-key' : 'change-address',
    title: TITLES[s.purpose],
    message,
    detail: [
      `Service address: ${displayAddress(s.baseUrl)}`,
      `Vault address: ${displayAddress(s.vaultUrl)}`,
      ...(lookalike
        ? [
            'An address shown in xn-- form has letters from another alphabet that look like familiar ones: check it letter by letter.',
          ]
        : []),
      ...(s.key ? [`API key: ${s.key.length} characters, ending in “${s.key.slice(-4)}”`] : []),
      'Confirm only if you typed these yourself: the app sends the key to no address you have not confirmed here.',
    ],
    confirm: CONFIRM[s.purpose],
    cancel: 'Cancel',
  };
}

/**
 * The gate for every key or address the page hands main (testing a connection, saving a
 * profile, a new key, new addresses): main sends a typed key, or keeps an address it will send
 * to, only after the person confirmed those exact hosts in main's own prompt, and within a limit
 * per window. A confirmation is remembered (as a keyed digest, never the key) for a few minutes,
 * so Test then Save asks once. A stored key at its stored address is never asked about again.
 */
export class KeySends {
  private readonly limit: WindowLimit;
  private readonly confirmed = new Map<string, number>();
  // Digests of confirmed sends are keyed per run: nothing here can be matched against a key elsewhere.
  private readonly secret = randomBytes(32);

  constructor(private readonly deps: { prompt: PromptGate; now: () => number; rules?: readonly WindowRule[] }) {
    this.limit = new WindowLimit(deps.rules ?? KEY_SEND_RULES, deps.now);
  }

  /**
   * Resolves when `send` may go ahead; otherwise throws 'rate-limited' or 'declined' and nothing
   * was sent. `sends`: a connection test, which goes out now and counts whether or not it is asked.
   */
  async approve(send: KeySend, options: { sends: boolean }): Promise<void> {
    const id = this.digest(send);
    const known = this.remembered(id);
    if (known && !options.sends) return;
    const allowed = this.limit.take('typed');
    if (!allowed.ok) {
      throw new HandlerError(
        'rate-limited',
        `Nothing was sent: the app allows ${describeRules(this.deps.rules ?? KEY_SEND_RULES)} tests or changes of typed keys and addresses, and that many were asked for. You can try again ${describeRetry(allowed.retryAt, this.deps.now())}.`,
      );
    }
    if (known) return;
    const outcome = await this.deps.prompt.ask(keySendQuestion(send));
    if (outcome !== 'confirmed')
      throw new HandlerError('declined', `Nothing was sent or saved: ${PROMPT_REFUSALS[outcome]}.`);
    this.confirmed.set(id, this.deps.now() + KEY_SEND_CONFIRMED_MS);
  }

  private remembered(id: string): boolean {
    const now = this.deps.now();
    for (const [k, until] of this.confirmed) if (until <= now) this.confirmed.delete(k);
    return this.confirmed.has(id);
  }

  private digest(s: KeySend): string {
    return createHmac('sha256', this.secret)
      .update(
        JSON.stringify([displayAddress(s.baseUrl), displayAddress(s.vaultUrl), s.baseUrl, s.vaultUrl, s.key ?? '']),
      )
      .digest('hex');
  }
}
