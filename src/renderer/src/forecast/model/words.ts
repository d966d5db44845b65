import { money } from '../../model/format';
import { HISTORY_DAYS } from './forecast';

/** How the card-spend totals the projection averages came out (the search worker's answer). */
export interface HistoryState {
  state: 'loading' | 'ready' | 'error';
  error: string | null;
}

/**
 * What the forecast says of an account's card spend. When the totals failed, no spend is
 * projected, and the words say so and why instead of showing a rate of $0.00 as if measured.
 */
export function cardSpendNote(dailySpendCents: number, history: HistoryState): string {
  if (history.state === 'error')
    return `Card spend is not projected: ${history.error ?? 'the saved card history could not be totalled.'} The forecast leaves card spend out until it can be totalled.`;
  return `Card spend is projected at ${money(dailySpendCents)} a day: the account's average over the last ${HISTORY_DAYS} days.`;
}

/** Approved payments the forecast could not tie to an account, in words (empty when none). */
export function unplacedNote(count: number): string {
  if (count === 0) return '';
  const one = count === 1;
  return `${count} approved payment${one ? '' : 's'} from a chosen handle of yours ${one ? 'is' : 'are'} not in any account's forecast: the paying account is not known offline (the saved data does not say which account ${one ? 'that handle pays' : 'those handles pay'} from).`;
}
