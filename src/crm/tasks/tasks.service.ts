import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';

@Injectable()
export class TasksService {
  constructor(private readonly uow: UnitOfWork) {}
}
