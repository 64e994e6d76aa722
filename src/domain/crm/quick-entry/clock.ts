import { Injectable } from '@nestjs/common';

/** The time Quick Entry resolves relative dates against (tests replace `now`). */
@Injectable()
export class QuickEntryClock {
  now(): Date {
    return new Date();
  }
}
