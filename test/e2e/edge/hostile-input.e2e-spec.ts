/**
 * One test per cause of the 5xx answers found by fuzzing, each with its exact status and
 * error code, and the PostgreSQL error mapping with the unit of work's retry.
 */
import { gzipSync } from 'node:zlib';
import { Controller, Module, Param, Post } from '@nestjs/common';
import request from 'supertest';
import { UnitOfWork } from '../../../src/platform/database/unit-of-work';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { Auth, CurrentAuth } from '../../../src/edge/auth.decorator';
import type { UserContext } from '../../../src/domain/identity/auth-context';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/** Attempts per probe route, so tests can see the retry. */
const attempts: Record<string, number> = {};
let readers = 0;

const raise = (code: string, message: string) => `DO $$ BEGIN RAISE EXCEPTION '${message}' USING ERRCODE = '${code}'; END $$`;
const LEAKY = 'duplicate key value violates unique constraint "uq_companies_name" on relation "companies"';

/** Routes that raise real PostgreSQL errors inside a unit of work (plpgsql RAISE with a SQLSTATE). */
@Controller('api/v1/probe/db')
class DbProbeController {
  constructor(private readonly uow: UnitOfWork) {}

  /** A serialization failure on the first attempt only; records an event on every attempt. */
  @Post('serialization-once')
  @Auth({ scope: 'crm.write' })
  once(@CurrentAuth() auth: UserContext) {
    return this.uow.run(async () => {
      const m = this.uow.acrossWorkspaces();
      const n = (attempts.once = (attempts.once ?? 0) + 1);
      this.uow.recordEvent({ workspaceId: auth.workspace.id, event: 'test', title: `attempt ${n}`, text: '', url: '', data: { attempt: n }, recordType: 'probe' });
      // nested: the retry happens at the top level only
      await this.uow.run(async () => {
        const inner = this.uow.acrossWorkspaces();
        if (n === 1) await inner.sql(raise('40001', 'could not serialize access due to read/write dependencies among transactions'));
      });
      await m.sql('SELECT 1');
      return { ok: true, attempts: n };
    });
  }

  /**
   * Write skew under SERIALIZABLE: count the rows, then insert one. Two of these at once make
   * PostgreSQL abort one with a real 40001; the first attempts wait (briefly) until both have read.
   */
  @Post('serializable')
  @Auth({ scope: 'crm.write' })
  serializable() {
    let first = true;
    return this.uow.run(async () => {
      const m = this.uow.acrossWorkspaces();
      attempts.ssi = (attempts.ssi ?? 0) + 1;
      await m.sql('SET TRANSACTION ISOLATION LEVEL SERIALIZABLE');
      const [{ c }] = (await m.sql('SELECT count(*)::int AS c FROM probe_ssi')) as { c: number }[];
      if (first) {
        first = false;
        readers++;
        for (let i = 0; i < 50 && readers < 2; i++) await new Promise((r) => setTimeout(r, 20));
      }
      await m.sql('INSERT INTO probe_ssi (n) VALUES ($1)', [c]);
      return { ok: true };
    });
  }

  /** A deadlock on every attempt. */
  @Post('deadlock')
  @Auth({ scope: 'crm.write' })
  deadlock() {
    return this.uow.run(async () => {
      const m = this.uow.acrossWorkspaces();
      attempts.deadlock = (attempts.deadlock ?? 0) + 1;
      await m.sql(raise('40P01', 'deadlock detected on relation "companies"'));
    });
  }

  /** Any SQLSTATE from the allowed list, with a message full of internals. */
  @Post('raise/:code')
  @Auth({ scope: 'crm.write' })
  code(@Param('code') code: string) {
    if (!/^[0-9A-Z]{5}$/.test(code)) throw new Error('bad probe code');
    return this.uow.run(async () => {
      const m = this.uow.acrossWorkspaces();
      attempts[code] = (attempts[code] ?? 0) + 1;
      await m.sql(raise(code, LEAKY));
    });
  }
}

@Module({ controllers: [DbProbeController] })
class DbProbeModule {}

let t: TestApp;
let a: Fixture;
let sales: string;
let companyId: number;
let stepId: number;
let productId: number;

beforeAll(async () => {
  t = await startApp({ imports: [DbProbeModule], env: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' } });
  a = await createWorkspace(t, `hostile${process.pid}`);
  sales = (await createUser(t, a)).key;
  companyId = (await api(t, a.host, a.adminKey).post('/api/v1/companies', { name: 'Hostile Co' }).expect(201)).body.company.id;
  const opp = (await api(t, a.host, a.adminKey).post('/api/v1/opportunities', { name: 'Hostile Opp', customer_id: companyId }).expect(201)).body.opp;
  stepId = opp.steps[0].id;
  productId = (await api(t, a.host, a.adminKey).post('/api/v1/products', { code: 'H-1', name: 'Hostile product', ext_id: 'E-1' }).expect(201)).body.product.id;
});
afterAll(() => t.close());

const admin = () => api(t, a.host, a.adminKey);
const rawJson = (method: 'post' | 'patch', path: string, text: string | Buffer, encoding?: string) => {
  const r = admin().raw(method, path).set('Content-Type', 'application/json');
  if (encoding) r.set('Content-Encoding', encoding);
  // superagent would JSON-serialize a Buffer: send the bytes as they are
  return r.serialize((x: unknown) => x as string).send(text as string);
};

describe('NUL characters and lone surrogates', () => {
  it('NUL in a body field: 400 invalid naming the field', async () => {
    const res = await admin().post('/api/v1/companies', { name: 'Bad\u0000Name' }).expect(400);
    expect(res.body).toEqual({ ok: false, error: 'invalid', message: 'name: must not contain a NUL character', field: 'name', fields: ['name'] });
  });

  it('NUL deep in a body: the path of the field (items.0.title)', async () => {
    const res = await admin().post('/api/v1/companies', { name: 'Ok', items: [{ title: '\u0000' }] }).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid', field: 'items.0.title', fields: ['items.0.title'] });
    expect(res.body.message).toBe('items.0.title: must not contain a NUL character');
  });

  it('NUL in a key: 400 invalid naming the key (escaped)', async () => {
    const res = await rawJson('post', '/api/v1/companies', '{"name":"Ok","no\\u0000te":"x"}').expect(400);
    expect(res.body).toMatchObject({ error: 'invalid', field: 'no\\u0000te' });
    expect(res.body.message).toContain('key must not contain a NUL character');
  });

  it('a lone surrogate in a string or a key: 400 invalid naming the field', async () => {
    const lone = await rawJson('patch', `/api/v1/companies/${companyId}`, '{"city":"Izmir\\ud800"}').expect(400);
    expect(lone.body).toEqual({ ok: false, error: 'invalid', message: 'city: must not contain a lone UTF-16 surrogate', field: 'city', fields: ['city'] });
    const low = await admin().post('/api/v1/tasks', { title: 'x\udc00y' }).expect(400);
    expect(low.body.field).toBe('title');
    const key = await rawJson('post', '/api/v1/tasks', '{"title":"ok","\\udfff":1}').expect(400);
    expect(key.body).toMatchObject({ error: 'invalid', field: '\\udfff' });
    // a correct surrogate pair is text like any other
    const emoji = await admin().post('/api/v1/tasks', { title: 'Ship it 🚀' }).expect(201);
    expect(emoji.body.task.title).toBe('Ship it 🚀');
  });

  it('NUL in a query parameter (value or name): 400 invalid naming the parameter', async () => {
    const res = await admin().get('/api/v1/companies?q=abc%00def').expect(400);
    expect(res.body).toEqual({ ok: false, error: 'invalid', message: 'q: must not contain a NUL character', field: 'q', fields: ['q'] });
    expect((await admin().get('/api/v1/opportunities?stage=Qualify%00').expect(400)).body.field).toBe('stage');
    expect((await admin().get('/api/v1/people?x%00y=1').expect(400)).body.message).toContain('parameter name must not contain a NUL character');
  });

  it('NUL in a path parameter: 400 invalid naming the parameter', async () => {
    const res = await admin().get(`/api/v1/companies/${companyId}%00`).expect(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid', field: 'id', fields: ['id'] });
    expect(res.body.message).toBe('id: must not contain a NUL character');
  });
});

describe('Content-Encoding', () => {
  it('gzip with a body that is not gzip: 400 invalid', async () => {
    const res = await rawJson('post', '/api/v1/companies', '{"name":"not gzip"}', 'gzip').expect(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid', message: 'body: not valid in its Content-Encoding' });
    await rawJson('post', '/api/v1/companies', 'definitely not deflate', 'deflate').expect(400);
    await rawJson('post', '/api/v1/companies', Buffer.from([1, 2, 3, 4, 5]), 'br').expect(400);
  });

  it('an unsupported encoding: 415 unsupported_media_type, with or without a body', async () => {
    const res = await rawJson('post', '/api/v1/companies', '{"name":"x"}', 'compress').expect(415);
    expect(res.body).toMatchObject({ ok: false, error: 'unsupported_media_type' });
    await admin().get('/api/v1/me').set('Content-Encoding', 'x-unknown').expect(415);
  });

  it('a real gzip body is read', async () => {
    const res = await rawJson('post', '/api/v1/companies', gzipSync(JSON.stringify({ name: 'Gzipped Co' })), 'gzip').expect(201);
    expect(res.body.company.name).toBe('Gzipped Co');
  });
});

describe('null for optional fields', () => {
  it('step toggle with note null: clears the note (200), never 500', async () => {
    await admin().post(`/api/v1/steps/${stepId}/toggle`, { done: true, note: 'checked' }).expect(200);
    const res = await admin().post(`/api/v1/steps/${stepId}/toggle`, { note: null }).expect(200);
    expect(res.body.step).toMatchObject({ note: '' });
  });

  it('PATCH /products with null: clears ext_id, 400 invalid naming each field a product always has', async () => {
    const cleared = await admin().patch(`/api/v1/products/${productId}`, { ext_id: null }).expect(200);
    expect(cleared.body.product).toMatchObject({ ext_id: '', code: 'H-1' });
    for (const field of ['code', 'name', 'list_price', 'currency', 'unit', 'active']) {
      const res = await admin().patch(`/api/v1/products/${productId}`, { [field]: null });
      expect([field, res.status, res.body.error, res.body.field]).toEqual([field, 400, 'invalid', field]);
    }
  });

  it('PATCH null clears optional text ("") and nullable fields (null); create refuses null where not nullable', async () => {
    await admin().patch(`/api/v1/companies/${companyId}`, { city: 'Izmir', potential_kg: 5 }).expect(200);
    const res = await admin().patch(`/api/v1/companies/${companyId}`, { city: null, potential_kg: null }).expect(200);
    // cleared (stored null), shown as 0: the spec types potential_kg as a number
    expect(res.body.company).toMatchObject({ city: '', potential_kg: 0 });
    expect((await admin().patch(`/api/v1/companies/${companyId}`, { name: null }).expect(400)).body.field).toBe('name');
    expect((await admin().patch(`/api/v1/companies/${companyId}`, { active: null }).expect(400)).body.field).toBe('active');
    const create = await admin().post('/api/v1/opportunities', { name: 'x', customer_id: companyId, note: null }).expect(400);
    expect(create.body).toMatchObject({ error: 'invalid', message: 'note: must not be null', field: 'note' });
  });
});

describe('out-of-range numbers', () => {
  it('a query filter beyond the integer range: 400 invalid naming it', async () => {
    for (const path of ['/api/v1/opportunities?owner_id=9223372036854775808', '/api/v1/companies?owner_id=2147483648', '/api/v1/tasks?customer_id=99999999999']) {
      const res = await admin().get(path);
      expect([path, res.status, res.body.error]).toEqual([path, 400, 'invalid']);
      expect(res.body.field).toMatch(/_id$/);
    }
  });

  it('ids above 2^31-1 in bodies and paths: 400 invalid naming the field', async () => {
    const body = await admin().post('/api/v1/opportunities', { name: 'x', customer_id: 2_147_483_648 }).expect(400);
    expect(body.body).toMatchObject({ error: 'invalid', field: 'customer_id' });
    const owner = await admin().post('/api/v1/opportunities', { name: 'x', customer_id: companyId, owner_id: 2 ** 63 }).expect(400);
    expect(owner.body.field).toBe('owner_id');
    expect((await admin().get('/api/v1/companies/2147483648').expect(400)).body).toMatchObject({ error: 'invalid', field: 'id' });
  });

  it('numbers beyond the column precision and NaN / Infinity strings: 400 invalid', async () => {
    expect((await admin().post('/api/v1/opportunities', { name: 'x', customer_id: companyId, value: 1e14 }).expect(400)).body.field).toBe('value');
    expect((await admin().patch(`/api/v1/companies/${companyId}`, { potential_kg: 1e12 }).expect(400)).body.field).toBe('potential_kg');
    expect((await admin().patch(`/api/v1/products/${productId}`, { list_price: 1e300 }).expect(400)).body.field).toBe('list_price');
    // numbers written with an exponent (class-validator's maxDecimalPlaces threw on these: a 500)
    for (const v of [1e-7, 2e-323, 5e-324]) expect((await admin().patch(`/api/v1/companies/${companyId}`, { potential_kg: v }).expect(400)).body.field).toBe('potential_kg');
    expect((await admin().patch(`/api/v1/companies/${companyId}`, { potential_kg: 1.5e3 }).expect(200)).body.company.potential_kg).toBe(1500);
    for (const v of ['NaN', 'Infinity', '-Infinity', '1e309']) {
      expect((await admin().get(`/api/v1/opportunities?limit=${v}`).expect(400)).body.field).toBe('limit');
      expect((await admin().post('/api/v1/opportunities', { name: 'x', customer_id: companyId, value: v }).expect(400)).body.field).toBe('value');
    }
  });
});

describe('capped error messages and one error shape', () => {
  it('50,000 unknown keys: a small 400 that counts them', async () => {
    const body = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1]));
    const res = await admin().post('/api/v1/companies', body).expect(400);
    expect(res.text.length).toBeLessThan(500);
    expect(res.body).toEqual({ ok: false, error: 'invalid', message: 'body: has 50,000 keys; at most 1,000', field: 'body', fields: ['body'] });
  });

  it('500 unknown keys: names the first 10 and counts the rest', async () => {
    const body = { name: 'Many keys', ...Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`unknown_${i}`, i])) };
    const res = await admin().post('/api/v1/companies', body).expect(400);
    expect(res.text.length).toBeLessThan(2000);
    expect(res.body.fields).toHaveLength(10);
    expect(res.body.field).toBe(res.body.fields[0]);
    expect(res.body.fields_total).toBe(500);
    expect(res.body.message).toMatch(/; \.\.\. and 490 more$/);
    expect(res.body.message.split('; ')).toHaveLength(11);
  });

  it('field and fields on validation errors and on service errors alike', async () => {
    const pipe = await admin().post('/api/v1/opportunities', { customer_id: companyId }).expect(400);
    expect(pipe.body).toMatchObject({ field: 'name', fields: ['name'] });
    const service = await admin().post('/api/v1/opportunities', { name: 'x', customer_id: companyId, currency: 'XYZ' }).expect(400);
    expect(service.body).toMatchObject({ field: 'currency', fields: ['currency'] });
  });

  it('service errors raised with only a message prefix or only `field` get the same shape', async () => {
    const cursor = await admin().get('/api/v1/companies?cursor=not-a-cursor').expect(400);
    expect(cursor.body).toMatchObject({ error: 'invalid', field: 'cursor', fields: ['cursor'] });
    const dup = await admin().post('/api/v1/products', { code: 'H-1', name: 'Again' }).expect(409);
    expect(dup.body).toMatchObject({ error: 'conflict', field: 'code', fields: ['code'] });
  });

  it('a URL too long for the HTTP parser: 431 in the envelope', async () => {
    const res = await request(t.app.getHttpServer()).get(`/api/v1/companies?q=${'x'.repeat(20_000)}`).set('Host', a.host).expect(431);
    expect(res.body).toEqual({ ok: false, error: 'invalid', message: 'request headers or URL too long' });
  });
});

describe('PostgreSQL errors mapped in one place', () => {
  it('a serialization failure is retried once, with the events of the failed attempt dropped', async () => {
    const res = await admin().post('/api/v1/probe/db/serialization-once').expect(201);
    expect(res.body).toEqual({ ok: true, attempts: 2 });
    const events = await db(t).getRepository(OutboxEvent).find({ where: { workspaceId: a.ws.id, event: 'test' } });
    expect(events.map((e) => e.title)).toEqual(['attempt 2']);
  });

  (process.env.DATABASE_URL ? it : it.skip)('a real serialization failure of two concurrent SERIALIZABLE transactions is retried: both succeed', async () => {
    await db(t).query('CREATE TABLE probe_ssi (id serial PRIMARY KEY, n int NOT NULL)');
    const [r1, r2] = await Promise.all([admin().post('/api/v1/probe/db/serializable'), api(t, a.host, sales).post('/api/v1/probe/db/serializable')]);
    expect([r1.status, r2.status]).toEqual([201, 201]);
    expect(attempts.ssi).toBe(3);
    const rows = (await db(t).query('SELECT n FROM probe_ssi ORDER BY n')) as { n: number }[];
    expect(rows.map((r) => r.n)).toEqual([0, 1]);
  });

  it('a deadlock twice: 409 conflict after exactly one retry, no internals', async () => {
    const res = await admin().post('/api/v1/probe/db/deadlock').expect(409);
    expect(res.body).toEqual({ ok: false, error: 'conflict', message: expect.any(String) });
    expect(res.body.message).not.toMatch(/deadlock|relation|companies/);
    expect(attempts.deadlock).toBe(2);
  });

  it.each([
    ['23505', 409, 'conflict'],
    ['22003', 400, 'invalid'],
    ['22P02', 400, 'invalid'],
    ['22001', 400, 'invalid'],
    ['22007', 400, 'invalid'],
    ['22008', 400, 'invalid'],
    ['22021', 400, 'invalid'],
    ['54000', 400, 'invalid'],
    ['XX000', 500, 'internal'],
  ])('SQLSTATE %s: %i %s without SQL, table or constraint names, not retried', async (code, status, error) => {
    const res = await api(t, a.host, sales).post(`/api/v1/probe/db/raise/${code}`).expect(status);
    expect(res.body).toMatchObject({ ok: false, error });
    expect(res.text).not.toMatch(/companies|uq_|constraint|relation|duplicate key|DO \$\$|RAISE/);
    expect(attempts[code]).toBe(1);
  });
});
