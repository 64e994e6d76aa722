import { SeedCalendar } from '../../../src/domain/demo/seed-time';
import { dateToLocal } from '../../../src/platform/common/local-time';

const TZ = 'Europe/Istanbul';
// Sunday 29 November 2026, 06:37 in Istanbul (UTC+3)
const sundayMorning = new Date('2026-11-29T03:37:00Z');

describe('the demo seed calendar', () => {
  it('puts meetings in working hours on working days, never on the weekend', () => {
    const cal = new SeedCalendar(TZ, 'TR', sundayMorning);
    expect(cal.today).toBe('2026-11-29');
    expect(dateToLocal(cal.nextSlot('10:00'), TZ)).toBe('2026-11-30T10:00:00');
    expect(dateToLocal(cal.nextSlot('14:00', 1), TZ)).toBe('2026-12-01T14:00:00');
  });

  it("takes today's slot while it is ahead, else the next working day's", () => {
    // Monday 30 November 2026, 12:00 in Istanbul
    const cal = new SeedCalendar(TZ, 'TR', new Date('2026-11-30T09:00:00Z'));
    expect(dateToLocal(cal.nextSlot('14:00'), TZ)).toBe('2026-11-30T14:00:00');
    expect(dateToLocal(cal.nextSlot('10:00'), TZ)).toBe('2026-12-01T10:00:00');
  });

  it('moves past days earlier and future days later onto working days, skipping public holidays', () => {
    const cal = new SeedCalendar(TZ, 'TR', sundayMorning);
    expect(cal.day(-1)).toBe('2026-11-27'); // Saturday 28th -> Friday 27th
    expect(cal.day(6)).toBe('2026-12-07'); // Saturday 5th -> Monday 7th
    expect(cal.day(0)).toBe('2026-11-30'); // today is a Sunday -> Monday
    // Republic Day, Thursday 29 October 2026
    expect(new SeedCalendar(TZ, 'TR', new Date('2026-11-02T09:00:00Z')).day(-4)).toBe('2026-10-28');
    expect(dateToLocal(cal.ago(2), TZ)).toBe('2026-11-27T10:00:00');
  });
});
