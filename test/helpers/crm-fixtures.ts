import { Company } from '../../src/domain/crm/companies/company.entity';
import { Product } from '../../src/domain/crm/products/product.entity';
import { normalizeName } from '../../src/domain/crm/shared/duplicate';
import { OutboxEvent } from '../../src/platform/outbox/outbox-event.entity';
import { Fixture, TestApp, db } from './test-app';

/** Inserts a company row directly (for tests of other resources). */
export async function insertCompany(t: TestApp, f: Fixture, ownerId: number, over: Partial<Company> = {}): Promise<Company> {
  const name = over.name ?? `Company ${Math.random().toString(36).slice(2, 8)}`;
  const c = db(t).create(Company, { workspaceId: f.ws.id, name, nameNorm: normalizeName(name), status: 'Active', ownerId, city: 'Izmir', ...over });
  return db(t).save(c);
}

export async function insertProduct(t: TestApp, f: Fixture, over: Partial<Product> = {}): Promise<Product> {
  const code = over.code ?? `P-${Math.random().toString(36).slice(2, 8)}`;
  return db(t).save(db(t).create(Product, { workspaceId: f.ws.id, code, name: `Product ${code}`, listPrice: 2, currency: 'EUR', unit: 'kg', ...over }));
}

export async function outboxOf(t: TestApp, f: Fixture, event: string): Promise<OutboxEvent[]> {
  return db(t).getRepository(OutboxEvent).find({ where: { workspaceId: f.ws.id, event }, order: { id: 'ASC' } });
}
