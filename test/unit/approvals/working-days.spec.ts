import { isKnownCountry, publicHolidays, workingDays } from '../../../src/domain/crm/approvals/working-days';

describe('working days of a leave request', () => {
  it('counts weekdays, both ends included, without weekends', () => {
    // Mon 2026-02-02 .. Sun 2026-02-15: two working weeks
    expect(workingDays('2026-02-02', '2026-02-15', 'TR')).toEqual({ working_days: 10, holidays: [] });
    expect(workingDays('2026-02-07', '2026-02-08', 'TR').working_days).toBe(0); // a weekend
    expect(workingDays('2026-02-04', '2026-02-04', 'TR').working_days).toBe(1);
  });

  it('skips Republic Day (29 October) in Turkey', () => {
    // Mon 26 .. Fri 30 October 2026; Thursday 29th is Cumhuriyet Bayramı
    const r = workingDays('2026-10-26', '2026-10-30', 'TR');
    expect(r.working_days).toBe(4);
    expect(r.holidays).toEqual([{ date: '2026-10-29', name: expect.stringMatching(/Cumhuriyet/) }]);
  });

  it('skips every day of the 2026 bayrams but counts the arife (half day) as a working day', () => {
    // Ramazan Bayramı 2026: arife Thu 19 March, bayram Fri 20 - Sun 22 March
    const ramazan = workingDays('2026-03-16', '2026-03-23', 'TR');
    expect(ramazan.holidays.map((h) => h.date)).toEqual(['2026-03-20']);
    expect(ramazan.working_days).toBe(5); // Mon-Thu (arife included) + Mon 23rd
    // Kurban Bayramı 2026: arife Tue 26 May, bayram Wed 27 - Sat 30 May
    const kurban = workingDays('2026-05-25', '2026-05-29', 'TR');
    expect(kurban.holidays.map((h) => h.date)).toEqual(['2026-05-27', '2026-05-28', '2026-05-29']);
    expect(kurban.working_days).toBe(2); // Mon 25 and the arife Tue 26
    const days = publicHolidays('TR', 2026).map((h) => h.date);
    expect(days).toEqual(expect.arrayContaining(['2026-03-20', '2026-03-21', '2026-03-22', '2026-05-27', '2026-05-28', '2026-05-29', '2026-05-30']));
    expect(days).not.toContain('2026-03-19');
    expect(days).not.toContain('2026-05-26');
    expect(days).not.toContain('2026-03-23');
    expect(days).not.toContain('2026-05-31');
  });

  it('spans years and uses the country it is given', () => {
    // 2025-12-29 (Mon) .. 2026-01-02 (Fri): New Year's Day is a holiday in both countries
    expect(workingDays('2025-12-29', '2026-01-02', 'TR').working_days).toBe(4);
    // 3 October is German Unity Day (a Saturday in 2026, so nothing extra), 29 October is not a German holiday
    expect(workingDays('2026-10-26', '2026-10-30', 'DE').working_days).toBe(5);
    expect(workingDays('2026-12-21', '2026-12-25', 'DE').working_days).toBe(4); // Christmas Day
  });

  it('knows country codes and refuses impossible spans', () => {
    expect(isKnownCountry('TR')).toBe(true);
    expect(isKnownCountry('DE')).toBe(true);
    expect(isKnownCountry('tr')).toBe(false);
    expect(isKnownCountry('XX')).toBe(false);
    expect(isKnownCountry(42)).toBe(false);
    expect(() => workingDays('2026-02-02', '2026-02-01', 'TR')).toThrow(RangeError);
    expect(workingDays('2026-01-01', '2027-01-01', 'TR').working_days).toBeGreaterThan(240);
    expect(() => workingDays('2026-01-01', '2027-01-02', 'TR')).toThrow(RangeError);
  });
});
