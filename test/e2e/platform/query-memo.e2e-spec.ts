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
});
