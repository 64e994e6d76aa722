/** Dates are `YYYY-MM-DD`; timestamps `YYYY-MM-DDTHH:mm:ss` without zone, in the workspace's local time. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  return f;
}

function parts(d: Date, tz: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(d)) out[p.type] = p.value;
  return out;
}

export function formatTimestamp(d: Date, tz: string): string;
export function formatTimestamp(d: Date | null | undefined, tz: string): string | null;
export function formatTimestamp(d: Date | null | undefined, tz: string): string | null {
  if (!d) return null;
  const p = parts(d, tz);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

export function dateIn(d: Date, tz: string): string {
  const p = parts(d, tz);
  return `${p.year}-${p.month}-${p.day}`;
}

export function todayIn(tz: string, now: Date = new Date()): string {
  return dateIn(now, tz);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string' || !DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Whole days from date a to date b (both `YYYY-MM-DD`); positive when b is later. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A timestamp a client sends (`updated_since`, `since`), split into its local wall-clock part and its
 * offset. Accepted: `YYYY-MM-DD` (the start of that day), `YYYY-MM-DDTHH:mm[:ss[.fff]]`, each optionally
 * followed by `Z` or an offset `±hh:mm` / `±hhmm` / `±hh`; years 1900-2999. `null` when malformed.
 * Without an offset the wall time is the workspace's local time (callers resolve it with
 * `localToDate`, which handles daylight-saving gaps and folds).
 */
export interface ClientTimestamp {
  /** `YYYY-MM-DDTHH:mm:ss` */
  wall: string;
  /** Milliseconds (0-999) after `wall`. */
  ms: number;
  /** Minutes east of UTC (`Z` = 0); null = no offset given (workspace local time). */
  offsetMinutes: number | null;
}

const CLIENT_TS_RE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

export function parseClientTimestamp(s: unknown): ClientTimestamp | null {
  if (typeof s !== 'string') return null;
  const m = CLIENT_TS_RE.exec(s.trim());
  if (!m) return null;
  const [, date, hh = '00', mi = '00', ss = '00', frac = '', zone] = m as unknown as [string, string, string?, string?, string?, string?, string?];
  if (!isIsoDate(date)) return null;
  const year = Number(date.slice(0, 4));
  if (year < 1900 || year > 2999) return null;
  if (zone !== undefined && m[2] === undefined) return null; // an offset needs a time
  if (Number(hh) > 23 || Number(mi) > 59 || Number(ss) > 59) return null;
  let offsetMinutes: number | null = null;
  if (zone !== undefined) {
    if (zone === 'Z' || zone === 'z') offsetMinutes = 0;
    else {
      const sign = zone.startsWith('-') ? -1 : 1;
      const digits = zone.slice(1).replace(':', '');
      const oh = Number(digits.slice(0, 2));
      const om = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
      if (oh > 18 || om > 59) return null;
      offsetMinutes = sign * (oh * 60 + om);
    }
  }
  return { wall: `${date}T${hh}:${mi}:${ss}`, ms: Number(frac.padEnd(3, '0').slice(0, 3)), offsetMinutes };
}
