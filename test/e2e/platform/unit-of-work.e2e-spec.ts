import { Product } from '../../../src/domain/crm/products/product.entity';
import { UnitOfWork, WriteOutsideUnitOfWork } from '../../../src/platform/database/unit-of-work';
import { Client } from 'pg';
import { api, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

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

  it('throws on entity, query-builder and cross-workspace writes outside a unit of work, and writes nothing', async () => {
    const db = uow.tenant(f.ws.id);
    const before = await db.count(Product);
    await expect(db.insert(Product, row())).rejects.toThrow(WriteOutsideUnitOfWork);
    await expect(db.save(Product, db.create(Product, row()))).rejects.toThrow(WriteOutsideUnitOfWork);
    await expect(db.update(Product, {}, { name: 'y' })).rejects.toThrow(WriteOutsideUnitOfWork);
    await expect(uow.acrossWorkspaces().update(Product, { workspaceId: f.ws.id }, { name: 'y' })).rejects.toThrow(WriteOutsideUnitOfWork);
    await expect(uow.acrossWorkspaces().save(Product, uow.acrossWorkspaces().create(Product, row()))).rejects.toThrow(WriteOutsideUnitOfWork);
    expect(() => db.qb(Product, 'p').delete()).toThrow(WriteOutsideUnitOfWork);
    expect(await db.count(Product)).toBe(before);
  });

  it('reads work outside, writes work inside run()', async () => {
    const db = uow.tenant(f.ws.id);
    const before = await db.count(Product);
    await uow.run(async () => {
      await db.insert(Product, row());
      await uow.acrossWorkspaces().save(Product, uow.acrossWorkspaces().create(Product, row()));
    });
    expect(await db.count(Product)).toBe(before + 2);
  });
});

describe('unit of work: one query at a time on its connection', () => {
  let t: TestApp;
  let f: Fixture;
  let uow: UnitOfWork;
  /** Queries sent to a pg client while it was still executing another (pg 8 queues them and warns; pg 9 refuses). */
  const overlapping: string[] = [];
  let restore: () => void = () => undefined;

  beforeAll(async () => {
    t = await startApp();
    f = await createWorkspace(t);
    uow = t.get(UnitOfWork);
    const proto = Client.prototype as unknown as { query: (...a: unknown[]) => unknown; _activeQuery?: unknown; _queryQueue: unknown[] };
    const original = proto.query;
    proto.query = function (this: typeof proto, ...args: unknown[]) {
      if (this._activeQuery || this._queryQueue.length > 0) {
        const q = args[0];
        overlapping.push(typeof q === 'string' ? q : String((q as { text?: string })?.text ?? q));
      }
      return original.apply(this, args);
    };
    restore = () => (proto.query = original);
  });
  afterAll(async () => {
    restore();
    await t.close();
  });

  it('uow.all runs its reads one after another inside a unit of work, in parallel outside', async () => {
    type Row = { n: number; pid: number }[];
    const reads = () =>
      [1, 2, 3].map((n) => () => uow.acrossWorkspaces().sql(`SELECT ${n} AS n, pg_backend_pid() AS pid, pg_sleep(0.05)`) as Promise<Row>) as [() => Promise<Row>, () => Promise<Row>, () => Promise<Row>];
    overlapping.length = 0;
    const inside = await uow.run(() => uow.all(...reads()));
    expect(inside.map((r) => r[0]!.n)).toEqual([1, 2, 3]);
    expect(new Set(inside.map((r) => r[0]!.pid)).size).toBe(1); // the transaction's connection
    expect(overlapping).toEqual([]);
    const outside = await uow.all(...reads());
    expect(outside.map((r) => r[0]!.n)).toEqual([1, 2, 3]);
    expect(overlapping).toEqual([]);
    // at once on three pool connections (embedded: the pool has one connection and queues them)
    if (process.env.DATABASE_URL) expect(new Set(outside.map((r) => r[0]!.pid)).size).toBe(3);
  });

  it('a lead conversion (an opportunity and its record made inside the conversion) sends no query to a busy connection', async () => {
    const key = f.adminKey;
    const lead = (await api(t, f.host, key).post('/api/v1/leads', { company: 'Overlap Check Ltd.', contact_name: 'Ada', next_action: 'Call', products: 'Film' }).expect(201)).body.lead;
    overlapping.length = 0;
    await api(t, f.host, key).post(`/api/v1/leads/${lead.id}/convert`, {}).expect(200);
    expect(overlapping).toEqual([]);
  });
});
