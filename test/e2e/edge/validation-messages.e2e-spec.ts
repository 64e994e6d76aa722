import request from 'supertest';
import { api, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * One message per field ("is required" when it is missing, never a range check of
 * nothing), in every interface's error format; a known path with another method is 405 with Allow.
 */
let t: TestApp;
let a: Fixture;
let erp: string;
let scimKey: string;

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000', RATE_LIMIT_ERP_PER_MINUTE: '100000', RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t, 'valmsg');
  erp = await issueKey(t, a, 'erp');
  scimKey = await issueKey(t, a, 'scim');
});
afterAll(() => t.close());

describe('validation errors: one message per field', () => {
  it('a missing password is one "is required"', async () => {
    const res = await api(t, a.host).post('/api/v1/login', { username: 'admin@valmsg.test' }).expect(400);
    expect(res.body).toEqual({ ok: false, error: 'invalid', message: 'password: is required', field: 'password', fields: ['password'] });
  });

  it('{"ok":true} on the ERP report names ext_no once', async () => {
    const res = await api(t, a.host, erp).post('/api/erp/v1/orders/1', { ok: true }).expect(400);
    expect(res.body).toEqual({ ok: false, error: 'invalid', message: 'ext_no: is required', field: 'ext_no', fields: ['ext_no'] });
  });

  it('a missing customer_id is "is required", not "must not be less than 1"', async () => {
    const res = await api(t, a.host, a.adminKey).post('/api/v1/activities', { type: 'F2F', date: '2026-03-02' }).expect(400);
    expect(res.body).toEqual({ ok: false, error: 'invalid', message: 'customer_id: is required', field: 'customer_id', fields: ['customer_id'] });
  });

  it('a wrong value gets the check of its kind first, then the first failed check, without the repeated field name', async () => {
    const res = await api(t, a.host, a.adminKey)
      .post('/api/v1/activities', { type: 7, date: '2026-03-02', customer_id: 0, duration_min: 'long', topic: null, colour: 'red' })
      .expect(400);
    expect(res.body).toEqual({
      ok: false,
      error: 'invalid',
      message: 'colour: is not a known field; type: must be a string; duration_min: must be an integer number; customer_id: must not be less than 1',
      field: 'colour',
      fields: ['colour', 'type', 'duration_min', 'customer_id'],
    });
    const blank = await api(t, a.host, a.adminKey).post('/api/v1/activities', { type: '', date: '2026-02-30', customer_id: 1.5 }).expect(400);
    expect(blank.body).toEqual({
      ok: false,
      error: 'invalid',
      message: 'type: should not be empty; date: must be a date YYYY-MM-DD; customer_id: must be an integer number',
      field: 'type',
      fields: ['type', 'date', 'customer_id'],
    });
  });

  it('null on a required field is one "must not be null"', async () => {
    const res = await api(t, a.host).post('/api/v1/login', { username: null, password: 'x' }).expect(400);
    expect(res.body).toEqual({ ok: false, error: 'invalid', message: 'username: must not be null', field: 'username', fields: ['username'] });
  });

  it('SCIM says the same in its error schema', async () => {
    const res = await request(t.app.getHttpServer())
      .post('/api/scim/v2/Users')
      .set('Host', a.host)
      .set('Authorization', `Bearer ${scimKey}`)
      .set('Content-Type', 'application/scim+json')
      .send(JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'] }))
      .expect(400);
    expect(JSON.parse(res.text)).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '400', scimType: 'invalidValue', detail: 'userName: is required' });
  });
});

describe('a known path with another method', () => {
  it('is 405 method_not_allowed with Allow; an unknown path stays 404', async () => {
    const me = await api(t, a.host, a.adminKey).delete('/api/v1/me').expect(405);
    expect(me.headers.allow).toBe('GET, HEAD, PATCH');
    expect(me.body).toEqual({ ok: false, error: 'method_not_allowed', message: 'DELETE is not allowed here; allowed: GET, HEAD, PATCH' });

    const company = await api(t, a.host, a.adminKey).put('/api/v1/companies/12', {}).expect(405);
    expect(company.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
    expect(company.body).toEqual({ ok: false, error: 'method_not_allowed', message: 'PUT is not allowed here; allowed: GET, HEAD, PATCH, DELETE' });

    // without a credential too: the method is wrong whoever asks
    const login = await api(t, a.host).raw('get', '/api/v1/login').expect(405);
    expect(login.headers.allow).toBe('POST');
    expect(login.body).toEqual({ ok: false, error: 'method_not_allowed', message: 'GET is not allowed here; allowed: POST' });

    const unknown = await api(t, a.host, a.adminKey).delete('/api/v1/nowhere').expect(404);
    expect(unknown.body).toEqual({ ok: false, error: 'not_found', message: 'no such route' });
    expect(unknown.headers.allow).toBeUndefined();
  });

  it('answers in the interface format: SCIM and OAuth', async () => {
    const scim = await request(t.app.getHttpServer()).post('/api/scim/v2/ServiceProviderConfig').set('Host', a.host).set('Authorization', `Bearer ${scimKey}`).expect(405);
    expect(scim.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(scim.text)).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '405', detail: 'POST is not allowed here; allowed: GET, HEAD' });

    const oauth = await request(t.app.getHttpServer()).get('/oauth/token').set('Host', a.host).expect(405);
    expect(oauth.headers.allow).toBe('POST');
    expect(oauth.body).toEqual({ error: 'invalid_request', error_description: 'GET is not allowed here; allowed: POST' });
  });

  it('OPTIONS on a known path (no CORS configured) is 405 too, listing its methods', async () => {
    const res = await request(t.app.getHttpServer()).options('/api/v1/companies').set('Host', a.host).expect(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.body).toEqual({ ok: false, error: 'method_not_allowed', message: 'OPTIONS is not allowed here; allowed: GET, HEAD, POST' });
  });
});
