import { Injectable, PipeTransform } from '@nestjs/common';
import { invalid } from '../platform/common/errors';

/** Path ids: positive integers (else 400 naming the parameter). */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string, meta: { data?: string }): number {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
      throw invalid(meta.data ?? 'id', 'must be an integer between 1 and 2147483647');
    }
    return Number(value);
  }
}
