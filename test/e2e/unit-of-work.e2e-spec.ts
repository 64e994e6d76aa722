import { Product } from '../../src/crm/products/product.entity';
import { UnitOfWork, WriteOutsideUnitOfWork } from '../../src/database/unit-of-work';
import { createWorkspace, Fixture, startApp, TestApp } from '../helpers/test-app';

describe('unit of work: writes only inside run()', () => {
  let t: TestApp;
  let f: Fixture;
  let uow: UnitOfWork;

  beforeAll(async () => {
    t = await startApp();
    f = await createWorkspace(t);
    uow = t.get(UnitOfWork);
  });
  afterAll(() => t.close());

  const row = () => ({ workspaceId: f.ws.id, code: `P${Math.random().toString(36).slice(2, 8)}`, name: 'x', listPrice: 1, currency: 'EUR', unit: 'kg', active: true });

  it('throws on manager, repository and query-builder writes outside a unit of work, and writes nothing', async () => {
    const before = await uow.repo(Product).count({ where: { workspaceId: f.ws.id } });
    await expect(uow.manager.insert(Product, row())).rejects.toThrow(WriteOutsideUnitOfWork);
    await expect(uow.repo(Product).save(uow.repo(Product).create(row()))).rejects.toThrow(WriteOutsideUnitOfWork);
    await expect(uow.repo(Product).update({ workspaceId: f.ws.id }, { name: 'y' })).rejects.toThrow(WriteOutsideUnitOfWork);
    expect(() => uow.manager.createQueryBuilder().update(Product)).toThrow(WriteOutsideUnitOfWork);
    expect(() => uow.repo(Product).createQueryBuilder('p').delete()).toThrow(WriteOutsideUnitOfWork);
    expect(await uow.repo(Product).count({ where: { workspaceId: f.ws.id } })).toBe(before);
  });

  it('reads work outside, writes work inside run()', async () => {
    const before = await uow.repo(Product).count({ where: { workspaceId: f.ws.id } });
    await uow.run(async () => {
      await uow.manager.insert(Product, row());
      await uow.repo(Product).insert(row());
    });
    expect(await uow.repo(Product).count({ where: { workspaceId: f.ws.id } })).toBe(before + 2);
  });
});
