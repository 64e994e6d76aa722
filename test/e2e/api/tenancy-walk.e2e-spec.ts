import { WebhookConnection } from '../../../src/domain/integrations/webhook-connection.entity';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

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
    else if (p.name === 'start') q.start = '2026-03-02';
    else if (p.name === 'end') q.end = '2026-03-06';
    else if (p.name === 'since') q.since = '2000-01-01T00:00:00';
    else if (p.name === 'record_kind') q.record_kind = 'opportunity';
    else q[p.name] = '1';
  }
  return q;
}

/**
 * The record kind behind the first segment of a path, for the kinds seeded by hand below; a kind the walk seeds from
 * the document (`seedFromDocument`) is its segment. Routes of neither get every id of B.
 */
const KIND_OF_SEGMENT: Record<string, string> = {
  companies: 'company',
  people: 'person',
  opportunities: 'opp',
  activities: 'activity',
  products: 'product',
  steps: 'step',
  orders: 'order',
  fairs: 'fair',
  leads: 'lead',
  objects: 'object_record',
  // --- approvals, e-mail, website forms ---
  approvals: 'approval',
  'approvals/forms': 'approval_list',
  forms: 'form',
  webhooks: 'webhook',
  // a user's own API keys: B's key (ids of every credential share one table, so another id may be A's own key)
  'api-keys': 'api_key',
};

/**
 * Path parameters that are keys, not ids (custom objects: `/objects/{key}/records/{id}`). A route with
 * only key parameters is called with a key that exists in B only (it must be unknown in A); a route
 * with a key and an id with a key both workspaces have, so the id is what must not resolve. GET lists
 * under the shared key must show nothing of B.
 */
const B_ONLY_KEY = 'walkonlyb';
const SHARED_KEY = 'walkshared';
const KEY_PARAMS = new Set(['key']);

/** GETs without a path id that answer about one record named in the query (not lists): 400 without it, 404 for B's. */
const RECORD_QUERIES = new Set(['/api/v1/emails/compose', '/api/v1/emails/threads']);

/** Segments of B's records made from the document, each a key of `bIds`. */
const FROM_DOCUMENT: string[] = [];

type Schema = { $ref?: string; type?: string; format?: string; enum?: unknown[]; minimum?: number; required?: string[]; properties?: Record<string, Schema>; example?: Record<string, unknown> };
type Doc = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> }; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>; components: { schemas: Record<string, Schema> } };

/**
 * B's record of every kind the document creates (`POST /api/v1/{kind}` answering 201 with a JSON body) that the seeds
 * do not make by hand: so a new record kind is walked with no entry here. Its body is the create schema's required
 * fields, each from the record's documented example (a new workspace's statuses and priorities are what the examples
 * show), an id from B's records of that name (`customer_id` B's company, another B's user), else a plain value; the
 * marker goes into the first required text field that takes it. A kind it cannot make fails the walk, naming it.
 */
async function seedFromDocument(doc: Doc, asB: ReturnType<typeof api>, seeded: Set<string>): Promise<void> {
  const S = (x: Schema | undefined): Schema => (x?.$ref ? doc.components.schemas[x.$ref.split('/').pop()!]! : (x ?? {}));
  const idOf = (prop: string): number | undefined => {
    const name = prop.replace(/_id$/, '');
    return name === prop ? undefined : (bIds[name === 'customer' ? 'company' : name] ?? bIds.user);
  };
  const plain = (x: Schema): unknown =>
    x.enum?.[0] ??
    (x.type === 'string'
      ? x.format === 'date'
        ? '2026-02-02'
        : x.format === 'date-time'
          ? '2026-02-04T10:00:00'
          : 'walk'
      : x.type === 'integer' || x.type === 'number'
        ? Math.max(1, x.minimum ?? 1)
        : x.type === 'boolean'
          ? false
          : x.type === 'array'
            ? []
            : {});
  for (const [path, item] of Object.entries(doc.paths)) {
    const seg = /^\/api\/v1\/([a-z-]+)$/.exec(path)?.[1];
    const post = item.post;
    const body = post?.requestBody?.content?.['application/json']?.schema;
    const answer = S(post?.responses?.['201']?.content?.['application/json']?.schema);
    if (!seg || seeded.has(seg) || !body || !answer.properties) continue;
    const create = S(body);
    const record = S(Object.entries(answer.properties).find(([k]) => k !== 'ok')?.[1]);
    const example = record.example ?? {};
    const base: Record<string, unknown> = {};
    for (const prop of create.required ?? []) base[prop] = idOf(prop) ?? example[prop] ?? plain(S(create.properties?.[prop]));
    const texts = Object.keys(base).filter((k) => typeof base[k] === 'string');
    let last = '';
    for (const prop of texts) {
      const r = await asB.post(path, { ...base, [prop]: `${MARK} ${String(base[prop])}` });
      last = `${r.status} ${r.text.slice(0, 300)}`;
      if (r.status !== 201) continue;
      bIds[seg] = (r.body[Object.keys(r.body).find((k) => k !== 'ok')!] as { id: number }).id;
      FROM_DOCUMENT.push(seg);
      break;
    }
    if (bIds[seg] === undefined) throw new Error(`${path}: B's record could not be made from the document's create schema and example (${last || 'no text field for the marker'}); seed it by hand above`);
  }
}

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
  await created('/api/v1/orders', { customer_id: bIds.company, opp_id: bIds.opp, product_id: bIds.product, kg: 10, price: 2, note: `${MARK} order` }, 'order');
  await created('/api/v1/fairs', { name: `${MARK} fair` }, 'fair');
  await created('/api/v1/leads', { company: `${MARK} lead`, fair_id: bIds.fair, contact_name: `${MARK} contact` }, 'lead');
  const opp = await asB.get(`/api/v1/opportunities/${bIds.opp}`).expect(200);
  bIds.step = (opp.body.opp.steps as { id: number }[])[0]!.id;
  bIds.user = b.admin.id;
  const objectDef = (key: string, label: string) => ({ key, label, fields: [{ key: 'note', label: 'Note', type: 'text' }], relations: [{ key: 'customer', label: 'Customer', kind: 'company' }] });
  await asB.post('/api/v1/objects', objectDef(B_ONLY_KEY, `${MARK} only B`)).expect(201);
  await asB.post('/api/v1/objects', objectDef(SHARED_KEY, `${MARK} shared`)).expect(201);
  await created(`/api/v1/objects/${SHARED_KEY}/records`, { name: `${MARK} record`, fields: { note: MARK }, links: { customer: bIds.company } }, 'object_record');
  await api(t, a.host, a.adminKey).post('/api/v1/objects', objectDef(SHARED_KEY, 'A shared')).expect(201);
  const list = await asB.post('/api/v1/approvals/forms', { name: `${MARK} list`, approver_id: b.admin.id, fields: [{ key: 'item', label: 'Item', type: 'text' }] });
  if (list.status !== 201) throw new Error(`approval list: ${list.status} ${list.text}`);
  bIds.approval_list = list.body.form.id;
  // a request of a sales user, pending with B's admin
  const seller = await createUser(t, b, { department: 'X' });
  const req = await api(t, b.host, seller.key).post(`/api/v1/approvals/forms/${bIds.approval_list}`, { values: { item: `${MARK} item` } });
  if (req.status !== 201) throw new Error(`approval request: ${req.status} ${req.text}`);
  bIds.approval = req.body.item.id;
  await created('/api/v1/forms', { name: `${MARK} form` }, 'form');
  // a webhook connection of B (inserted: saving a URL resolves its host, and the walk runs without network)
  const hook = await db(t).getRepository(WebhookConnection).save({ workspaceId: b.ws.id, url: `https://hooks.example.com/${MARK}`, events: ['opp_won'], signingKey: 'v1.x.y.z', active: true });
  bIds.webhook = hook.id;
  bIds.api_key = ((await asB.get('/api/v1/api-keys').expect(200)).body.items as { id: number }[])[0]!.id;
  const doc = (await asB.get('/api/openapi.json').expect(200)).body as Doc;
  await seedFromDocument(doc, asB, new Set(Object.keys(KIND_OF_SEGMENT)));
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
    const visited = new Set<string>();
    const check = (label: string, status: number, text: string, allowed: number[]) => {
      visited.add(label.replace(/\/\d+(?=\/|$|\?)/g, '/{id}'));
      if (text.includes(MARK)) problems.push(`${label}: answered with a record of the other workspace`);
      if (status >= 500 || !allowed.includes(status)) problems.push(`${label}: status ${status}`);
    };

    for (const op0 of ops) {
      const keyParams = op0.params.filter((p) => p.in === 'path' && KEY_PARAMS.has(p.name)).map((p) => p.name);
      const withKey = (key: string): Op => ({ ...op0, path: keyParams.reduce((path, k) => path.replace(`{${k}}`, key), op0.path), params: op0.params.filter((p) => !(p.in === 'path' && KEY_PARAMS.has(p.name))) });
      const op = withKey(keyParams.length && op0.params.some((p) => p.in === 'path' && !KEY_PARAMS.has(p.name)) ? SHARED_KEY : B_ONLY_KEY);
      const pathParams = op.params.filter((p) => p.in === 'path').map((p) => p.name);
      const base = requiredQuery(op);
      if (keyParams.length && pathParams.length === 0) {
        // a key that only B has: unknown here (400 for a body refused first)
        const r = op.method === 'get' || op.method === 'delete' ? await asA[op.method](op.path) : await asA[op.method](op.path, {});
        check(`${op.method.toUpperCase()} ${op.path}`, r.status, r.text, [400, 404]);
        if (op.method !== 'get') continue;
        // the list under a key both have shows only A's records, also filtered by B's ids
        const shared = withKey(SHARED_KEY);
        const l = await asA.get(shared.path);
        check(`GET ${shared.path}`, l.status, l.text, [200]);
        for (const p of shared.params.filter((x) => x.in === 'query' && /_id$/.test(x.name))) {
          for (const id of ids) {
            const f = await asA.get(`${shared.path}?${qs({ [p.name]: id })}`);
            check(`GET ${shared.path}?${p.name}=${id}`, f.status, f.text, [200, 400]);
          }
        }
        continue;
      }
      if (pathParams.length === 0 && op.method === 'get') {
        // plain list, then filtered by each of B's ids under every id-like filter the route has
        const r = await asA.get(`${op.path}?${qs(base)}`);
        const single = RECORD_QUERIES.has(op.path);
        check(`GET ${op.path}`, r.status, r.text, single ? [400] : [200]);
        for (const p of op.params.filter((x) => x.in === 'query' && /_id$/.test(x.name))) {
          for (const id of ids) {
            const f = await asA.get(`${op.path}?${qs({ ...base, [p.name]: id })}`);
            check(`GET ${op.path}?${p.name}=${id}`, f.status, f.text, single ? [200, 400, 404] : [200, 400]);
          }
        }
        continue;
      }
      if (pathParams.length !== 1) continue;
      // the id of B's record of the route's kind (ids are per table, so another kind's id may be one of A's)
      const segs = op.path.split('/');
      const kind = KIND_OF_SEGMENT[`${segs[3]}/${segs[4]}`] ?? KIND_OF_SEGMENT[segs[3]!] ?? (FROM_DOCUMENT.includes(segs[3]!) ? segs[3] : undefined);
      for (const id of kind ? [bIds[kind]!] : ids) {
        const path = op.path.replace(`{${pathParams[0]}}`, String(id));
        const url = Object.keys(base).length ? `${path}?${qs(base)}` : path;
        const r = op.method === 'get' || op.method === 'delete' ? await asA[op.method](url) : await asA[op.method](url, {});
        // another workspace's record is simply not there: 404 (400 for a body this route refuses first)
        check(`${op.method.toUpperCase()} ${path}`, r.status, r.text, kind ? [400, 404] : [200, 201, 400, 403, 404, 409]);
      }
    }
    expect(problems).toEqual([]);
    // the key-and-id routes of custom objects were walked with B's record under a key A has too
    for (const m of ['GET', 'PATCH', 'POST', 'DELETE']) expect(visited).toContain(`${m} /api/v1/objects/${SHARED_KEY}/records/{id}`);
    expect(visited).toContain(`GET /api/v1/objects/${B_ONLY_KEY}`);

    // B still has every record, unchanged
    const asB = api(t, b.host, b.adminKey);
    for (const [kind, path] of [
      ['company', 'companies'],
      ['person', 'people'],
      ['opp', 'opportunities'],
      ['activity', 'activities'],
      ['product', 'products'],
      ['order', 'orders'],
      ['fair', 'fairs'],
      ['approval', 'approvals'],
      ['lead', 'leads'],
      ['form', 'forms'],
      ...FROM_DOCUMENT.map((seg) => [seg, seg] as const),
    ] as const) {
      const r = await asB.get(`/api/v1/${path}/${bIds[kind]}`).expect(200);
      expect(r.text).toContain(MARK);
    }
    expect((await asB.get(`/api/v1/webhooks/${bIds.webhook}`).expect(200)).text).toContain(MARK);
    expect(((await asB.get('/api/v1/api-keys').expect(200)).body.items as { id: number }[]).map((k) => k.id)).toContain(bIds.api_key);
    const company = await asB.get(`/api/v1/companies/${bIds.company}`).expect(200);
    expect(company.body.company.active).toBe(true);
    const order = await asB.get(`/api/v1/orders/${bIds.order}`).expect(200);
    expect(order.body.order).toMatchObject({ customer_po: '', status: b.ws.constants.order_new_status, erp: null });
    const lead = await asB.get(`/api/v1/leads/${bIds.lead}`).expect(200);
    expect(lead.body.lead).toMatchObject({ status: b.ws.constants.lead_status_new, link_customer_id: null, fair_id: bIds.fair });
    const rec = await asB.get(`/api/v1/objects/${SHARED_KEY}/records/${bIds.object_record}`).expect(200);
    expect(rec.body.record).toMatchObject({ name: `${MARK} record`, active: true, fields: { note: MARK }, customer: { id: bIds.company } });
    expect((await asB.get(`/api/v1/objects/${B_ONLY_KEY}`).expect(200)).body.object.label).toBe(`${MARK} only B`);
    expect((await asB.get(`/api/v1/approvals/${bIds.approval}`).expect(200)).body.item.status).toBe('pending');
    expect((await asB.get('/api/v1/approvals/forms').expect(200)).body.forms[0].name).toBe(`${MARK} list`);
  });
});
