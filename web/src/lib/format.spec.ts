import { daysBetween, formatDate, formatMoney, formatNumber, formatTime, formatTimestamp } from './format';

/** The API's local dates and timestamps are shown as they are: the browser's time zone never moves them. */
describe('format', () => {
  it('writes a workspace-local date per language without shifting the day', () => {
    expect(formatDate('en', '2026-01-01')).toBe('1 Jan 2026');
    expect(formatDate('tr', '2026-12-31')).toBe('31 Ara 2026');
    expect(formatDate('en', '')).toBe('');
    expect(formatDate('en', null)).toBe('');
    expect(formatDate('en', 'not a date')).toBe('');
  });

  it('writes a workspace-local timestamp with its own clock time', () => {
    expect(formatTimestamp('en', '2026-03-29T02:30:00')).toBe('29 Mar 2026, 02:30');
    expect(formatTimestamp('tr', '2026-11-26T23:59:59')).toBe('26 Kas 2026 23:59');
    expect(formatTime('2026-11-26T09:05:00')).toBe('09:05');
    expect(formatTime(undefined)).toBe('');
  });

  it('writes numbers and money by locale, and falls back for an unknown currency', () => {
    expect(formatNumber('en', 12500.5, 1)).toBe('12,500.5');
    expect(formatNumber('tr', 12500.5, 1)).toBe('12.500,5');
    expect(formatNumber('en', null)).toBe('');
    expect(formatMoney('en', 12500, 'EUR')).toBe('€12,500');
    expect(formatMoney('tr', 12500, 'TRY')).toBe('₺12.500');
    expect(formatMoney('en', 2.3456, 'EUR', 4)).toBe('€2.3456');
    expect(formatMoney('tr', 2.35, 'EUR', 4)).toBe('€2,35');
    expect(formatMoney('en', 12.345, 'kg')).toBe('12.35');
    expect(formatMoney('en', null, 'EUR')).toBe('');
  });

  it('counts whole days between two dates, across a daylight-saving change', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-26', '2026-11-20')).toBe(-6);
    expect(daysBetween('2026-11-26T10:00:00', '2026-11-27')).toBe(1);
  });
});
