import Holidays from 'date-holidays';
import { isKnownCountry } from '../../../platform/common/holidays';
import { addDays, dateIn, daysBetween } from '../../../platform/common/time';
import { localToDate } from '../../../platform/common/local-time';

/**
 * Working days of a leave request (pure rules; test/unit/approvals/working-days.spec.ts).
 *
 * - Weekends are Saturday and Sunday.
 * - Holidays are the official public holidays (`type: public` of the `date-holidays` package) of the
 *   workspace's country (`constants.holiday_country`, default TR). Bank, school, optional and
 *   observance days are working days.
 * - A date is a holiday when the holiday covers its local noon (in the country's time zone). So the
 *   half days before a bayram (arife: from 13:00 for public servants; `date-holidays` starts the bayram
 *   the evening before) count as full working days, and every day of a multi-day bayram counts as a
 *   holiday.
 */

export interface PublicHoliday {
  date: string;
  name: string;
}

export interface WorkingDays {
  working_days: number;
  /** Public holidays on weekdays inside the range (the days that were not counted besides weekends). */
  holidays: PublicHoliday[];
}

/** Longest leave a request may span (calendar days, both ends included). */
export const MAX_LEAVE_SPAN_DAYS = 366;

const byCountryYear = new Map<string, PublicHoliday[]>();
export { isKnownCountry };

/** The official public holidays of `country` in `year`, one entry per local date, in date order. */
export function publicHolidays(country: string, year: number): PublicHoliday[] {
  const key = `${country}:${year}`;
  const cached = byCountryYear.get(key);
  if (cached) return cached;
  const hd = new Holidays(country);
  const tz = hd.getTimezones()?.[0] ?? 'UTC';
  const out = new Map<string, string>();
  for (const h of hd.getHolidays(year) || []) {
    if (h.type !== 'public') continue;
    const startMs = h.start.getTime();
    const endMs = h.end.getTime();
    // every local date whose noon lies in [start, end)
    for (let d = dateIn(h.start, tz); d <= dateIn(h.end, tz); d = addDays(d, 1)) {
      const noon = localToDate(`${d}T12:00:00`, tz).getTime();
      if (noon >= startMs && noon < endMs && !out.has(d) && d.startsWith(String(year))) out.set(d, h.name);
    }
  }
  const list = [...out.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, name]) => ({ date, name }));
  byCountryYear.set(key, list);
  return list;
}

const isWeekend = (date: string): boolean => {
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
  return dow === 0 || dow === 6;
};

/**
 * Working days from `start` to `end` (`YYYY-MM-DD`, both included; `end` not before `start`, at most
 * MAX_LEAVE_SPAN_DAYS apart — callers validate): weekdays that are not public holidays of `country`.
 */
export function workingDays(start: string, end: string, country: string): WorkingDays {
  const span = daysBetween(start, end);
  if (span < 0 || span >= MAX_LEAVE_SPAN_DAYS) throw new RangeError(`leave span out of range: ${start}..${end}`);
  const holidays = new Map<string, string>();
  for (let y = Number(start.slice(0, 4)); y <= Number(end.slice(0, 4)); y++) for (const h of publicHolidays(country, y)) holidays.set(h.date, h.name);
  let n = 0;
  const hit: PublicHoliday[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) {
    if (isWeekend(d)) continue;
    const name = holidays.get(d);
    if (name !== undefined) hit.push({ date: d, name });
    else n++;
  }
  return { working_days: n, holidays: hit };
}
