import { addDays, todayIn } from '../../platform/common/time';
import { localToDate } from '../../platform/common/local-time';
import { workingDays } from '../crm/approvals/working-days';

/**
 * Dates of the sample data, relative to today in the workspace's time zone and on its working days
 * (weekdays without the public holidays of constants.holiday_country), so the demo reads like a real week:
 * no meeting at 06:37 on a Sunday, no visit on a bayram.
 */
export class SeedCalendar {
  readonly today: string;

  constructor(
    readonly timezone: string,
    private readonly country: string,
    private readonly now: Date = new Date(),
  ) {
    this.today = todayIn(timezone, now);
  }

  isWorkingDay(date: string): boolean {
    return workingDays(date, date, this.country).working_days === 1;
  }

  /** `date` when it is a working day, else the nearest one in the direction `step` (+1 later, -1 earlier). */
  working(date: string, step: 1 | -1): string {
    let d = date;
    for (let i = 0; i < 14 && !this.isWorkingDay(d); i++) d = addDays(d, step);
    return d;
  }

  /** `days` from today (negative: ago), moved to a working day away from today (earlier for the past). */
  day(days: number): string {
    return this.working(addDays(this.today, days), days < 0 ? -1 : 1);
  }

  /** The instant of a local wall time (`HH:MM`) on a date, in the workspace's time zone. */
  at(date: string, time: string): Date {
    return localToDate(`${date}T${time}:00`, this.timezone);
  }

  /**
   * The next time slot `HH:MM` on a working day that is still ahead: today's when it has not passed, else the
   * following working days'. `skip` working days are passed over first (to spread meetings over the week).
   */
  nextSlot(time: string, skip = 0): Date {
    let d = this.working(this.today, 1);
    if (this.at(d, time).getTime() <= this.now.getTime()) d = this.working(addDays(d, 1), 1);
    for (let i = 0; i < skip; i++) d = this.working(addDays(d, 1), 1);
    return this.at(d, time);
  }

  /** An instant `days` ago at a working-hours time (for stage changes and logs that keep an instant). */
  ago(days: number, time = '10:00'): Date {
    return this.at(this.day(-days), time);
  }
}
