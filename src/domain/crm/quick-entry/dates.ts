/**
 * Dates named in a note, resolved against the workspace's today (pure; docs/crm-rules.md, "Quick
 * Entry"). Input is the folded note (text.ts); each hit keeps its offsets so other rules can skip it.
 *
 * - yarın / tomorrow +1; öbür gün / day after tomorrow +2; bugün / today.
 * - a weekday alone ("salı", "on Tuesday", "by Friday"): its next occurrence after today;
 *   "haftaya salı", "next Tuesday", "gelecek hafta salı": that day of next week (weeks start Monday);
 *   "bu cuma", "this Friday": that day of this week, or the next one when it has passed.
 * - "haftaya" alone: today + 7; "gelecek hafta", "önümüzdeki hafta", "next week": Monday of next week.
 * - "in 2 weeks", "2 hafta sonra", "10 gün içinde", "in a month", "3 güne": today + the period.
 * - "ay sonu", "end of month": the month's last day; "hafta sonuna kadar", "end of the week", "this
 *   week": Friday of this week; "ay başı", "gelecek ay", "next month": the 1st of next month.
 * - "15 Aralık", "15 December", "Dec 15", "15th of December", "15.12.2026", "2026-12-15"; without a
 *   year the next such day, except within 90 days in the past: then it is a past date (not a next step).
 * - "the 8th", "ayın 15'i": that day of this month, or of next month when it has passed.
 * - "dün", "yesterday", "geçen hafta", "last week", "3 gün önce", "2 weeks ago": past dates.
 */
import { addDays, daysBetween } from '../../../platform/common/time';
import { Token, tokenize, isTypoOf } from './text';

export interface DateHit {
  start: number;
  end: number;
  /** `YYYY-MM-DD`; null for a date in the past. */
  date: string | null;
}

const WEEKDAYS: [string, number][] = [
  ['pazartesi', 1], ['sali', 2], ['carsamba', 3], ['persembe', 4], ['cumartesi', 6], ['cuma', 5], ['pazar', 7],
  ['monday', 1], ['tuesday', 2], ['wednesday', 3], ['thursday', 4], ['friday', 5], ['saturday', 6], ['sunday', 7],
];
/** Abbreviations count only after a modifier ("next tue", "on fri"). */
const WEEKDAY_ABBR: Record<string, number> = { mon: 1, tue: 2, tues: 2, wed: 3, thu: 4, thur: 4, thurs: 4, fri: 5, sat: 6, sun: 7 };
/** Words that need a modifier or "günü" to be a weekday ("pazar" is also "market"). */
const WEEKDAY_NEEDS_CONTEXT = new Set(['pazar']);

const MONTHS: [string, number][] = [
  ['ocak', 1], ['subat', 2], ['mart', 3], ['nisan', 4], ['mayis', 5], ['haziran', 6], ['temmuz', 7], ['agustos', 8], ['eylul', 9], ['ekim', 10], ['kasim', 11], ['aralik', 12],
  ['january', 1], ['february', 2], ['march', 3], ['april', 4], ['may', 5], ['june', 6], ['july', 7], ['august', 8], ['september', 9], ['october', 10], ['november', 11], ['december', 12],
];
const MONTH_ABBR: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12 };

const NUMBER_WORDS: Record<string, number> = {
  bir: 1, iki: 2, uc: 3, dort: 4, bes: 5, alti: 6, yedi: 7, sekiz: 8, dokuz: 9, on: 10,
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, couple: 2,
};

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** ISO weekday of a date: Monday 1 … Sunday 7. */
export const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return ymd(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}
const firstOfNextMonth = (today: string) => addMonths(`${today.slice(0, 8)}01`, 1);
const lastOfMonth = (today: string) => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return ymd(y, m, daysInMonth(y, m));
};
const nextMonday = (today: string) => addDays(today, 8 - isoWeekday(today));
const fridayThisWeek = (today: string) => (isoWeekday(today) <= 5 ? addDays(today, 5 - isoWeekday(today)) : today);

/** A day and month without a year: the next one, or a past date when it was at most 90 days ago. */
export function resolveDayMonth(today: string, day: number, month: number, year?: number): string | null | undefined {
  const y0 = Number(today.slice(0, 4));
  const valid = (y: number) => month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(y, month);
  if (year !== undefined) return valid(year) ? ymd(year, month, day) : undefined;
  if (!valid(y0) && !valid(y0 + 1)) return undefined;
  const thisYear = valid(y0) ? ymd(y0, month, day) : null;
  if (thisYear && thisYear >= today) return thisYear;
  if (thisYear && daysBetween(thisYear, today) <= 90) return null;
  return valid(y0 + 1) ? ymd(y0 + 1, month, day) : undefined;
}

function weekdayOf(tok: string): { day: number; abbr: boolean; word: string } | null {
  if (WEEKDAY_ABBR[tok] !== undefined) return { day: WEEKDAY_ABBR[tok]!, abbr: true, word: tok };
  for (const [w, day] of WEEKDAYS) {
    if (tok === w) return { day, abbr: false, word: w };
    // Turkish suffixes: salıya, perşembeye, cumaya, pazartesiden
    if (tok.startsWith(w) && tok.length - w.length <= 3 && !(w === 'cuma' && tok.startsWith('cumart')) && !(w === 'pazar' && tok.startsWith('pazart'))) return { day, abbr: false, word: w };
  }
  for (const [w, day] of WEEKDAYS) if (w.length >= 6 && isTypoOf(tok, w)) return { day, abbr: false, word: w };
  return null;
}

function monthOf(tok: string): number | null {
  if (MONTH_ABBR[tok] !== undefined) return MONTH_ABBR[tok]!;
  for (const [w, m] of MONTHS) {
    if (tok === w) return m;
    if (w.length >= 4 && tok.startsWith(w) && tok.length - w.length <= 4 && /^[a-z]/.test(tok.slice(w.length) || 'a')) {
      // "aralikta", "ocakta", "marta"; English names take no suffix but "mart"/"march" share a start
      if (MONTHS.findIndex(([x]) => x === w) < 12) return m;
    }
  }
  for (const [w, m] of MONTHS) if (w.length >= 6 && isTypoOf(tok, w)) return m;
  return null;
}

const dayNumber = (t: Token | undefined): number | null => (t && /^\d{1,2}$/.test(t.t) && Number(t.t) >= 1 && Number(t.t) <= 31 ? Number(t.t) : null);
const ORDINAL = new Set(['st', 'nd', 'rd', 'th']);

type Scan = (re: RegExp, resolve: (m: RegExpExecArray) => string | null | undefined) => void;

/** Every date expression of a folded note, left to right, skipping `taken` spans. */
export function findDates(folded: string, today: string, taken: { start: number; end: number }[] = []): DateHit[] {
  const hits: DateHit[] = [];
  const free = (s: number, e: number) => ![...taken, ...hits].some((x) => s < x.end && e > x.start);
  const add = (start: number, end: number, date: string | null) => {
    if (free(start, end)) hits.push({ start, end, date });
  };
  const scan: Scan = (re, resolve) => {
    for (const m of folded.matchAll(re)) {
      const date = resolve(m as RegExpExecArray);
      if (date !== undefined) add(m.index!, m.index! + m[0].length, date);
    }
  };
  scanPhrases(scan, today);
  scanPeriods(scan, today);
  // weekdays and day-month dates, word by word
  const tokens = tokenize(folded);
  for (let i = 0; i < tokens.length; i++) {
    const wd = weekdayOf(tokens[i]!.t);
    const hit = wd ? weekdayAt(tokens, i, wd, today) : dayMonthAt(tokens, i, today);
    if (hit) add(hit.start, hit.end, hit.date);
  }
  return hits.sort((a, b) => a.start - b.start);
}

/** Past expressions, dates with a year, fixed phrases and weeks, in that order. */
function scanPhrases(scan: Scan, today: string): void {
  // past expressions first, so "3 gün önce" is not "3 gün" of anything else
  scan(/\b(?:dun|yesterday|gecen (?:hafta|ay)\w*|last (?:week|month)|(?:\d+|bir|iki|uc|a|one|two|three) (?:gun|hafta|ay|days?|weeks?|months?) (?:once|ago))\b/g, () => null);
  // ISO and numeric dates with a year
  scan(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (m) => resolveDayMonth(today, Number(m[3]), Number(m[2]), Number(m[1])) ?? undefined);
  scan(/\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b/g, (m) => resolveDayMonth(today, Number(m[1]), Number(m[2]), Number(m[3])) ?? undefined);
  // fixed phrases
  scan(/\b(?:obur gun|ertesi gun|day after tomorrow)\b/g, () => addDays(today, 2));
  scan(/\b(?:yarin|tomorrow|tmrw)\b/g, () => addDays(today, 1));
  scan(/\b(?:bugun|today|tonight|bu aksam)\b/g, () => today);
  scan(/\b(?:ay(?:in)? sonu\w*|(?:the )?end of (?:the |this )?month|month end|by month end)\b/g, () => lastOfMonth(today));
  scan(/\b(?:hafta sonuna kadar|(?:the )?end of (?:the |this )?week|this week|bu hafta(?: icinde)?)\b/g, () => fridayThisWeek(today));
  scan(/\b(?:ay basi\w*|gelecek ay\w*|onumuzdeki ay\w*|(?:early |beginning of |start of )?next month)\b/g, () => firstOfNextMonth(today));
  // "gelecek hafta", "next week": Monday of next week; "haftaya" alone: a week from today (a weekday after them is read below)
  const WEEKDAY_AHEAD = '(?! ?(?:pazartesi|sali|carsamba|persembe|cuma|cumartesi|pazar|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri)\\b)';
  scan(new RegExp(`\\b(?:gelecek hafta|onumuzdeki hafta|next week)(?:ki|ya|e)?\\b${WEEKDAY_AHEAD}`, 'g'), () => nextMonday(today));
  scan(new RegExp(`\\bhaftaya\\b(?! bugun)${WEEKDAY_AHEAD}`, 'g'), () => addDays(today, 7));
  scan(/\bhaftaya bugun\b/g, () => addDays(today, 7));
}

/** Days of the month ("the 8th", "ayın 15'i") and periods from today ("in 2 weeks", "2 hafta sonra"). */
function scanPeriods(scan: Scan, today: string): void {
  // "on the 8th", "ayın 15'i": that day of this month, or of next month when it has passed
  const dayOfMonth = (m: RegExpExecArray) => {
    const d = Number(m[1]);
    const [y, mo] = today.split('-').map(Number) as [number, number];
    if (d < 1 || d > 31) return undefined;
    if (d <= daysInMonth(y, mo) && ymd(y, mo, d) >= today) return ymd(y, mo, d);
    const next = firstOfNextMonth(today);
    const [ny, nm] = next.split('-').map(Number) as [number, number];
    return d <= daysInMonth(ny, nm) ? ymd(ny, nm, d) : undefined;
  };
  scan(/\b(?:on |by |until )?the (\d{1,2})(?:st|nd|rd|th)\b/g, dayOfMonth);
  scan(/\bayin (\d{1,2})(?:i|si|u|su|inde|sinde|unde|ine|una|e|a)?\b/g, dayOfMonth);
  // "in 2 weeks", "2 hafta sonra", "1-2 hafta içinde", "3 güne"
  const num = '(\\d{1,3}|bir|iki|uc|dort|bes|alti|yedi|sekiz|dokuz|on|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a couple of)';
  const unit = '(gun|hafta|ay|days?|weeks?|months?)';
  const period = (n: string, u: string): string => {
    const k = /^\d/.test(n) ? Number(n) : NUMBER_WORDS[n.replace('a couple of', 'couple')] ?? 1;
    if (u.startsWith('gun') || u.startsWith('day')) return addDays(today, k);
    if (u.startsWith('hafta') || u.startsWith('week')) return addDays(today, 7 * k);
    return addMonths(today, k);
  };
  scan(new RegExp(`\\b(?:in|within) (?:${num} ?- ?)?${num} ${unit}\\b`, 'g'), (m) => period(m[2]!, m[3]!));
  scan(new RegExp(`\\b(?:${num} ?- ?)?${num} ${unit} (?:sonra\\w*|icinde|icerisinde|zarfinda|later|from now)\\b`, 'g'), (m) => period(m[2]!, m[3]!));
  scan(/\b(\d{1,3}|bir|iki|uc|dort|bes) (gune|haftaya|aya)\b/g, (m) => period(m[1]!, m[2]!.replace(/(e|ya|a)$/, '')));
}

/** A weekday at token i ("salı", "haftaya salı", "this Friday", "cuma günü"); null when it needs a modifier it lacks. */
function weekdayAt(tokens: Token[], i: number, wd: { day: number; abbr: boolean; word: string }, today: string): DateHit | null {
  const tok = tokens[i]!;
  const prev = tokens[i - 1]?.t;
  const prev2 = tokens[i - 2]?.t;
  const nextWeek = prev === 'haftaya' || prev === 'next' || ((prev === 'hafta' || prev === 'haftaki') && (prev2 === 'gelecek' || prev2 === 'onumuzdeki'));
  const thisWeek = prev === 'bu' || prev === 'this';
  const modifier = nextWeek || thisWeek || ['on', 'by', 'until', 'coming', 'till'].includes(prev ?? '');
  const gunu = tokens[i + 1]?.t === 'gunu' || tokens[i + 1]?.t === 'gunune';
  if ((wd.abbr || WEEKDAY_NEEDS_CONTEXT.has(wd.word)) && !modifier && !gunu) return null;
  let date: string;
  const dow = isoWeekday(today);
  if (nextWeek) date = addDays(nextMonday(today), wd.day - 1);
  else if (thisWeek && wd.day >= dow) date = addDays(today, wd.day - dow);
  else date = addDays(today, ((wd.day - dow + 6) % 7) + 1);
  const start = nextWeek || thisWeek ? (prev === 'hafta' || prev === 'haftaki' ? tokens[i - 2]!.start : tokens[i - 1]!.start) : tok.start;
  return { start, end: gunu ? tokens[i + 1]!.end : tok.end, date };
}

/** A month name with its day at token i ("15 aralik", "15th of december", "dec 15th", "15 Aralık 2026"); a month name without a day is no date. */
function dayMonthAt(tokens: Token[], i: number, today: string): DateHit | null {
  const tok = tokens[i]!;
  const month = monthOf(tok.t);
  if (month === null) return null;
  let day: number | null = null;
  let start = tok.start;
  let end = tok.end;
  let j = i - 1;
  if (tokens[j]?.t === 'of') j--;
  if (tokens[j] && ORDINAL.has(tokens[j]!.t)) j--;
  if (dayNumber(tokens[j]) !== null && tokens[j]!.end >= tok.start - 12) {
    day = dayNumber(tokens[j]);
    start = tokens[j]!.start;
  } else if (dayNumber(tokens[i + 1]) !== null) {
    day = dayNumber(tokens[i + 1]);
    end = tokens[i + 1]!.end;
    if (tokens[i + 2] && ORDINAL.has(tokens[i + 2]!.t)) end = tokens[i + 2]!.end;
  }
  if (day === null) return null;
  // an abbreviation ("mar", "may") needs the day right beside it
  let year: number | undefined;
  const after = tokens.find((t) => t.start >= end);
  if (after && /^20\d\d$/.test(after.t) && after.start - end <= 2) {
    year = Number(after.t);
    end = after.end;
  }
  const date = resolveDayMonth(today, day, month, year);
  return date === undefined ? null : { start, end, date };
}
