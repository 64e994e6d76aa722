import fc from 'fast-check';
import { parseTimestamptz, pgTimestamptz as parseDate } from '../../../src/platform/database/pg-types';

/** The ms of what a parser gave (a Date, or a number for ±infinity), for comparing two parsers. */
const msOf = (d: Date | number | null): number | null => (d === null ? null : typeof d === 'number' ? d : d.getTime());

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** timestamptz text as PostgreSQL writes it with DateStyle ISO, in any session time zone. */
const pgText = fc
  .record({
    y: fc.integer({ min: 100, max: 9999 }),
    mo: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
    frac: fc.option(fc.stringMatching(/^[0-9]{1,6}$/), { nil: undefined }),
    sign: fc.constantFrom('+', '-'),
    oh: fc.integer({ min: 0, max: 15 }),
    om: fc.option(fc.constantFrom(0, 30, 45), { nil: undefined }),
    os: fc.option(fc.integer({ min: 1, max: 59 }), { nil: undefined }),
  })
  .map(({ y, mo, d, h, mi, s, frac, sign, oh, om, os }) => {
    let zone = `${sign}${pad(oh, 2)}`;
    if (om !== undefined || os !== undefined) zone += `:${pad(om ?? 0, 2)}`;
    if (os !== undefined) zone += `:${pad(os, 2)}`;
    return `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)} ${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}${frac === undefined ? '' : `.${frac}`}${zone}`;
  });

describe('timestamptz from PostgreSQL', () => {
  it('reads every ISO timestamptz to the same instant as pg’s own parser', () => {
    fc.assert(
      fc.property(pgText, (text) => {
        const ours = parseTimestamptz(text);
        expect(ours).toBeInstanceOf(Date);
        expect(msOf(ours)).toBe(msOf(parseDate(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['2026-11-30 04:22:01.123456+00', Date.UTC(2026, 10, 30, 4, 22, 1, 123)],
    ['2026-11-30 04:22:01.5+03', Date.UTC(2026, 10, 30, 1, 22, 1, 500)],
    ['2026-03-29 02:30:00-05:30', Date.UTC(2026, 2, 29, 8, 0, 0)],
    ['1900-01-01 00:00:00+01:39:49', Date.UTC(1899, 11, 31, 22, 20, 11)],
  ])('reads %s', (text, ms) => {
    expect(msOf(parseTimestamptz(text))).toBe(ms);
  });

  it.each(['infinity', '-infinity', '2026-11-30 04:22:01+00 BC', '12026-11-30 04:22:01+00', '0099-01-01 00:00:00+00', '2026-11-30 04:22:01.+00'])(
    'leaves %s to pg’s parser',
    (text) => {
      expect(msOf(parseTimestamptz(text))).toBe(msOf(parseDate(text)));
    },
  );
});
