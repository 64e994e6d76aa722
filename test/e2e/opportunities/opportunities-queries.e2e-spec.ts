import { DataSource } from 'typeorm';
import { insertCompany, insertProduct } from '../../helpers/crm-fixtures';
import { fewestRun } from '../../helpers/query-log';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * Database round trips of the opportunity list and record ("Round trips"): every statement the
 * data source runs is recorded through its logger while one request is served.
 */
let t: TestApp;
let a: Fixture;
let seller: { user: { id: number }; key: string };

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'oppqueries');
  seller = await createUser(t, a, { department: 'North' });
  await createUser(t, a, { department: 'North' });
  const product = await insertProduct(t, a);
  const companies = await Promise.all([1, 2, 3].map(() => insertCompany(t, a, seller.user.id)));
  for (let i = 0; i < 60; i++) {
    const o = (await api(t, a.host, seller.key).post('/api/v1/opportunities', { name: `Deal ${i}`, customer_id: companies[i % 3].id, product_id: i % 2 ? product.id : null }).expect(201)).body.opp;
    if (i % 3 === 0) await api(t, a.host, seller.key).post(`/api/v1/opportunities/${o.id}/stage`, { stage: a.ws.constants.stages.find((s) => a.ws.constants.stage_roles[s] === 'lost'), close_reason: a.ws.constants.loss_reasons[0] }).expect(200);
  }
});
afterAll(() => t.close());

/** The statements run while `fn` (a read) runs, from the run with the fewest of three (see fewestRun). */
async function statements(fn: () => Promise<unknown>): Promise<string[]> {
  return fewestRun(() => statementsOnce(fn), (qs) => qs.length);
}
async function statementsOnce(fn: () => Promise<unknown>): Promise<string[]> {
  const logger = t.get(DataSource).logger;
  const original = logger.logQuery;
  const seen: string[] = [];
  logger.logQuery = (query, parameters, runner) => {
    seen.push(query);
    return original.call(logger, query, parameters, runner);
  };
  try {
    await fn();
  } finally {
    logger.logQuery = original;
  }
  return seen;
}

/**
 * Queries after authentication (workspace, credential, then the user: the first read of users), without
 * transaction control and without the credential's last_used_at bookkeeping (part of
 * authentication, run beside the request in its own transaction).
 */
/** The request's own statements: without transaction control and without the auth context (workspace, credential + user + team). */
const afterAuth = (all: string[]) =>
  all.filter((q) => !/^(START TRANSACTION|BEGIN|COMMIT|ROLLBACK)/.test(q) && !/"credentials"|"workspaces"|pg_notify/.test(q));
const reads = (qs: string[], table: string) => qs.filter((q) => new RegExp(`FROM "${table}"`).test(q));
/** Statements reading opportunities: quoted by TypeORM, or bare in the SQL of an index walk (paging.ts) or a read by keys (lateral.ts). */
const readsOpportunities = (qs: string[]) => qs.filter((q) => /FROM "?opportunities"?\b/.test(q));

describe('round trips', () => {
  it('lists 50 opportunities with their company, product and trend in at most 4 statements (admin and sales)', async () => {
    for (const key of [a.adminKey, seller.key]) {
      let body: { items: { customer: string; product: string; trend: string }[] } = { items: [] };
      const all = await statements(async () => {
        body = (await api(t, a.host, key).get('/api/v1/opportunities?limit=50').expect(200)).body;
      });
      const after = afterAuth(all);
      if (process.env.SHOW_QUERIES) process.stderr.write(`${all.join('\n')}\n\n`);
      expect(body.items).toHaveLength(50);
      expect(body.items.every((o) => o.customer.startsWith('Company'))).toBe(true);
      expect(body.items.filter((o) => o.product).length).toBeGreaterThan(0);
      expect(new Set(body.items.map((o) => o.trend))).toEqual(new Set(['flat', 'down']));
      // one query for the page (company, product and last stage change joined in), one for the owners,
      // and for a sales user one for the team
      expect(readsOpportunities(after)).toHaveLength(1);
      expect(after.filter((q) => /"companies"|"products"|"opp_logs"/.test(q) && !/FROM "?opportunities"?\b/.test(q))).toEqual([]);
      expect(after.length).toBeGreaterThan(0);
      expect(after.length).toBeLessThanOrEqual(key === a.adminKey ? 2 : 4);
    }
  });

  it('answers one record without separate company and product lookups', async () => {
    const id = (await api(t, a.host, seller.key).get('/api/v1/opportunities?limit=1').expect(200)).body.items[0].id;
    const all = await statements(() => api(t, a.host, seller.key).get(`/api/v1/opportunities/${id}`).expect(200));
    const after = afterAuth(all);
    if (process.env.SHOW_QUERIES) process.stderr.write(`${all.join('\n')}\n\n`);
    expect(reads(after, 'companies')).toEqual([]);
    expect(reads(after, 'products')).toEqual([]);
    // the record with company and product, the team, the open-record upsert, logs, steps, notes, tasks,
    // visits, the custom records linking to it (these six in parallel) and users
    expect(reads(after, 'opportunities')).toHaveLength(1);
    expect(after.length).toBeLessThanOrEqual(10);
  });

  // the list reads plain rows of the columns it shows (opportunity-queries.ts), the record hydrated entities:
  // an item of every kind of page (walked, filtered by id, sort=update) is the record's scalar part, key for key
  it.each(['limit=50', 'limit=20&sort=update', 'limit=50&status=closed', 'limit=50&q=Deal 1'])('a list item is the record without its arrays (%s)', async (query) => {
    for (const key of [a.adminKey, seller.key]) {
      const items = (await api(t, a.host, key).get(`/api/v1/opportunities?${query}`).expect(200)).body.items as Record<string, unknown>[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items.slice(0, 8)) {
        const record = (await api(t, a.host, key).get(`/api/v1/opportunities/${item.id as number}`).expect(200)).body.opp as Record<string, unknown>;
        const keys = Object.keys(item);
        expect(Object.keys(record).slice(0, keys.length)).toEqual(keys);
        expect(item).toEqual(Object.fromEntries(keys.map((k) => [k, record[k]])));
      }
    }
  });
});
