import { queryMemo } from '../../../src/platform/database/query-memo';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { api, createWorkspace, Fixture, startApp, TestApp, uow } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
});
afterAll(() => t.close());

describe('query memo: the SQL text of tenant query builders, kept per shape', () => {
  it('the second request of a kind builds no new statement; another filter is another statement', async () => {
    const list = () => api(t, a.host, a.adminKey).get('/api/v1/opportunities?limit=50').expect(200);
    await list();
    const misses = queryMemo.misses;
    const hits = queryMemo.hits;
    await list();
    expect(queryMemo.misses).toBe(misses);
    expect(queryMemo.hits).toBeGreaterThan(hits);
    await api(t, a.host, a.adminKey).get('/api/v1/opportunities?limit=50&status=open').expect(200);
    expect(queryMemo.misses).toBeGreaterThan(misses);
  });

  it('keys on the text of conditions, limits and joins, never on parameter values', () => {
    const db = uow(t).tenant(a.ws.id);
    const text = (build: (qb: ReturnType<typeof db.qb<Opportunity>>) => unknown) => {
      const qb = db.qb(Opportunity, 'o');
      build(qb);
      return qb.getQuery();
    };
    const byOwner = text((qb) => qb.andWhere('o.owner_id = :owner', { owner: 1 }));
    expect(text((qb) => qb.andWhere('o.owner_id = :owner', { owner: 2 }))).toBe(byOwner);
    expect(text((qb) => qb.andWhere('o.customer_id = :owner', { owner: 1 }))).not.toBe(byOwner);
    expect(text((qb) => qb.andWhere('o.owner_id = :owner', { owner: 1 }).limit(5))).toContain('LIMIT 5');
    expect(text((qb) => qb.andWhere('o.owner_id = :owner', { owner: 1 }).limit(6))).toContain('LIMIT 6');
    expect(text((qb) => qb.andWhere('o.owner_id IN (:...owners)', { owners: [1, 2, 3] }))).toContain(':...owners');
  });

  it('the fast key (the few fields our builders set, every other one at its default) or the full one: one statement per key either way', async () => {
    const db = uow(t).tenant(a.ws.id);
    const built = (build: (qb: ReturnType<typeof db.qb<Opportunity>>) => unknown) => {
      const qb = db.qb(Opportunity, 'o');
      build(qb);
      const fast = queryMemo.fast;
      const sql = qb.getQuery();
      return { sql, fast: queryMemo.fast > fast };
    };
    // a list's shape: conditions (brackets among them), a select, an order and limits take the fast key
    const page = built((qb) => qb.select('o.id').andWhere('o.owner_id = :o', { o: 1 }).andWhere('(o.is_open OR o.value > :v)', { v: 2 }).orderBy('o.id', 'DESC').take(51));
    expect(page.fast).toBe(true);
    const joined = built((qb) => qb.select('o.id').andWhere('o.owner_id = :o', { o: 1 }).andWhere('(o.is_open OR o.value > :v)', { v: 2 }).innerJoin('companies', 'c', 'c.id = o.customer_id').orderBy('o.id', 'DESC').take(51));
    expect(joined.fast).toBe(true);
    expect(joined.sql).not.toBe(page.sql);
    // a field the fast key does not write (a lock, DISTINCT, a group) takes the full key: still its own statement
    const locked = built((qb) => qb.select('o.id').andWhere('o.owner_id = :o', { o: 1 }).andWhere('(o.is_open OR o.value > :v)', { v: 2 }).setLock('pessimistic_write').orderBy('o.id', 'DESC').take(51));
    const distinct = built((qb) => qb.select('o.id').andWhere('o.owner_id = :o', { o: 1 }).andWhere('(o.is_open OR o.value > :v)', { v: 2 }).distinct(true).orderBy('o.id', 'DESC').take(51));
    const grouped = built((qb) => qb.select('o.id').andWhere('o.owner_id = :o', { o: 1 }).andWhere('(o.is_open OR o.value > :v)', { v: 2 }).groupBy('o.id').orderBy('o.id', 'DESC').take(51));
    for (const other of [locked, distinct, grouped]) {
      expect(other.fast).toBe(false);
      expect(other.sql).not.toBe(page.sql);
    }
    expect(locked.sql).toContain('FOR UPDATE');
    expect(distinct.sql).toContain('DISTINCT');
    expect(grouped.sql).toContain('GROUP BY');
    // the same shape again answers the same text; a different order, limit or condition another one
    expect(built((qb) => qb.select('o.id').andWhere('o.owner_id = :o', { o: 9 }).andWhere('(o.is_open OR o.value > :v)', { v: 7 }).orderBy('o.id', 'DESC').take(51)).sql).toBe(page.sql);
    expect(built((qb) => qb.select('o.id').andWhere('o.owner_id = :o', { o: 1 }).andWhere('(o.is_open OR o.value > :v)', { v: 2 }).orderBy('o.id', 'ASC').take(51)).sql).not.toBe(page.sql);
    expect(built((qb) => qb.select('o.id').andWhere('o.owner_id = :o', { o: 1 }).andWhere('(o.is_open OR o.value > :v)', { v: 2 }).orderBy('o.id', 'DESC').take(21)).sql).not.toBe(page.sql);
    // the lists of the API take it
    const fast = queryMemo.fast;
    await api(t, a.host, a.adminKey).get('/api/v1/people?limit=50').expect(200);
    await api(t, a.host, a.adminKey).get('/api/v1/opportunities?limit=50').expect(200);
    expect(queryMemo.fast).toBeGreaterThan(fast);
  });
});
