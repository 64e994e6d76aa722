import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { Product } from './product.entity';

@Injectable()
export class ProductsService {
  constructor(private readonly uow: UnitOfWork) {}

  listActive(workspaceId: number): Promise<Product[]> {
    return this.uow.repo(Product).find({ where: { workspaceId, active: true }, order: { name: 'ASC', id: 'ASC' } });
  }
}
