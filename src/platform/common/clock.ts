import { Injectable } from '@nestjs/common';

/**
 * The current time for domain rules that depend on it (ERP claim leases, Quick Entry's relative dates).
 * Provided once, globally, by the composition root; tests replace `now` on the instance to move time.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
