import { canSeeEntry } from '../../../src/domain/crm/calendar/calendar.service';
import { dateToLocal, isLocalTimestamp, localToDate } from '../../../src/platform/common/local-time';
import { dateIn, formatTimestamp } from '../../../src/platform/common/time';

describe('localToDate', () => {
  it.each([
    ['2026-01-15T10:00:00', 'Europe/Berlin', '2026-01-15T09:00:00.000Z'],
    ['2026-07-15T10:00:00', 'Europe/Berlin', '2026-07-15T08:00:00.000Z'],
    ['2026-07-15T10:00:00', 'Europe/Istanbul', '2026-07-15T07:00:00.000Z'],
    ['2026-07-15T10:00:00', 'UTC', '2026-07-15T10:00:00.000Z'],
    ['2026-07-15T10:00:00', 'America/New_York', '2026-07-15T14:00:00.000Z'],
    ['2026-01-15T10:00:00', 'Asia/Kolkata', '2026-01-15T04:30:00.000Z'],
    ['2026-01-01T00:30:00', 'Pacific/Auckland', '2025-12-31T11:30:00.000Z'],
    ['2026-03-02T09:15', 'Europe/Berlin', '2026-03-02T08:15:00.000Z'],
  ])('%s in %s is %s', (local, tz, iso) => {
    expect(localToDate(local, tz).toISOString()).toBe(iso);
  });

  it('handles the spring-forward change in Europe/Berlin (2026-03-29, 02:00 -> 03:00)', () => {
    expect(localToDate('2026-03-29T01:59:59', 'Europe/Berlin').toISOString()).toBe('2026-03-29T00:59:59.000Z');
    expect(localToDate('2026-03-29T03:00:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 02:30 does not exist that night: moved forward by the gap, to 03:30 CEST
    const gap = localToDate('2026-03-29T02:30:00', 'Europe/Berlin');
    expect(gap.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(dateToLocal(gap, 'Europe/Berlin')).toBe('2026-03-29T03:30:00');
  });

  it('handles the fall-back change in Europe/Berlin (2026-10-25, 03:00 -> 02:00): the earlier instant', () => {
    expect(localToDate('2026-10-25T01:30:00', 'Europe/Berlin').toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(localToDate('2026-10-25T02:30:00', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(localToDate('2026-10-25T03:30:00', 'Europe/Berlin').toISOString()).toBe('2026-10-25T02:30:00.000Z');
  });

  it('handles the spring-forward change in America/New_York (2026-03-08, 02:00 -> 03:00)', () => {
    expect(localToDate('2026-03-08T02:30:00', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(localToDate('2026-03-08T03:30:00', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(localToDate('2026-03-08T01:30:00', 'America/New_York').toISOString()).toBe('2026-03-08T06:30:00.000Z');
  });

  it('round-trips with dateToLocal for every hour across both Berlin changes', () => {
    for (const day of ['2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26']) {
      for (let h = 0; h < 24; h++) {
        const local = `${day}T${String(h).padStart(2, '0')}:15:00`;
        if (local.startsWith('2026-03-29T02')) continue; // does not exist
        expect(dateToLocal(localToDate(local, 'Europe/Berlin'), 'Europe/Berlin')).toBe(local);
      }
    }
  });

  it('refuses a malformed timestamp', () => {
    expect(() => localToDate('2026-02-30T10:00:00', 'UTC')).toThrow();
    expect(() => localToDate('2026-03-02 10:00:00', 'UTC')).toThrow();
  });
});

describe('isLocalTimestamp', () => {
  it.each([
    ['2026-03-02T09:00:00', true],
    ['2026-03-02T09:00', true],
    ['2028-02-29T23:59:59', true],
    ['2026-02-29T10:00:00', false],
    ['2026-13-01T10:00:00', false],
    ['2026-03-02T24:00:00', false],
    ['2026-03-02T10:60:00', false],
    ['2026-03-02T10:00:00Z', false],
    ['2026-03-02T10:00:00+01:00', false],
    ['2026-03-02', false],
    ['1850-01-01T10:00:00', false],
    ['', false],
    [20260302, false],
    [null, false],
  ])('%s -> %s', (v, ok) => expect(isLocalTimestamp(v)).toBe(ok));
});

describe('calendar visibility', () => {
  const e = { ownerId: 1, attendeeIds: [1, 5] };
  it('admins, the owner team and attendee teams see an entry', () => {
    expect(canSeeEntry(null, e)).toBe(true);
    expect(canSeeEntry([1], e)).toBe(true);
    expect(canSeeEntry([5, 7], e)).toBe(true);
    expect(canSeeEntry([7, 8], e)).toBe(false);
  });
});

describe('formatTimestamp and dateIn (the cached hourly offset agrees with Intl)', () => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intl = (d: Date, tz: string): string => {
    const p: Record<string, string> = {};
    const f = formats.get(tz) ?? formats.set(tz, new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })).get(tz)!;
    for (const x of f.formatToParts(d)) p[x.type] = x.value;
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  };
  const zones = ['UTC', 'Europe/Berlin', 'Europe/Istanbul', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns', 'Asia/Kathmandu'];

  it.each(zones)('in %s: random instants 1890-2100, every minute around the 2026 changes', (tz) => {
    let seed = 42;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const from = Date.UTC(1890, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    const instants: number[] = [];
    for (let i = 0; i < 1000; i++) instants.push(Math.floor(from + rnd() * (to - from)));
    for (const change of [Date.UTC(2026, 2, 29), Date.UTC(2026, 3, 5), Date.UTC(2026, 9, 25), Date.UTC(2026, 10, 1), Date.UTC(2026, 2, 8), Date.UTC(2026, 9, 4)]) {
      for (let m = -3 * 60; m <= 3 * 60; m += 1) instants.push(change + m * 60_000 + 999);
    }
    const wrong = instants
      .map((ms) => new Date(ms))
      .filter((d) => formatTimestamp(d, tz) !== intl(d, tz) || dateIn(d, tz) !== intl(d, tz).slice(0, 10))
      .map((d) => `${d.toISOString()} ${formatTimestamp(d, tz)} ${intl(d, tz)}`);
    expect(wrong).toEqual([]);
  });

  it.each(zones)('in %s: every second of a minute, twice (the minute kept after the first), as timestamp and date', (tz) => {
    // 1895: Istanbul's mean time had an offset with seconds; 1969: before the epoch; 2026: around the changes
    const minutes = ['1895-06-01T10:00', '1969-12-31T23:59', '2026-03-29T00:59', '2026-03-29T01:00', '2026-10-25T00:59', '2026-11-20T16:47'];
    const wrong: string[] = [];
    for (const m of minutes) {
      for (let rep = 0; rep < 2; rep++) {
        for (let sec = 0; sec < 60; sec++) {
          const d = new Date(Date.parse(`${m}:00Z`) + sec * 1000 + (rep ? 999 : 0));
          if (formatTimestamp(d, tz) !== intl(d, tz) || dateIn(d, tz) !== intl(d, tz).slice(0, 10)) wrong.push(`${d.toISOString()} ${formatTimestamp(d, tz)} ${intl(d, tz)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps null for no date', () => {
    expect(formatTimestamp(null, 'UTC')).toBeNull();
  });
});
