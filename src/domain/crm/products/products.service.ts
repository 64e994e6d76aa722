import { Injectable } from '@nestjs/common';
import { DomainError, forbidden, invalid, notFound } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { Product } from './product.entity';

/** Absent = unchanged; null clears `ext_id` and is refused for the fields a product always has. */
export interface ProductInput {
  code?: string | null;
  name?: string | null;
  list_price?: number | null;
  currency?: string | null;
  unit?: string | null;
  ext_id?: string | null;
  active?: boolean | null;
}

/** The workspace's catalogue: what opportunities, orders, ERP lines and Quick Entry refer to. */
@Injectable()
export class ProductsService {
  constructor(private readonly uow: UnitOfWork) {}

  listActive(workspaceId: number): Promise<Product[]> {
    return this.uow.tenant(workspaceId).find(Product, { where: { active: true }, order: { name: 'ASC', id: 'ASC' } });
  }

  list(auth: UserContext, includeInactive: boolean): Promise<Product[]> {
    return this.uow.tenant(auth.workspace.id).find(Product, {
      where: includeInactive ? {} : { active: true },
      order: { name: 'ASC', id: 'ASC' },
      take: 1000,
    });
  }

  async get(auth: UserContext, id: number): Promise<Product> {
    const p = await this.uow.tenant(auth.workspace.id).byId(Product, id);
    if (!p) throw notFound('product');
    return p;
  }

  async create(auth: UserContext, input: ProductInput): Promise<Product> {
    if (!isAdmin(auth)) throw forbidden('only admins maintain the product catalogue');
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const p = db.create(Product, { currency: auth.workspace.app.currency_base, unit: auth.workspace.app.unit_default, listPrice: 0, extId: '', active: true });
      this.apply(auth, p, input);
      await this.assertFreeCode(auth, p.code);
      return db.save(Product, p);
    });
  }

  async update(auth: UserContext, id: number, input: ProductInput): Promise<Product> {
    if (!isAdmin(auth)) throw forbidden('only admins maintain the product catalogue');
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const p = await this.get(auth, id);
      const oldCode = p.code;
      this.apply(auth, p, input);
      if (p.code !== oldCode) await this.assertFreeCode(auth, p.code);
      return db.save(Product, p);
    });
  }

  private apply(auth: UserContext, p: Product, i: ProductInput): void {
    const app = auth.workspace.app;
    for (const f of ['list_price', 'currency', 'unit', 'active'] as const) if (i[f] === null) throw invalid(f, 'must not be null');
    if (i.code !== undefined) p.code = (i.code ?? '').trim();
    if (i.name !== undefined) p.name = (i.name ?? '').trim();
    if (i.list_price != null) p.listPrice = i.list_price;
    if (i.currency != null) {
      if (!app.currencies.includes(i.currency)) throw invalid('currency', `must be one of ${app.currencies.join(', ')}`);
      p.currency = i.currency;
    }
    if (i.unit != null) {
      if (!app.units.includes(i.unit)) throw invalid('unit', `must be one of ${app.units.join(', ')}`);
      p.unit = i.unit;
    }
    if (i.ext_id !== undefined) p.extId = i.ext_id ?? '';
    if (i.active != null) p.active = i.active;
    if (!p.code) throw invalid('code', 'is required');
    if (!p.name) throw invalid('name', 'is required');
  }

  private async assertFreeCode(auth: UserContext, code: string): Promise<void> {
    if (await this.uow.tenant(auth.workspace.id).exists(Product, { code })) {
      throw new DomainError('conflict', `a product with code ${code} already exists`, { field: 'code' });
    }
  }
}
