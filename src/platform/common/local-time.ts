import { formatTimestamp } from './time';

/** A local wall-clock timestamp without zone: `YYYY-MM-DDTHH:mm:ss` (seconds optional on input). */
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

interface Fields {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

function parseLocal(local: string): Fields | null {
  const m = LOCAL_RE.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  return { y, mo, d, h, mi, s };
}

/** Whether `s` is a valid local timestamp `YYYY-MM-DDTHH:mm[:ss]` (a real date, years 1900-2999). */
export function isLocalTimestamp(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const p = parseLocal(s);
  return p !== null && p.y >= 1900 && p.y <= 2999;
}

/** The wall-clock time of instant `t` in `tz`, read as if it were UTC (ms). */
function wallAsUtc(t: number, tz: string): number {
  const f = formatTimestamp(new Date(t), tz) as string;
  const p = parseLocal(f) as Fields;
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
}

/** The zone's offset from UTC at instant `t` (a whole second; ms, +3600000 for UTC+1). */
function offsetAt(t: number, tz: string): number {
  return wallAsUtc(t, tz) - t;
}

/**
 * A local wall-clock time in the time zone `tz` as an instant. Like Temporal's `compatible`
 * disambiguation: a time that occurs twice (clocks set back) is the earlier instant; a time that does
 * not exist (clocks set forward) is moved forward by the length of the gap
 * (`2026-03-29T02:30:00` in Europe/Berlin is 03:30 CEST = 01:30Z).
 * Throws on a malformed timestamp (callers validate first).
 */
export function localToDate(local: string, tz: string): Date {
  const p = parseLocal(local);
  if (!p) throw new Error(`not a local timestamp: ${local}`);
  const wall = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  const day = 86_400_000;
  const before = offsetAt(wall - day, tz);
  const after = offsetAt(wall + day, tz);
  const candidates = [...new Set([before, after])]
    .map((off) => wall - off)
    .filter((t) => wallAsUtc(t, tz) === wall)
    .sort((a, b) => a - b);
  if (candidates.length) return new Date(candidates[0]!);
  // in a gap: read the wall time with the offset in force before the change
  return new Date(wall - before);
}

/** An instant as local wall-clock time `YYYY-MM-DDTHH:mm:ss` in `tz`. */
export function dateToLocal(d: Date, tz: string): string {
  return formatTimestamp(d, tz) as string;
}
