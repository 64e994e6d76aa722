import { types } from 'pg';

/**
 * Dates stay `YYYY-MM-DD` strings (no time-zone shift through JS Date); numeric and bigint come back
 * as numbers (amounts and counts here are well inside double precision).
 */
types.setTypeParser(1082, (v: string) => v); // date
types.setTypeParser(1700, (v: string) => (v === null ? null : Number(v))); // numeric
types.setTypeParser(20, (v: string) => (v === null ? null : Number(v))); // int8

type TimestampParser = (v: string) => Date | number | null;
/**
 * pg's own timestamptz parser (postgres-date), for what the fast path below does not read (and for its test),
 * kept on pg's registry so that this module loaded a second time over the same pg does not take its own parser
 * for pg's.
 */
const PG_OWN = Symbol.for('crm.pg-timestamptz');
const registry = types as unknown as { [PG_OWN]?: TimestampParser };
export const pgTimestamptz: TimestampParser = (registry[PG_OWN] ??= types.getTypeParser(1184) as TimestampParser);

/** Two decimal digits at `i`, or NaN. */
function two(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : NaN;
}

/**
 * A timestamptz as PostgreSQL sends it with DateStyle ISO, `YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM[:SS]]`, read by
 * its character positions into the same Date as pg's parser gives; anything else (infinity, BC, a five-digit
 * year) goes to pg's parser. postgres-date's regular expressions were a tenth of an export's CPU and a sixth of
 * what it allocated (five timestamps a row); test/unit/platform/pg-timestamps.spec.ts compares both.
 */
export function parseTimestamptz(v: string): Date | number | null {
  const n = v.length;
  if (n < 22 || v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45 || v.charCodeAt(10) !== 32 || v.charCodeAt(13) !== 58 || v.charCodeAt(16) !== 58) return pgTimestamptz(v);
  const year = two(v, 0) * 100 + two(v, 2);
  let i = 19;
  let ms = 0;
  if (v.charCodeAt(i) === 46) {
    // milliseconds are the first three digits (pg's parser keeps the rest as a fraction that Date drops)
    let digits = 0;
    for (i++; i < n; i++) {
      const d = v.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      if (digits < 3) ms = ms * 10 + d;
      digits++;
    }
    if (digits === 0) return pgTimestamptz(v);
    for (let k = Math.min(digits, 3); k < 3; k++) ms *= 10;
  }
  const sign = v.charCodeAt(i) === 43 ? 1 : v.charCodeAt(i) === 45 ? -1 : 0;
  let offset = two(v, i + 1) * 3600;
  i += 3;
  if (i < n && v.charCodeAt(i) === 58) {
    offset += two(v, i + 1) * 60;
    i += 3;
    if (i < n && v.charCodeAt(i) === 58) {
      offset += two(v, i + 1);
      i += 3;
    }
  }
  const utc = Date.UTC(year, two(v, 5) - 1, two(v, 8), two(v, 11), two(v, 14), two(v, 17), ms) - sign * offset * 1000;
  // years 0-99 (Date.UTC maps them to 19xx), a missing sign or anything after the offset: pg's parser
  if (sign === 0 || i !== n || !(year >= 100) || Number.isNaN(utc)) return pgTimestamptz(v);
  return new Date(utc);
}
types.setTypeParser(1184, parseTimestamptz); // timestamptz
