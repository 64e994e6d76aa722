import { parseClientTimestamp } from '../../../src/platform/common/time';
import { DomainError } from '../../../src/platform/common/errors';
import { sinceInstant } from '../../../src/domain/crm/shared/paging';

describe('parseClientTimestamp', () => {
  it.each([
    ['2026-03-01T10:00:00', { wall: '2026-03-01T10:00:00', ms: 0, offsetMinutes: null }],
    ['2026-03-01T10:00', { wall: '2026-03-01T10:00:00', ms: 0, offsetMinutes: null }],
    ['2026-03-01', { wall: '2026-03-01T00:00:00', ms: 0, offsetMinutes: null }],
    ['2026-03-01 10:00:00', { wall: '2026-03-01T10:00:00', ms: 0, offsetMinutes: null }],
    ['2026-03-01T10:00:00.5', { wall: '2026-03-01T10:00:00', ms: 500, offsetMinutes: null }],
    ['2026-03-01T10:00:00.123456Z', { wall: '2026-03-01T10:00:00', ms: 123, offsetMinutes: 0 }],
    ['2026-03-01T10:00:00z', { wall: '2026-03-01T10:00:00', ms: 0, offsetMinutes: 0 }],
    ['2026-03-01T10:00:00+09:00', { wall: '2026-03-01T10:00:00', ms: 0, offsetMinutes: 540 }],
    ['2026-03-01T10:00:00-0530', { wall: '2026-03-01T10:00:00', ms: 0, offsetMinutes: -330 }],
    ['2026-03-01T10:00:00+03', { wall: '2026-03-01T10:00:00', ms: 0, offsetMinutes: 180 }],
  ])('%s', (s, expected) => {
    expect(parseClientTimestamp(s)).toEqual(expected);
  });

  it.each([
    [''],
    ['yesterday'],
    ['2026-3-1'],
    ['2026-02-29T00:00:00'],
    ['2026-03-01T24:00:00'],
    ['2026-03-01T10:60:00'],
    ['2026-03-01T10:00:60'],
    ['2026-03-01Z'],
    ['2026-03-01T10:00:00+19:00'],
    ['2026-03-01T10:00:00+09:60'],
    ['1899-12-31T23:59:59'],
    ['3000-01-01T00:00:00'],
    ['2026-03-01T10:00:00\u0000'],
    ['2026-03-01T10:00:00Z junk'],
    [12345],
    [null],
  ])('refuses %p', (s) => {
    expect(parseClientTimestamp(s)).toBeNull();
  });
});

describe('sinceInstant', () => {
  it('reads a timestamp without offset in the workspace time zone', () => {
    expect(sinceInstant('2026-03-01T10:00:00', 'Asia/Tokyo').toISOString()).toBe('2026-03-01T01:00:00.000Z');
    expect(sinceInstant('2026-07-01T10:00:00', 'America/New_York').toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(sinceInstant('2026-03-01T10:00:00.250', 'UTC').toISOString()).toBe('2026-03-01T10:00:00.250Z');
    expect(sinceInstant('2026-03-01', 'Asia/Tokyo').toISOString()).toBe('2026-02-28T15:00:00.000Z');
  });

  it('reads a wall time that occurs twice as the earlier instant, one in a gap as moved forward', () => {
    // New York, 2026-11-01: 01:30 happens at 05:30Z (EDT) and at 06:30Z (EST)
    expect(sinceInstant('2026-11-01T01:30:00', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // New York, 2026-03-08: 02:30 does not exist (02:00 EST -> 03:00 EDT)
    expect(sinceInstant('2026-03-08T02:30:00', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('honours Z and offsets whatever the workspace zone', () => {
    expect(sinceInstant('2026-03-01T10:00:00Z', 'Asia/Tokyo').toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(sinceInstant('2026-03-01T10:00:00+09:00', 'America/New_York').toISOString()).toBe('2026-03-01T01:00:00.000Z');
    expect(sinceInstant('2026-03-01T10:00:00.5-05:00', 'UTC').toISOString()).toBe('2026-03-01T15:00:00.500Z');
  });

  it('refuses garbage with invalid naming the field', () => {
    expect(() => sinceInstant('soon', 'UTC')).toThrow(DomainError);
    try {
      sinceInstant('soon', 'UTC', 'since');
    } catch (e) {
      expect(e).toMatchObject({ code: 'invalid', message: expect.stringContaining('since') });
    }
  });
});
