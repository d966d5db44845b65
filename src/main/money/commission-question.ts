import { formatUsd } from '../../shared/money';
import {
  VirtualAccountCreate,
  VirtualAccountUpdate,
  type CommissionDetails,
  type CommissionDetailsInput,
} from '../../shared/service';
import { HandlerError } from '../errors/handler-error';
import { PROMPT_REFUSALS, type PromptGate, type PromptQuestion } from '../prompt/trusted-prompt';
import type { ServiceClient } from '../service';

/**
 * A commission rule is money the service moves by itself, from a virtual account to the primary
 * one on every due date (the sandbox's simulation/commissions.ts), so for a service a team
 * workspace covers it is asked in main's own prompt like the team's drafts are: the page could
 * otherwise move money on a covered profile without any person seeing it.
 */

/** The rule a service call would set, as the service would receive it; null when it sets none. */
export type CommissionAsked =
  | { kind: 'update'; virtualAccountId: string; details: CommissionDetailsInput }
  | { kind: 'create'; name: string; accountId: string; details: CommissionDetailsInput };

/**
 * Read from the body as the endpoint's own schema parses it (what the client validates and
 * sends). A body that does not parse sets nothing: the client refuses it before anything leaves.
 */
export function commissionAsked(
  endpoint: string,
  params: Readonly<Record<string, string>> | undefined,
  body: unknown,
): CommissionAsked | null {
  if (endpoint === 'updateVirtualAccount') {
    const parsed = VirtualAccountUpdate.safeParse(body);
    const virtualAccountId = params?.['virtualAccountId'];
    if (
      !parsed.success ||
      parsed.data.action !== 'update' ||
      !parsed.data.commissionDetails ||
      virtualAccountId === undefined
    )
      return null;
    return { kind: 'update', virtualAccountId, details: parsed.data.commissionDetails };
  }
  if (endpoint === 'createVirtualAccount') {
    const parsed = VirtualAccountCreate.safeParse(body);
    if (!parsed.success || !parsed.data.commissionDetails) return null;
    return {
      kind: 'create',
      name: parsed.data.name,
      accountId: parsed.data.accountId,
      details: parsed.data.commissionDetails,
    };
  }
  return null;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "June 16, 2025, 09:31 UTC": the service's days are UTC, and no locale's spacing differs here. */
function utcWhen(iso: string): string {
  const d = new Date(Date.parse(iso));
  if (Number.isNaN(d.getTime())) return iso;
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

const every = (frequency: 'monthly' | 'yearly') => (frequency === 'monthly' ? 'every month' : 'every year');

/** A rule the account has now, in words (the service may hold a take rate this app never sends). */
function ruleWords(d: CommissionDetails): string {
  return d.type === 'flatFee'
    ? `a flat fee of ${formatUsd(d.amount.amountCents)} ${every(d.frequency)}`
    : `a take rate of ${d.takeRate}`;
}

/** What the account is, as the person checks it: its name as the service has it (for an update), or the name the new one would get. */
export interface CommissionAccount {
  /** Null when the service could not be asked for the account now. */
  name: string | null;
  /** The rule it has now, replaced by this one. */
  current: CommissionDetails | null;
}

export function commissionQuestion(asked: CommissionAsked, account: CommissionAccount): PromptQuestion {
  const { details } = asked;
  const amount = formatUsd(details.amount.amountCents);
  const whose =
    asked.kind === 'create'
      ? `the new account “${asked.name}”`
      : account.name !== null
        ? `“${account.name}”`
        : `the account ${asked.virtualAccountId}`;
  const accountLine =
    asked.kind === 'create'
      ? `Account: a new account “${asked.name}”, opened under ${asked.accountId}`
      : account.name !== null
        ? `Account: ${account.name} (${asked.virtualAccountId})`
        : `Account: ${asked.virtualAccountId} (its name could not be read from the service now)`;
  return {
    kind: 'commission',
    title: 'Set a commission rule',
    message: `Let the service take ${amount} from ${whose} ${every(details.frequency)}?`,
    detail: [
      accountLine,
      `Commission: a flat fee of ${amount}`,
      `How often: ${every(details.frequency)}`,
      `First collection: ${utcWhen(details.startDate)}`,
      ...(account.current ? [`It replaces: ${ruleWords(account.current)}`] : []),
      'On each date the service moves it from this account to the primary account by itself; nobody is asked again.',
      'A team workspace approves this profile’s transfers and payments: confirm only if you asked for this rule yourself.',
    ],
    confirm: 'Set the rule',
    cancel: 'Cancel',
  };
}

/** The account's name and rule now, read from the service (never the page's words); nulls when it cannot be read. */
async function accountOf(client: ServiceClient, asked: CommissionAsked): Promise<CommissionAccount> {
  if (asked.kind === 'create') return { name: asked.name, current: null };
  try {
    const view = await client.call('getVirtualAccount', { params: { virtualAccountId: asked.virtualAccountId } });
    return { name: view.virtualAccount.name, current: view.commissionRule?.commissionDetails ?? null };
  } catch {
    return { name: null, current: null };
  }
}

/** Asks the person in main's prompt; throws 'declined' (nothing sent) unless they confirmed. */
export async function confirmCommission(
  prompt: PromptGate,
  client: ServiceClient,
  asked: CommissionAsked,
): Promise<void> {
  const outcome = await prompt.ask(commissionQuestion(asked, await accountOf(client, asked)));
  if (outcome === 'confirmed') return;
  throw new HandlerError('declined', `No commission rule was set: ${PROMPT_REFUSALS[outcome]}. Nothing was sent.`);
}
