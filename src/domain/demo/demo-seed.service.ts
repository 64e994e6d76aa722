import { Injectable } from '@nestjs/common';
import type { TenantDb } from '../../platform/database/tenant-db';
import { Company } from '../crm/companies/company.entity';
import { Product } from '../crm/products/product.entity';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { User } from '../identity/user.entity';
import { UsersService } from '../identity/users.service';
import { Workspace } from '../workspace/workspace.entity';
import { seedCrm } from './seed-crm';
import { seedOrdersAndTickets } from './seed-orders';
import { seedLeads } from './seed-leads';
import { seedObjects } from './seed-objects';
import { seedApprovals } from './seed-approvals';

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

/** Every count of the CRM part, in the order the answer lists them (0 when the sample data exists already). */
const NO_CRM_COUNTS = { companies: 0, people: 0, opportunities: 0, activities: 0, tasks: 0, calendar: 0, orders: 0, erp_queue: 0, tickets: 0, fairs: 0, leads: 0 };

export interface SeedResult {
  ok: true;
  [key: string]: number | boolean;
}

/** Realistic sample data, flagged as such (sample records raise no events). Running it twice adds nothing. */
@Injectable()
export class DemoSeedService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersService,
  ) {}

  seed(ws: Workspace): Promise<SeedResult> {
    return this.uow.run(async () => {
      const m = this.uow.tenant(ws.id);
      const products = await this.seedProducts(m, ws);
      const team = await this.seedTeam(m, ws);
      const approvals = await seedApprovals(m, ws, team.users);
      if (await m.exists(Company, { isSample: true })) {
        return { ok: true, products: products.created, users: team.created, ...NO_CRM_COUNTS, ...(await seedObjects(m, ws)), ...approvals };
      }
      // the printed admin owns a share too, so their first Today shows companies, meetings and tasks
      const admin = await m.findOne(User, { where: { role: 'admin', active: true }, order: { id: 'ASC' } });
      const crm = await seedCrm(m, ws, admin ? [admin, ...team.users] : team.users, products.all);
      const leads = await seedLeads(m, ws, team.users, crm.companies);
      const more = await seedOrdersAndTickets(m, ws, products.all);
      return { ok: true, products: products.created, users: team.created, ...NO_CRM_COUNTS, ...crm.counts, ...leads, ...more, ...(await seedObjects(m, ws)), ...approvals };
    });
  }

  private async seedProducts(m: TenantDb, ws: Workspace) {
    let created = 0;
    for (const p of PRODUCTS) {
      if (await m.exists(Product, { code: p.code })) continue;
      await m.insert(Product, { ...p, workspaceId: ws.id, currency: ws.app.currency_base, extId: `ERP-${p.code}`, isSample: true });
      created++;
    }
    return { created, all: await m.find(Product, { order: { id: 'ASC' } }) };
  }

  private async seedTeam(m: TenantDb, ws: Workspace) {
    let created = 0;
    const users: User[] = [];
    for (const t of TEAM) {
      const email = `${t.email}@${ws.slug}.local`;
      let u = await m.findOne(User, { where: { email } });
      if (!u) {
        u = await this.users.create(ws, { email, fullName: t.fullName, department: t.department, role: 'sales' });
        created++;
      }
      users.push(u);
    }
    return { created, users };
  }
}
