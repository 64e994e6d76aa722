import { Injectable } from '@nestjs/common';

/** The time the ERP queue leases against (tests replace `now` to move past the 30-minute claim window). */
@Injectable()
export class ErpClock {
  now(): Date {
    return new Date();
  }
}
