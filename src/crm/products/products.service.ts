import { Injectable } from '@nestjs/common';
import { DomainError, forbidden, invalid, notFound } from '../../common/errors';
import { UnitOfWork } from '../../database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth/auth-context';
import { Product } from './product.entity';

export interface ProductInput {
  code?: string;
  name?: string;
  list_price?: number;
  currency?: string;
  unit?: string;
  ext_id?: string;
  active?: boolean;
}

/** The workspace's catalogue: what opportunities, orders, ERP lines and Quick Entry refer to. */
@Injectable()
export class ProductsService {
  constructor(private readonly uow: UnitOfWork) {}

  listActive(workspaceId: number): Promise<Product[]> {
    return this.uow.repo(Product).find({ where: { workspaceId, active: true }, order: { name: 'ASC', id: 'ASC' } });
  }

  list(auth: UserContext, includeInactive: boolean): Promise<Product[]> {
    return this.uow.repo(Product).find({
      where: { workspaceId: auth.workspace.id, ...(includeInactive ? {} : { active: true }) },
      order: { name: 'ASC', id: 'ASC' },
      take: 1000,
    });
  }

  async get(auth: UserContext, id: number): Promise<Product> {
    const p = await this.uow.repo(Product).findOne({ where: { workspaceId: auth.workspace.id, id } });
    if (!p) throw notFound('product');
    return p;
  }

  async create(auth: UserContext, input: ProductInput): Promise<Product> {
    if (!isAdmin(auth)) throw forbidden('only admins maintain the product catalogue');
    return this.uow.run(async (m) => {
      const p = m.create(Product, { workspaceId: auth.workspace.id, currency: auth.workspace.app.currency_base, unit: auth.workspace.app.unit_default, listPrice: 0, extId: '', active: true });
      this.apply(auth, p, input);
      await this.assertFreeCode(auth, p.code);
      return m.save(p);
    });
  }

  async update(auth: UserContext, id: number, input: ProductInput): Promise<Product> {
    if (!isAdmin(auth)) throw forbidden('only admins maintain the product catalogue');
    return this.uow.run(async (m) => {
      const p = await this.get(auth, id);
      const oldCode = p.code;
      this.apply(auth, p, input);
      if (p.code !== oldCode) await this.assertFreeCode(auth, p.code);
      return m.save(p);
    });
  }

  private apply(auth: UserContext, p: Product, i: ProductInput): void {
    const app = auth.workspace.app;
    if (i.code !== undefined) p.code = i.code.trim();
    if (i.name !== undefined) p.name = i.name.trim();
    if (i.list_price !== undefined) p.listPrice = i.list_price;
    if (i.currency !== undefined) {
      if (!app.currencies.includes(i.currency)) throw invalid('currency', `must be one of ${app.currencies.join(', ')}`);
      p.currency = i.currency;
    }
    if (i.unit !== undefined) {
      if (!app.units.includes(i.unit)) throw invalid('unit', `must be one of ${app.units.join(', ')}`);
      p.unit = i.unit;
    }
    if (i.ext_id !== undefined) p.extId = i.ext_id;
    if (i.active !== undefined) p.active = i.active;
    if (!p.code) throw invalid('code', 'is required');
    if (!p.name) throw invalid('name', 'is required');
  }

  private async assertFreeCode(auth: UserContext, code: string): Promise<void> {
    if (await this.uow.repo(Product).exists({ where: { workspaceId: auth.workspace.id, code } })) {
      throw new DomainError('conflict', `a product with code ${code} already exists`, { field: 'code' });
    }
  }
}
