import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { Product } from '../crm/products/product.entity';
import { User } from '../identity/user.entity';
import { UsersService } from '../identity/users.service';
import { Workspace } from '../workspace/workspace.entity';

const PRODUCTS = [
  { code: 'PE-LD-200', name: 'LDPE film granulate', listPrice: 1.45, unit: 'kg' },
  { code: 'PP-H-350', name: 'PP homopolymer', listPrice: 1.32, unit: 'kg' },
  { code: 'PET-BTL-80', name: 'PET bottle grade', listPrice: 1.18, unit: 'kg' },
  { code: 'MB-WHT-60', name: 'White masterbatch', listPrice: 2.9, unit: 'kg' },
  { code: 'ADD-UV-05', name: 'UV stabiliser additive', listPrice: 7.5, unit: 'kg' },
];

const TEAM = [
  { email: 'ayse.yilmaz', fullName: 'Ayşe Yılmaz', department: 'Sales North' },
  { email: 'mehmet.kaya', fullName: 'Mehmet Kaya', department: 'Sales North' },
  { email: 'elif.demir', fullName: 'Elif Demir', department: 'Sales South' },
];

export interface SeedResult {
  ok: true;
  products: number;
  users: number;
  [key: string]: number | boolean;
}

/** Realistic sample data, flagged as such (sample records raise no events). Safe to run twice. */
@Injectable()
export class DemoSeedService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersService,
  ) {}

  seed(ws: Workspace): Promise<SeedResult> {
    return this.uow.run(async (m) => {
      let products = 0;
      for (const p of PRODUCTS) {
        if (await m.exists(Product, { where: { workspaceId: ws.id, code: p.code } })) continue;
        await m.insert(Product, { ...p, workspaceId: ws.id, currency: ws.app.currency_base, extId: `ERP-${p.code}`, isSample: true });
        products++;
      }
      let users = 0;
      const domain = `${ws.slug}.local`;
      for (const t of TEAM) {
        const email = `${t.email}@${domain}`;
        if (await m.exists(User, { where: { workspaceId: ws.id, email } })) continue;
        await this.users.create(ws, { email, fullName: t.fullName, department: t.department, role: 'sales' });
        users++;
      }
      return { ok: true, products, users };
    });
  }
}
