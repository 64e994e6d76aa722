import { crmClient, type CrmClient } from '../../../client';
import { listenLoopback } from '../../helpers/loopback-fetch';
import { createWorkspace, type Fixture, startApp, type TestApp } from '../../helpers/test-app';

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

describe('the records of a sale', () => {
  it('person, opportunity through the stages read from /me, activity, task, lead and order', async () => {
    const me = await crm.GET('/api/v1/me');
    const constants = me.data!.constants;
    const company = (await crm.POST('/api/v1/companies', { body: { name: 'Typed Sale Ltd' } })).data!.company;

    const person = (await crm.POST('/api/v1/people', { body: { name: 'Ada Typed', customer_id: company.id, email: 'ada@typed.example' } })).data!.person;
    expect(person).toMatchObject({ name: 'Ada Typed', customer_id: company.id, customer: 'Typed Sale Ltd' });
    const people = await crm.GET('/api/v1/people', { params: { query: { customer_id: company.id } } });
    expect(people.data!.items.map((p) => p.id)).toEqual([person.id]);

    const created = await crm.POST('/api/v1/opportunities', { body: { name: 'Typed line', customer_id: company.id } });
    const opp = created.data!.opp;
    expect(opp.stage).toBe(constants.open_stages[0]);
    const next = constants.open_stages[1];
    const moved = await crm.POST('/api/v1/opportunities/{id}/stage', { params: { path: { id: opp.id } }, body: { stage: next } });
    // a gate may hold the move: either way the answer is typed
    if (moved.response.status === 200) expect(moved.data!.opp.stage).toBe(next);
    else expect(moved.error).toMatchObject({ ok: false, error: 'invalid' });
    const opps = await crm.GET('/api/v1/opportunities', { params: { query: { customer_id: company.id } } });
    expect(opps.data!.items.map((o) => o.id)).toEqual([opp.id]);

    const activity = (await crm.POST('/api/v1/activities', { body: { type: constants.visit_types[0], date: '2026-11-20', customer_id: company.id } })).data!.activity;
    expect(activity).toMatchObject({ date: '2026-11-20', customer_id: company.id });

    const task = (await crm.POST('/api/v1/tasks', { body: { title: 'Send the typed offer', due_date: '2026-12-01' } })).data!.task;
    expect(task).toMatchObject({ title: 'Send the typed offer', due_date: '2026-12-01' });

    const lead = (await crm.POST('/api/v1/leads', { body: { company: 'Typed Fair Visitor' } })).data!.lead;
    expect(lead.company).toBe('Typed Fair Visitor');

    const order = (await crm.POST('/api/v1/orders', { body: { customer_id: company.id, kg: 100, price: 2.5 } })).data!.order;
    expect(order).toMatchObject({ customer_id: company.id, amount: 250, erp: null });
    const po = await crm.POST('/api/v1/orders/{id}/po', { params: { path: { id: order.id } }, body: { customer_po: '  PO   77 ' } });
    expect(po.data).toMatchObject({ ok: true, changed: true, order: { customer_po: 'PO 77' } });
  });
});
