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

const HOUR = 3_600_000;
/** Per zone, the UTC offset (ms) of recent hours: offsets change on hour boundaries or within one hour at most once. */
const offsets = new Map<string, Map<number, number>>();

/** The zone's offset at `ms` (whole seconds: wall clock minus UTC), from Intl. */
function offsetAt(ms: number, tz: string): number {
  const p = parts(new Date(ms), tz);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The wall clock of `d` in `tz` as a Date whose UTC fields are that wall clock, or null when Intl must
 * format it (an hour in which the offset changes, a year outside 1000-9999). Formatting a list's timestamps
 * with Intl.formatToParts was a tenth of the lists' CPU time; the offset of an hour is asked of Intl once.
 */
function wallClock(d: Date, tz: string): Date | null {
  const ms = d.getTime();
  if (!Number.isFinite(ms)) return null;
  const hour = Math.floor(ms / HOUR);
  let zone = offsets.get(tz);
  if (!zone) offsets.set(tz, (zone = new Map()));
  let offset = zone.get(hour);
  if (offset === undefined) {
    const start = offsetAt(hour * HOUR, tz);
    // a change inside the hour: Intl for every instant of it (NaN marks the hour)
    offset = start === offsetAt(hour * HOUR + HOUR - 1, tz) ? start : NaN;
    if (zone.size >= 10_000) zone.clear();
    zone.set(hour, offset);
  }
  if (Number.isNaN(offset)) return null;
  const wall = new Date(ms + offset);
  const year = wall.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? wall : null;
}

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

const MINUTE = 60_000;
const SECONDS = Array.from({ length: 60 }, (_, i) => two(i));
/**
 * Per zone, the text of recent minutes up to their seconds (`YYYY-MM-DDTHH:mm:`), by the minute's number since the
 * epoch: a list formats two timestamps a row, and this is one lookup and a concatenation where the wall clock's
 * fields took a Date and six getters (docs/performance.md). Only minutes of an hour whose offset holds and is whole
 * minutes are kept (an offset of the local mean times before 1900 has seconds).
 */
const minuteHeads = new Map<string, Map<number, string>>();

export function formatTimestamp(d: Date, tz: string): string;
export function formatTimestamp(d: Date | null | undefined, tz: string): string | null;
export function formatTimestamp(d: Date | null | undefined, tz: string): string | null {
  if (!d) return null;
  const ms = d.getTime();
  const head = keptHead(ms, tz);
  return head !== undefined ? head + SECONDS[Math.floor((ms - Math.floor(ms / MINUTE) * MINUTE) / 1000)] : formatNew(d, ms, tz);
}

export function dateIn(d: Date, tz: string): string {
  const head = keptHead(d.getTime(), tz);
  if (head !== undefined) return head.slice(0, 10);
  const text = formatNew(d, d.getTime(), tz);
  return text.slice(0, text.indexOf('T'));
}

/** The kept text of the minute of `ms` up to its seconds, if any. */
function keptHead(ms: number, tz: string): string | undefined {
  return minuteHeads.get(tz)?.get(Math.floor(ms / MINUTE));
}

/** The timestamp's text from its wall clock (or Intl), keeping its minute's head when every second of it has that head. */
function formatNew(d: Date, ms: number, tz: string): string {
  const w = wallClock(d, tz);
  if (!w) {
    const p = parts(d, tz);
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  }
  const text = `${w.getUTCFullYear()}-${two(w.getUTCMonth() + 1)}-${two(w.getUTCDate())}T${two(w.getUTCHours())}:${two(w.getUTCMinutes())}:${two(w.getUTCSeconds())}`;
  // the offset holds for the whole hour (wallClock) and is whole minutes: every second of this minute has this head
  if ((w.getTime() - ms) % MINUTE === 0) {
    let zone = minuteHeads.get(tz);
    if (!zone) minuteHeads.set(tz, (zone = new Map()));
    if (zone.size >= 10_000) zone.clear();
    zone.set(Math.floor(ms / MINUTE), text.slice(0, 17));
  }
  return text;
}

export function todayIn(tz: string, now: Date = new Date()): string {
  return dateIn(now, tz);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date `YYYY-MM-DD` that exists, from year 1 on: year 0000 (ISO's 1 BC) is no date of PostgreSQL's. */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string' || !DATE_RE.test(s) || s.startsWith('0000')) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Whole days from date a to date b (both `YYYY-MM-DD`); positive when b is later. */
export function daysBetween(a: string, b: string): number {
  return Math.round((dayNumber(b) - dayNumber(a)) / 86_400_000);
}

/** The number written by `n` decimal digits of `s` from `at`, or NaN. */
function digits(s: string, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (!(c >= 0 && c <= 9)) return NaN;
    v = v * 10 + c;
  }
  return v;
}

/** Milliseconds of a `YYYY-MM-DD` date at 00:00 UTC (Date.UTC of its parts: several times cheaper than parsing the text). */
function dayNumber(d: string): number {
  // read by character codes: three substrings a call were a tenth of what a list page allocated
  const year = digits(d, 0, 4);
  const month = digits(d, 5, 2);
  const day = digits(d, 8, 2);
  // anything unusual (another length, years 0-99 that Date.UTC maps to 19xx, a day past the month's end) is parsed
  if (d.length !== 10 || d.charCodeAt(4) !== 45 || d.charCodeAt(7) !== 45 || !(year >= 100) || !(month >= 1 && month <= 12) || !(day >= 1 && day <= 28)) {
    return Date.parse(`${d}T00:00:00Z`);
  }
  return Date.UTC(year, month - 1, day);
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
