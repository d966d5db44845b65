import { formatCents } from '../../../shared/money';

/** "-$1,234.56" / "$12.00": a sign, a dollar sign, grouping; from integer cents only. */
export function money(cents: number): string {
  const text = formatCents(cents);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** "Jan 31, 2026" in UTC (transaction dates are UTC days). */
export function day(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
}

export function dateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;
}

/** "3 minutes ago", "just now": how fresh cached data is. */
export function ago(ms: number, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} minute${m === 1 ? '' : 's'} ago`;
  const h = Math.round(m / 60);
  if (h < 36) return `${h} hour${h === 1 ? '' : 's'} ago`;
  const d = Math.round(h / 24);
  return `${d} day${d === 1 ? '' : 's'} ago`;
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 min 20 s", "12 s". */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m} min ${seconds % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function humanStatus(s: string): string {
  return s.replace(/_/g, ' ');
}
