import { EntityTarget, FindManyOptions, In, ObjectLiteral } from 'typeorm';
import { DemoSeedService } from '../../../src/domain/demo/demo-seed.service';
import { Company } from '../../../src/domain/crm/companies/company.entity';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { User } from '../../../src/domain/identity/user.entity';
import { plainFind } from '../../../src/platform/database/plain-find';
import { createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'plainfind');
  await t.get(DemoSeedService).seed(a.ws);
});
afterAll(() => t.close());

describe('plainFind: find / findOne without the query builder', () => {
  it('answers the rows TypeORM answers, hydrated alike, for every entity with a workspace (types, transformers, arrays, json)', async () => {
    const m = db(t);
    let plainEntities = 0;
    let rowsCompared = 0;
    for (const meta of m.connection.entityMetadatas) {
      if (!meta.findColumnWithPropertyName('workspaceId') || !meta.findColumnWithPropertyName('id')) continue;
      const target = meta.target as EntityTarget<ObjectLiteral>;
      const options: FindManyOptions<ObjectLiteral> = { where: { workspaceId: a.ws.id }, order: { id: 'ASC' }, take: 25 };
      const plain = plainFind(m, target, options, false);
      if (!plain) continue;
      plainEntities++;
      const [mine, theirs] = await Promise.all([plain, m.find(target, options)]);
      expect({ entity: meta.name, rows: mine }).toEqual({ entity: meta.name, rows: theirs });
      for (let i = 0; i < mine.length; i++) expect(Object.getPrototypeOf(mine[i])).toBe(Object.getPrototypeOf(theirs[i]));
      rowsCompared += mine.length;
    }
    expect(plainEntities).toBeGreaterThan(30);
    expect(rowsCompared).toBeGreaterThan(100);
  });

  it('handles In, several conditions, order, take and skip, and findOne as TypeORM does', async () => {
    const m = db(t);
    const opps = await m.find(Opportunity, { where: { workspaceId: a.ws.id }, order: { id: 'ASC' } });
    expect(opps.length).toBeGreaterThan(3);
    const ids = opps.map((o) => o.id);
    const cases = [
      { where: { workspaceId: a.ws.id, id: In(ids.slice(1, 4)) } },
      { where: { workspaceId: a.ws.id, id: In([]) } },
      { where: { workspaceId: a.ws.id, isOpen: true }, order: { value: 'DESC' as const, id: 'ASC' as const } },
      { where: { workspaceId: a.ws.id, stage: opps[0].stage, ownerId: opps[0].ownerId }, order: { id: 'DESC' as const }, take: 2, skip: 1 },
      { where: { workspaceId: a.ws.id, id: In(ids) }, order: { id: 'desc' as const }, skip: 2 },
      { select: { workspaceId: true, id: true, name: true, value: true }, where: { workspaceId: a.ws.id, id: In(ids) } },
    ];
    for (const c of cases) {
      const plain = plainFind(m, Opportunity, c, false);
      expect(plain).not.toBeNull();
      expect(await plain).toEqual(await m.find(Opportunity, c));
    }
    const one = plainFind(m, User, { where: { workspaceId: a.ws.id, id: a.admin.id } }, true);
    expect(await one).toEqual([await m.findOne(User, { where: { workspaceId: a.ws.id, id: a.admin.id } })]);
    expect(await plainFind(m, Company, { where: { workspaceId: a.ws.id, id: -1 } }, true)).toEqual([]);
  });

  it('leaves every other shape to TypeORM (returns null)', () => {
    const m = db(t);
    const ws = a.ws.id;
    expect(plainFind(m, Company, { where: [{ workspaceId: ws }] }, false)).toBeNull();
    expect(plainFind(m, Company, { where: { workspaceId: ws }, select: { id: true, name: true } }, false)).toBeNull(); // not the whole key
    expect(plainFind(m, Company, { where: { workspaceId: ws }, select: { workspaceId: true, id: true, contacts: { id: true } } }, false)).toBeNull();
    expect(plainFind(m, Company, { where: { workspaceId: ws }, lock: { mode: 'pessimistic_write' } }, true)).toBeNull();
    expect(plainFind(m, Company, { where: { workspaceId: ws, erpCode: null } }, false)).toBeNull();
    expect(plainFind(m, Opportunity, { where: { workspaceId: ws, value: 5 } }, false)).toBeNull(); // a column with a transformer
    expect(plainFind(m, Company, { where: { workspaceId: ws, nope: 1 } }, false)).toBeNull();
    expect(plainFind(m, Company, { where: {} }, false)).toBeNull();
  });
});
