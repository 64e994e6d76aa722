import { WebhookConnection } from '../../src/events/webhooks/webhook-connection.entity';
import { api, createWorkspace, db, Fixture, startApp, TestApp } from '../helpers/test-app';

/**
 * Walks every route of the OpenAPI document with two workspaces: workspace B holds one record of
 * every kind, all named with a marker; workspace A's admin (who sees everything of A) lists, reads,
 * filters by B's ids, and tries to change and delete B's records. Nothing of B may show, and B's
 * records must stay unchanged.
 */
const MARK = 'ZQXBSECRET';

let t: TestApp;
let a: Fixture;
let b: Fixture;
const bIds: Record<string, number> = {};

interface Op {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  params: { name: string; in: string; required?: boolean }[];
}

function operations(doc: { paths: Record<string, Record<string, { parameters?: Op['params'] }>> }): Op[] {
  const ops: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
      ops.push({ method: method as Op['method'], path, params: op.parameters ?? [] });
    }
  }
  return ops;
}

/** Plausible values for required query parameters (calendar ranges and the like). */
function requiredQuery(op: Op): Record<string, string> {
  const q: Record<string, string> = {};
  for (const p of op.params.filter((x) => x.in === 'query' && x.required)) {
    if (p.name === 'from') q.from = '2026-01-01';
    else if (p.name === 'to') q.to = '2026-03-31';
    else if (p.name === 'since') q.since = '2000-01-01T00:00:00';
    else q[p.name] = '1';
  }
  return q;
}

/** The record kind behind the first segment of a path; routes not listed get every id of B. */
const KIND_OF_SEGMENT: Record<string, string> = {
  companies: 'company',
  people: 'person',
  opportunities: 'opp',
  activities: 'activity',
  tasks: 'task',
  calendar: 'calendar',
  products: 'product',
  steps: 'step',
  webhooks: 'webhook',
};

const qs = (q: Record<string, string | number>) =>
  Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  b = await createWorkspace(t);
  const asB = api(t, b.host, b.adminKey);
  const created = async (path: string, body: object, key: string) => {
    const r = await asB.post(path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    bIds[key] = (r.body[Object.keys(r.body).find((k) => k !== 'ok')!] as { id: number }).id;
  };
  await created('/api/v1/products', { code: `${MARK}P`, name: `${MARK} product` }, 'product');
  await created('/api/v1/companies', { name: `${MARK} Company` }, 'company');
  await created('/api/v1/people', { name: `${MARK} Person`, customer_id: bIds.company, email: `${MARK.toLowerCase()}@b.test` }, 'person');
  await created('/api/v1/opportunities', { name: `${MARK} Deal`, customer_id: bIds.company, value: 1000 }, 'opp');
  await created('/api/v1/activities', { type: b.ws.constants.visit_types[0], date: '2026-02-02', customer_id: bIds.company, note: `${MARK} visit` }, 'activity');
  await created('/api/v1/tasks', { title: `${MARK} task`, due_date: '2026-02-03', customer_id: bIds.company }, 'task');
  await created('/api/v1/calendar', { title: `${MARK} meeting`, start: '2026-02-04T10:00:00', end: '2026-02-04T11:00:00', customer_id: bIds.company }, 'calendar');
  const opp = await asB.get(`/api/v1/opportunities/${bIds.opp}`).expect(200);
  bIds.step = (opp.body.opp.steps as { id: number }[])[0]!.id;
  bIds.user = b.admin.id;
  // a webhook connection of B (inserted: saving a URL resolves its host, and the walk runs without network)
  const hook = await db(t).getRepository(WebhookConnection).save({ workspaceId: b.ws.id, url: `https://hooks.example.com/${MARK}`, events: ['opp_won'], signingKey: 'v1.x.y.z', active: true });
  bIds.webhook = hook.id;
  // A has records too, so lists are not trivially empty
  await api(t, a.host, a.adminKey).post('/api/v1/companies', { name: 'A Company' }).expect(201);
});
afterAll(() => t.close());

describe('cross-workspace walk over every route of the OpenAPI document', () => {
  it("never shows, changes or deletes another workspace's records", async () => {
    const asA = api(t, a.host, a.adminKey);
    const doc = (await asA.get('/api/openapi.json').expect(200)).body;
    const ops = operations(doc).filter((o) => o.path.startsWith('/api/v1/') && !['/api/v1/login', '/api/v1/logout'].includes(o.path));
    expect(ops.length).toBeGreaterThan(20);
    const ids = [...new Set(Object.values(bIds))];
    const problems: string[] = [];
    const check = (label: string, status: number, text: string, allowed: number[]) => {
      if (text.includes(MARK)) problems.push(`${label}: answered with a record of the other workspace`);
      if (status >= 500 || !allowed.includes(status)) problems.push(`${label}: status ${status}`);
    };

    for (const op of ops) {
      const pathParams = op.params.filter((p) => p.in === 'path').map((p) => p.name);
      const base = requiredQuery(op);
      if (pathParams.length === 0 && op.method === 'get') {
        // plain list, then filtered by each of B's ids under every id-like filter the route has
        const r = await asA.get(`${op.path}?${qs(base)}`);
        check(`GET ${op.path}`, r.status, r.text, [200]);
        for (const p of op.params.filter((x) => x.in === 'query' && /_id$/.test(x.name))) {
          for (const id of ids) {
            const f = await asA.get(`${op.path}?${qs({ ...base, [p.name]: id })}`);
            check(`GET ${op.path}?${p.name}=${id}`, f.status, f.text, [200, 400]);
          }
        }
        continue;
      }
      if (pathParams.length !== 1) continue;
      // the id of B's record of the route's kind (ids are per table, so another kind's id may be one of A's)
      const kind = KIND_OF_SEGMENT[op.path.split('/')[3]!];
      for (const id of kind ? [bIds[kind]!] : ids) {
        const path = op.path.replace(`{${pathParams[0]}}`, String(id));
        const url = Object.keys(base).length ? `${path}?${qs(base)}` : path;
        const r = op.method === 'get' || op.method === 'delete' ? await asA[op.method](url) : await asA[op.method](url, {});
        // another workspace's record is simply not there: 404 (400 for a body this route refuses first)
        check(`${op.method.toUpperCase()} ${path}`, r.status, r.text, kind ? [400, 404] : [200, 201, 400, 403, 404, 409]);
      }
    }
    expect(problems).toEqual([]);

    // B still has every record, unchanged
    const asB = api(t, b.host, b.adminKey);
    for (const [kind, path] of [
      ['company', 'companies'],
      ['person', 'people'],
      ['opp', 'opportunities'],
      ['activity', 'activities'],
      ['task', 'tasks'],
      ['calendar', 'calendar'],
      ['product', 'products'],
    ] as const) {
      const r = await asB.get(`/api/v1/${path}/${bIds[kind]}`).expect(200);
      expect(r.text).toContain(MARK);
    }
    expect((await asB.get(`/api/v1/webhooks/${bIds.webhook}`).expect(200)).text).toContain(MARK);
    const company = await asB.get(`/api/v1/companies/${bIds.company}`).expect(200);
    expect(company.body.company.active).toBe(true);
  });
});
