import type { Lang } from './i18n';

/**
 * Formatting per locale. The API sends dates as YYYY-MM-DD and timestamps as YYYY-MM-DDTHH:mm:ss in the
 * workspace's local time: they are shown as they are (never shifted through the browser's time zone).
 */
const tag = (lang: Lang) => (lang === 'tr' ? 'tr-TR' : 'en-GB');

export function formatNumber(lang: Lang, n: number | null | undefined, digits = 0): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '';
  return new Intl.NumberFormat(tag(lang), { maximumFractionDigits: digits }).format(n);
}

export function formatMoney(lang: Lang, amount: number | null | undefined, currency: string | null | undefined, digits = 0): string {
  if (amount === null || amount === undefined) return '';
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return formatNumber(lang, amount, 2);
  try {
    return new Intl.NumberFormat(tag(lang), { style: 'currency', currency, maximumFractionDigits: digits }).format(amount);
  } catch {
    return `${formatNumber(lang, amount, 2)} ${currency}`;
  }
}

/** A workspace-local date `YYYY-MM-DD` as the locale writes it; the calendar day never moves. */
export function formatDate(lang: Lang, date: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  if (!m) return '';
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return new Intl.DateTimeFormat(tag(lang), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/** A workspace-local timestamp `YYYY-MM-DDTHH:mm:ss` as date and time, in the workspace's clock. */
export function formatTimestamp(lang: Lang, ts: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(ts ?? '');
  if (!m) return '';
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]));
  return new Intl.DateTimeFormat(tag(lang), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(d);
}

/** The time part `HH:mm` of a workspace-local timestamp. */
export function formatTime(ts: string | null | undefined): string {
  const m = /T(\d{2}):(\d{2})/.exec(ts ?? '');
  return m ? `${m[1]}:${m[2]}` : '';
}

/** Whole days from date a to date b (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  const pa = Date.parse(`${a.slice(0, 10)}T00:00:00Z`);
  const pb = Date.parse(`${b.slice(0, 10)}T00:00:00Z`);
  return Math.round((pb - pa) / 86400000);
}

/** The workspace's today (YYYY-MM-DD in its time zone), not the browser's. */
export function todayIn(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  }
}
