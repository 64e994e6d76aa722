import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';

@Injectable()
export class OpportunitiesService {
  constructor(private readonly uow: UnitOfWork) {}
}
