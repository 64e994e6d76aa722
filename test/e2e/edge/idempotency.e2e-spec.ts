import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../../src/app.factory';
import { CredentialRetention } from '../../../src/domain/identity/credential-retention';
import { TasksService } from '../../../src/domain/crm/tasks/tasks.service';
import { ErpQueueEntry } from '../../../src/domain/crm/orders/erp-queue-entry.entity';
import { api, createUser, createWorkspace, db, Fixture, issueKey, sameDb, startApp, TestApp } from '../../helpers/test-app';

/**
 * Idempotency-Key on POST and PATCH of /api/v1 and the ERP report, and `idempotency_key` on
 * the MCP write tools: a repeat is answered with the first answer and has no second effect, per credential.
 */
const onServer = !!process.env.DATABASE_URL;
let t: TestApp;
let a: Fixture;
let b: Fixture;

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_ERP_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
  b = await createWorkspace(t);
});
afterAll(() => t.close());

const asAdmin = (f: Fixture = a) => api(t, f.host, f.adminKey);
const count = async (table: string, f: Fixture, where: string, value: unknown): Promise<number> =>
  (await db(t).query(`SELECT count(*)::int AS n FROM ${table} WHERE workspace_id = $1 AND ${where} = $2`, [f.ws.id, value]))[0].n;
const keyRows = async (f: Fixture, key: string): Promise<number> =>
  (await db(t).query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE workspace_id = $1 AND key = $2`, [f.ws.id, key]))[0].n;

describe('Idempotency-Key on REST writes', () => {
  it('the same POST twice creates one company and answers the same status and body, the second marked as a replay', async () => {
    const key = randomUUID();
    const name = `Idem ${key}`;
    const first = await asAdmin().post('/api/v1/companies', { name }).set('Idempotency-Key', key).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await asAdmin().post('/api/v1/companies', { name }).set('Idempotency-Key', key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count('companies', a, 'name', name)).toBe(1);
    // without the key the same body is a second request (here refused as a duplicate)
    await asAdmin().post('/api/v1/companies', { name }).expect(409);
  });

  it('the same body with its keys in another order is the same request', async () => {
    const key = randomUUID();
    const first = await asAdmin().post('/api/v1/tasks', { title: `Order ${key}`, priority: null }).set('Idempotency-Key', key).expect(201);
    const again = await asAdmin().post('/api/v1/tasks', { priority: null, title: `Order ${key}` }).set('Idempotency-Key', key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count('tasks', a, 'title', `Order ${key}`)).toBe(1);
  });

  it('the same POST twice at once creates one record; the other answer is the replay or 409 idempotency_key_in_use', async () => {
    const key = randomUUID();
    const title = `Concurrent ${key}`;
    const send = () => asAdmin().post('/api/v1/tasks', { title }).set('Idempotency-Key', key);
    const answers = await Promise.all([send(), send(), send()]);
    expect(await count('tasks', a, 'title', title)).toBe(1);
    const created = answers.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    expect(created).toHaveLength(1);
    for (const r of answers.filter((x) => x !== created[0])) {
      if (r.status === 201) expect(r.body).toEqual(created[0].body);
      else expect([r.status, r.body.error]).toEqual([409, 'idempotency_key_in_use']);
    }
  });

  it('the same key with another body (or path) is 422 idempotency_key_reused and changes nothing', async () => {
    const key = randomUUID();
    await asAdmin().post('/api/v1/tasks', { title: `First ${key}` }).set('Idempotency-Key', key).expect(201);
    const r = await asAdmin().post('/api/v1/tasks', { title: `Second ${key}` }).set('Idempotency-Key', key).expect(422);
    expect(r.body).toMatchObject({ ok: false, error: 'idempotency_key_reused' });
    await asAdmin().post('/api/v1/companies', { name: `Second ${key}` }).set('Idempotency-Key', key).expect(422);
    expect(await count('tasks', a, 'title', `Second ${key}`)).toBe(0);
    expect(await count('companies', a, 'name', `Second ${key}`)).toBe(0);
  });

  it('keys are per credential: another key of the same user, another user and another workspace run the request again', async () => {
    const key = randomUUID();
    const title = `Per credential ${key}`;
    const secondKey = await issueKey(t, a, 'api', a.admin.id);
    const seller = await createUser(t, a);
    await asAdmin().post('/api/v1/tasks', { title }).set('Idempotency-Key', key).expect(201);
    for (const token of [secondKey, seller.key]) {
      const r = await api(t, a.host, token).post('/api/v1/tasks', { title }).set('Idempotency-Key', key).expect(201);
      expect(r.headers['idempotent-replayed']).toBeUndefined();
    }
    const other = await asAdmin(b).post('/api/v1/tasks', { title }).set('Idempotency-Key', key).expect(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('tasks', a, 'title', title)).toBe(3);
    expect(await count('tasks', b, 'title', title)).toBe(1);
  });

  it('a PATCH repeated after another change answers the first result and does not apply again', async () => {
    const c = await asAdmin().post('/api/v1/companies', { name: `Patch ${randomUUID()}` }).expect(201);
    const id = c.body.company.id as number;
    const key = randomUUID();
    const first = await asAdmin().patch(`/api/v1/companies/${id}`, { phone: '+90 212 000 00 01' }).set('Idempotency-Key', key).expect(200);
    await asAdmin().patch(`/api/v1/companies/${id}`, { phone: '+90 212 000 00 02' }).expect(200);
    const again = await asAdmin().patch(`/api/v1/companies/${id}`, { phone: '+90 212 000 00 01' }).set('Idempotency-Key', key).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const now = await asAdmin().get(`/api/v1/companies/${id}`).expect(200);
    expect(now.body.company.phone).toBe('+90 212 000 00 02');
  });

  it('a 4xx answer is stored and replayed too', async () => {
    const key = randomUUID();
    const first = await asAdmin().post('/api/v1/tasks', { title: '' }).set('Idempotency-Key', key).expect(400);
    const again = await asAdmin().post('/api/v1/tasks', { title: '' }).set('Idempotency-Key', key).expect(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('refuses a key longer than 255 characters (400) and ignores the header on GET', async () => {
    const r = await asAdmin().post('/api/v1/tasks', { title: 'Long key' }).set('Idempotency-Key', 'k'.repeat(256)).expect(400);
    expect(r.body).toMatchObject({ error: 'invalid', field: 'Idempotency-Key' });
    await asAdmin().post('/api/v1/tasks', { title: 'Longest key' }).set('Idempotency-Key', 'k'.repeat(255)).expect(201);
    const key = randomUUID();
    await asAdmin().get('/api/v1/tasks').set('Idempotency-Key', key).expect(200);
    const list = await asAdmin().get('/api/v1/tasks').set('Idempotency-Key', key).expect(200);
    expect(list.headers['idempotent-replayed']).toBeUndefined();
    expect(await keyRows(a, key)).toBe(0);
  });

  it('every POST and PATCH of /api/v1 in the API document checks the key (the interceptor is bound to each write route)', async () => {
    const doc = (await request(t.app.getHttpServer()).get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const writes: string[] = [];
    const publicWrites: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const method of ['post', 'patch']) if (ops[method]) (ops[method].security?.length ? writes : publicWrites).push(`${method} ${path}`);
    }
    expect(writes.length).toBeGreaterThan(50);
    const answers = async (list: string[]) => {
      const out: string[] = [];
      for (const w of list) {
        const [method, path] = w.split(' ');
        const r = await asAdmin()[method as 'post' | 'patch'](path.replace(/\{[^}]+\}/g, '1'), {}).set('Idempotency-Key', 'k'.repeat(256));
        out.push(`${w}: ${r.status === 400 && r.body.field === 'Idempotency-Key' ? 'key checked' : r.status}`);
      }
      return out;
    };
    // with a credential: the key is checked before anything else the route does (or the API key may not use the route)
    expect((await answers(writes)).filter((x) => !/: (key checked|401|403)$/.test(x))).toEqual([]);
    // public routes (sign-in, invitations, public forms) ignore the header
    expect(publicWrites.length).toBeGreaterThan(2);
    expect((await answers(publicWrites)).filter((x) => x.endsWith('key checked'))).toEqual([]);
  });

  it('an expired key is deleted by the retention round and may be used again', async () => {
    const key = randomUUID();
    await asAdmin().post('/api/v1/tasks', { title: `Expiring ${key}` }).set('Idempotency-Key', key).expect(201);
    await db(t).query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 minute' WHERE workspace_id = $1 AND key = $2`, [a.ws.id, key]);
    const r = await t.get(CredentialRetention).prune();
    expect(r.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await keyRows(a, key)).toBe(0);
    const again = await asAdmin().post('/api/v1/tasks', { title: `Other ${key}` }).set('Idempotency-Key', key).expect(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('answers that carry a secret shown once', () => {
  it.each([
    ['/api/v1/settings/scim/key', /^scim_/],
    ['/api/v1/settings/erp/key', /^erp_/],
  ])('POST %s with a key: the stored row holds the answer sealed, never the secret; the replay answers the same key, issued once', async (path, shape) => {
    const f = await createWorkspace(t);
    const key = randomUUID();
    const first = await api(t, f.host, f.adminKey).post(path).set('Idempotency-Key', key).expect(201);
    const secret = first.body.key as string;
    expect(secret).toMatch(shape);
    const [row] = await db(t).query(`SELECT body, status FROM idempotency_keys WHERE workspace_id = $1 AND key = $2`, [f.ws.id, key]);
    expect(row.status).toBe(201);
    expect(row.body).toMatch(/^v1\./);
    expect(row.body).not.toContain(secret);
    expect(row.body).not.toContain(secret.slice(0, 12));
    const again = await api(t, f.host, f.adminKey).post(path).set('Idempotency-Key', key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});

describe('Idempotency-Key on the ERP report', () => {
  it('a repeated report is replayed; another report with the key is 422, not a second change', async () => {
    const erp = await issueKey(t, a, 'erp');
    const c = await asAdmin().post('/api/v1/companies', { name: `ERP ${randomUUID()}` }).expect(201);
    const o = await asAdmin().post('/api/v1/orders', { customer_id: c.body.company.id, kg: 10, price: 2 }).expect(201);
    await asAdmin().post(`/api/v1/orders/${o.body.order.id}/erp`).expect(200);
    const entry = (await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: a.ws.id, orderId: o.body.order.id })).id;
    const key = randomUUID();
    const first = await api(t, a.host, erp).post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-1' }).set('Idempotency-Key', key).expect(200);
    const again = await api(t, a.host, erp).post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-1' }).set('Idempotency-Key', key).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await api(t, a.host, erp).post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-2' }).set('Idempotency-Key', key).expect(422);
    expect(other.body.error).toBe('idempotency_key_reused');
    const order = await asAdmin().get(`/api/v1/orders/${o.body.order.id}`).expect(200);
    expect(order.body.order.erp.ext_no).toBe('SO-1');
  });
});

describe('idempotency_key on MCP write tools', () => {
  const rpc = (key: string, name: string, args: unknown) =>
    request(t.app.getHttpServer())
      .post('/mcp')
      .set('Host', a.host)
      .set('Accept', 'application/json, text/event-stream')
      .set('Authorization', `Bearer ${key}`)
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })
      .expect(200);

  it('a repeated create_task with the key creates one task and answers the first result; other arguments are refused', async () => {
    const key = randomUUID();
    const title = `MCP ${key}`;
    const first = await rpc(a.adminKey, 'create_task', { title, idempotency_key: key });
    expect(first.body.result.isError).toBeUndefined();
    const again = await rpc(a.adminKey, 'create_task', { title, idempotency_key: key });
    expect(again.body.result.content).toEqual(first.body.result.content);
    expect(again.body.result._meta).toEqual({ idempotent_replayed: true });
    expect(await count('tasks', a, 'title', title)).toBe(1);
    const other = await rpc(a.adminKey, 'create_task', { title: `${title} 2`, idempotency_key: key });
    expect(other.body.result.isError).toBe(true);
    expect(other.body.result.content[0].text).toMatch(/^idempotency_key_reused: /);
    expect(await count('tasks', a, 'title', `${title} 2`)).toBe(0);
    // the REST key space is the same credential's: a REST POST with that key is another request
    await asAdmin().post('/api/v1/tasks', { title }).set('Idempotency-Key', key).expect(422);
  });

  it('lists idempotency_key on write tools only', async () => {
    const r = await request(t.app.getHttpServer())
      .post('/mcp')
      .set('Host', a.host)
      .set('Accept', 'application/json, text/event-stream')
      .set('Authorization', `Bearer ${a.adminKey}`)
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
      .expect(200);
    const tools = r.body.result.tools as { name: string; inputSchema: { properties: Record<string, unknown> }; annotations: { readOnlyHint: boolean } }[];
    for (const tool of tools) expect([tool.name, 'idempotency_key' in tool.inputSchema.properties]).toEqual([tool.name, !tool.annotations.readOnlyHint]);
  });
});

(onServer ? describe : describe.skip)('two instances on one PostgreSQL database', () => {
  let second: NestExpressApplication;
  beforeAll(async () => {
    second = await createApp({ config: t.config, db: sameDb(t), logger: pino({ level: 'silent' }) });
    await second.init();
    // not observed by the contract check: its 500 below is provoked on purpose (500 is documented nowhere)
  });
  afterAll(() => second.close());

  const onSecond = (path: string, body: object, key: string) =>
    request(second.getHttpServer()).post(path).set('Host', a.host).set('Authorization', `Bearer ${a.adminKey}`).set('Idempotency-Key', key).send(body);

  it('a repeat sent to the other instance is replayed', async () => {
    const key = randomUUID();
    const title = `Two instances ${key}`;
    const first = await asAdmin().post('/api/v1/tasks', { title }).set('Idempotency-Key', key).expect(201);
    const again = await onSecond('/api/v1/tasks', { title }, key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count('tasks', a, 'title', title)).toBe(1);
  });

  it('the same POST at once on both instances creates one record', async () => {
    const key = randomUUID();
    const title = `Both at once ${key}`;
    const answers = await Promise.all([
      asAdmin().post('/api/v1/tasks', { title }).set('Idempotency-Key', key),
      onSecond('/api/v1/tasks', { title }, key),
      asAdmin().post('/api/v1/tasks', { title }).set('Idempotency-Key', key),
      onSecond('/api/v1/tasks', { title }, key),
    ]);
    expect(await count('tasks', a, 'title', title)).toBe(1);
    expect(answers.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const r of answers) expect([201, 409]).toContain(r.status);
  });

  it('a server error frees the key: the repeat runs again', async () => {
    const key = randomUUID();
    const title = `After a 500 ${key}`;
    jest.spyOn(second.get(TasksService), 'create').mockRejectedValueOnce(new Error('the database went away'));
    await onSecond('/api/v1/tasks', { title }, key).expect(500);
    expect(await keyRows(a, key)).toBe(0);
    const again = await onSecond('/api/v1/tasks', { title }, key).expect(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('tasks', a, 'title', title)).toBe(1);
  });
});
