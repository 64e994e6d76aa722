import { Client } from 'pg';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { insertProduct } from '../../helpers/crm-fixtures';

/**
 * Database round trips per request, counted at the driver: every `query` of a pg client (TypeORM's pool
 * and anything else in this process) is one round trip.
 */
const seen: string[] = [];
let counting = false;
// what is installed when this file starts (in a group, another file's capture may already wrap the driver's own)
let original: typeof Client.prototype.query;

beforeAll(() => {
  original = Client.prototype.query;
  Client.prototype.query = function (this: Client, ...args: unknown[]) {
    if (counting) {
      const q = args[0];
      seen.push(typeof q === 'string' ? q : ((q as { text?: string })?.text ?? String(q)));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof Client.prototype.query;
});
afterAll(() => {
  Client.prototype.query = original;
});

async function queriesOf(run: () => Promise<unknown>): Promise<string[]> {
  seen.length = 0;
  counting = true;
  try {
    await run();
    // background bookkeeping (last_used_at) would show up here too
    await new Promise((r) => setTimeout(r, 50));
  } finally {
    counting = false;
  }
  return [...seen];
}

let t: TestApp;
let a: Fixture;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'trips');
  await insertProduct(t, a, { code: 'RT-1' });
});
afterAll(() => t.close());

describe('round trips per request', () => {
  it('GET /me: at most 2 on a warm instance (auth context from the cache, users and products in one query)', async () => {
    const { key } = await createUser(t, a, { department: 'North' });
    await createUser(t, a, { department: 'North' });
    const cold = await queriesOf(() => api(t, a.host, key).get('/api/v1/me').expect(200));
    // workspace by slug, credential + user + team ids, users + products (and a background last_used_at)
    expect(cold.length).toBeGreaterThanOrEqual(3);
    expect(cold.length).toBeLessThanOrEqual(3 + 3);
    // the fewest of three tries: on a loaded machine the cached auth context can expire between two requests, and a
    // reload only ever adds statements
    let warm: string[] | undefined;
    for (let i = 0; i < 3; i++) {
      const tried = await queriesOf(async () => {
        const res = await api(t, a.host, key).get('/api/v1/me').expect(200);
        expect(res.body.products.map((p: { code: string }) => p.code)).toEqual(['RT-1']);
        expect(res.body.users.length).toBe(3);
      });
      if (!warm || tried.length < warm.length) warm = tried;
    }
    warm = warm!;
    expect(warm.length).toBeLessThanOrEqual(2);
    expect(warm).toHaveLength(1); // today: the one users + products query
    expect(warm.join('\n')).not.toMatch(/credentials|FROM "workspaces"/);
  });

  it('loads team ids with the credential, not again per visibility check', async () => {
    const sales = await createUser(t, a, { department: 'South' });
    await createUser(t, a, { department: 'South' });
    await api(t, a.host, sales.key).get('/api/v1/companies').expect(200);
    const warm = await queriesOf(() => api(t, a.host, sales.key).get('/api/v1/companies').expect(200));
    expect(warm.length).toBeGreaterThan(0);
    // AccessService's own team query (\`u.department = $n\`) never runs: the guard's context carries the ids
    // (the credential load, on a cold cache, computes them in its subquery: \`t.department = btrim(...)\`)
    const teamQuery = /\bu\.department = \$\d/;
    expect(warm.join('\n')).not.toMatch(teamQuery);
    const today = await queriesOf(() => api(t, a.host, sales.key).get('/api/v1/today').expect(200));
    expect(today.join('\n')).not.toMatch(teamQuery);
  });

  it('writes last_used_at off the request path at most once a minute per credential', async () => {
    const { key } = await createUser(t, a);
    const first = await queriesOf(() => api(t, a.host, key).get('/api/v1/me').expect(200));
    expect(first.filter((q) => /UPDATE "credentials"/.test(q))).toHaveLength(1);
    const next = await queriesOf(async () => {
      for (let i = 0; i < 3; i++) await api(t, a.host, key).get('/api/v1/me').expect(200);
    });
    expect(next.filter((q) => /UPDATE "credentials"/.test(q))).toHaveLength(0);
  });
});
