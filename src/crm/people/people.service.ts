import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';

@Injectable()
export class PeopleService {
  constructor(private readonly uow: UnitOfWork) {}
}
