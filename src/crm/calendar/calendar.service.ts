import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';

@Injectable()
export class CalendarService {
  constructor(private readonly uow: UnitOfWork) {}
}
