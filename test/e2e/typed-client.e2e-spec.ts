import { crmClient, type CrmClient } from '../../client';
import { listenLoopback } from '../helpers/loopback-fetch';
import { createWorkspace, type Fixture, startApp, type TestApp } from '../helpers/test-app';

/**
 * The main records through the client generated from openapi.json (client/), as an integrator or the
 * web app uses it: request bodies, paths and the fields read from answers are checked by tsc against the
 * document, and the contract check validates each answer at run time.
 */
let t: TestApp;
let f: Fixture;
let crm: CrmClient;

beforeAll(async () => {
  t = await startApp();
  f = await createWorkspace(t);
  const loop = await listenLoopback(t);
  crm = crmClient({ baseUrl: loop.baseUrl(f.host), token: f.adminKey, fetch: loop.fetch });
});
afterAll(() => t?.close());

describe('companies', () => {
  it('creates, reads, lists, updates and archives a company', async () => {
    const created = await crm.POST('/api/v1/companies', { body: { name: 'Typed Client GmbH', city: 'Köln' } });
    expect(created.response.status).toBe(201);
    const company = created.data!.company;
    expect(company).toMatchObject({ name: 'Typed Client GmbH', city: 'Köln', active: true, orders: [] });

    const read = await crm.GET('/api/v1/companies/{id}', { params: { path: { id: company.id } } });
    expect(read.data!.company.rid).toBe(company.rid);

    const list = await crm.GET('/api/v1/companies', { params: { query: { q: 'Typed Client', limit: 10 } } });
    expect(list.data!.items.map((c) => c.id)).toEqual([company.id]);
    expect(list.data!.next_cursor).toBeNull();

    const updated = await crm.PATCH('/api/v1/companies/{id}', { params: { path: { id: company.id } }, body: { city: 'Bonn' } });
    expect(updated.data!.company.city).toBe('Bonn');

    const archived = await crm.DELETE('/api/v1/companies/{id}', { params: { path: { id: company.id } } });
    expect(archived.data).toEqual({ ok: true });
  });

  it('answers the typed error envelope', async () => {
    const missing = await crm.GET('/api/v1/companies/{id}', { params: { path: { id: 999_999 } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ ok: false, error: 'not_found' });
  });
});
