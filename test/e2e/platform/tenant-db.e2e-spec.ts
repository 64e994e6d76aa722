import { Brackets } from 'typeorm';
import { Product } from '../../../src/domain/crm/products/product.entity';
import { CrossTenantWrite } from '../../../src/platform/database/tenant-db';
import { UnitOfWork } from '../../../src/platform/database/unit-of-work';
import { createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

describe('TenantDb: data access bound to one workspace', () => {
  let t: TestApp;
  let a: Fixture;
  let b: Fixture;
  let uow: UnitOfWork;

  const product = (code: string) => ({ code, name: `Product ${code}`, listPrice: 1, currency: 'EUR', unit: 'kg', active: true });

  beforeAll(async () => {
    t = await startApp();
    [a, b] = [await createWorkspace(t), await createWorkspace(t)];
    uow = t.get(UnitOfWork);
    await uow.run(async () => {
      await uow.tenant(a.ws.id).insert(Product, [product('A1'), product('SAME')]);
      await uow.tenant(b.ws.id).insert(Product, [product('B1'), product('SAME')]);
    });
  });
  afterAll(() => t.close());

  const codes = (rows: Product[]) => rows.map((p) => p.code).sort();

  it('reads only its workspace: find, findOne, exists, count, query builder, raw SQL', async () => {
    const ta = uow.tenant(a.ws.id);
    expect(codes(await ta.find(Product))).toEqual(['A1', 'SAME']);
    expect(codes(await ta.find(Product, { where: [{ code: 'A1' }, { code: 'B1' }] }))).toEqual(['A1']);
    expect(await ta.findOne(Product, { where: { code: 'B1' } })).toBeNull();
    expect(await ta.exists(Product, { code: 'B1' })).toBe(false);
    expect(await ta.count(Product)).toBe(2);
    const bId = (await uow.tenant(b.ws.id).findOne(Product, { where: { code: 'B1' } }))!.id;
    expect(await ta.byId(Product, bId)).toBeNull();
    // where() adds to the workspace condition instead of replacing it
    expect(codes(await ta.qb(Product, 'p').where('p.code IN (:...c)', { c: ['A1', 'B1', 'SAME'] }).getMany())).toEqual(['A1', 'SAME']);
    expect(() => ta.qb(Product, 'p').orWhere('p.code = :c', { c: 'B1' })).toThrow(/orWhere/);
    const bracketed = await ta.qb(Product, 'p').andWhere(new Brackets((w) => w.where('p.code = :x', { x: 'A1' }).orWhere('p.code = :y', { y: 'B1' }))).getMany();
    expect(codes(bracketed)).toEqual(['A1']);
    expect((await ta.sql<{ code: string }>('SELECT code FROM products WHERE workspace_id = $1 AND code = $2', ['SAME'])).length).toBe(1);
    await expect(ta.sql('SELECT code FROM products WHERE code = $1', ['SAME'])).rejects.toThrow(/workspace_id = \$1/);
  });

  it('writes only its workspace: update and delete miss other workspaces, foreign rows are refused', async () => {
    await uow.run(async () => {
      expect(await uow.tenant(a.ws.id).update(Product, { code: 'SAME' }, { name: 'renamed in A' })).toBe(1);
      expect(await uow.tenant(a.ws.id).delete(Product, { code: 'B1' })).toBe(0);
      await expect(uow.tenant(a.ws.id).insert(Product, { ...product('X'), workspaceId: b.ws.id })).rejects.toThrow(CrossTenantWrite);
      const bRow = (await uow.tenant(b.ws.id).findOne(Product, { where: { code: 'SAME' } }))!;
      await expect(uow.tenant(a.ws.id).save(Product, bRow)).rejects.toThrow(CrossTenantWrite);
    });
    expect((await uow.tenant(b.ws.id).findOne(Product, { where: { code: 'SAME' } }))!.name).toBe('Product SAME');
    expect(await uow.tenant(b.ws.id).exists(Product, { code: 'B1' })).toBe(true);
  });

  it('takes an advisory lock only inside a unit of work (a transaction lock outside one would end with its statement)', async () => {
    await expect(uow.tenant(a.ws.id).lock(4242)).rejects.toThrow(/outside a unit of work/);
    await expect(uow.run(() => uow.tenant(a.ws.id).lock(4242))).resolves.toBeUndefined();
  });
});
