import { Activity } from '../../../src/domain/crm/activities/activity.entity';
import { Company } from '../../../src/domain/crm/companies/company.entity';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { Person } from '../../../src/domain/crm/people/person.entity';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { User } from '../../../src/domain/identity/user.entity';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let north1: { user: User; key: string };
let north2: { user: User; key: string };
let south: { user: User; key: string };
let fairId: number;

let n = 0;
const uniq = (p: string) => `${p} ${++n}${Date.now().toString(36)}`;
const as = (key: string, f: Fixture = a) => api(t, f.host, key);
const admin = () => as(a.adminKey);
const count = (entity: typeof Company | typeof Person | typeof Opportunity | typeof Activity, where: Record<string, unknown>) =>
  db(t).getRepository(entity).count({ where: { workspaceId: a.ws.id, ...where } as never });
const events = (event: string) => db(t).getRepository(OutboxEvent).count({ where: { workspaceId: a.ws.id, event: event as never } });

async function lead(key: string, body: Record<string, unknown> = {}) {
  return (
    await as(key)
      .post('/api/v1/leads', {
        company: uniq('Marmara Ambalaj A.Ş.'),
        contact_name: 'Deniz Aksoy',
        title: 'Purchasing',
        email: `${uniq('deniz').replace(/\s/g, '.')}@example.com`.toLowerCase(),
        phone: '+90 555 000 11 22',
        city: 'Bursa',
        sector: 'Packaging',
        fair_id: fairId,
        interest: 'High',
        products: 'LDPE film',
        potential_kg: 12000,
        unit: 'kg',
        next_action: 'Send offer',
        note: 'Met at the stand.',
        people: [{ name: 'Can Er', title: 'Production', email: `${uniq('can').replace(/\s/g, '.')}@example.com`.toLowerCase() }],
        ...body,
      })
      .expect(201)
  ).body.lead;
}

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'convert-a');
  b = await createWorkspace(t, 'convert-b');
  north1 = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  north2 = await createUser(t, a, { department: 'North' });
  south = await createUser(t, a, { department: 'South' });
  fairId = (await admin().post('/api/v1/fairs', { name: 'Plast Eurasia 2026', city: 'Istanbul', start_date: '2026-12-02', end_date: '2026-12-05' }).expect(201)).body.fair.id;
});
afterAll(() => t.close());

describe('POST /api/v1/leads/{id}/convert', () => {
  it('with an empty body creates the company, both people, an opportunity and a fair visit in one call, with their events', async () => {
    const l = await lead(north1.key);
    const before = { customer: await events('customer_created'), contact: await events('contact_created'), opp: await events('opp_created'), visit: await events('visit_created') };
    const res = await as(north1.key).post(`/api/v1/leads/${l.id}/convert`, {}).expect(200);
    const r = res.body;
    expect(Object.keys(r).sort()).toEqual(['created', 'customer', 'customer_id', 'lead', 'linked', 'message', 'ok', 'opp_id', 'task_id'].sort());
    expect(r).toMatchObject({ ok: true, created: 2, linked: 0, customer: l.company, customer_id: expect.any(Number), opp_id: expect.any(Number) });
    expect(r.message).toContain('Kazanıldı');
    expect(r.lead).toMatchObject({
      status: 'Aktarıldı',
      status_eff: 'Aktarıldı',
      link_customer: l.company,
      link_customer_id: r.customer_id,
      customer_id: r.customer_id,
      opp_id: r.opp_id,
      link_contact_id: expect.any(Number),
    });
    expect(r.lead.people).toHaveLength(2);
    expect(r.lead.people.every((p: { cid: number | null }) => typeof p.cid === 'number')).toBe(true);
    expect(r.lead.link_contact_id).toBe(r.lead.people[0].cid);

    const company = (await as(north1.key).get(`/api/v1/companies/${r.customer_id}`).expect(200)).body.company;
    expect(company).toMatchObject({ name: l.company, city: 'Bursa', sector: 'Packaging', source: 'Fair: Plast Eurasia 2026', main_contact: { name: 'Deniz Aksoy' } });
    const opp = (await as(north1.key).get(`/api/v1/opportunities/${r.opp_id}`).expect(200)).body.opp;
    expect(opp).toMatchObject({ customer_id: r.customer_id, potential_kg: 12000, next_step: 'Send offer' });
    const visits = await db(t).getRepository(Activity).find({ where: { workspaceId: a.ws.id, customerId: r.customer_id } });
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ type: 'F2F', oppId: r.opp_id, topic: 'Fair: Plast Eurasia 2026' });
    expect([...visits[0]!.personIds].sort()).toEqual(r.lead.people.map((p: { cid: number }) => p.cid).sort());

    expect(await events('customer_created')).toBe(before.customer + 1);
    expect(await events('contact_created')).toBe(before.contact + 2);
    expect(await events('opp_created')).toBe(before.opp + 1);
    expect(await events('visit_created')).toBe(before.visit + 1);
  });

  it("makes the lead's next action a follow-up task of the caller's on the company (task_id), once; make_task false or no next action: none", async () => {
    const l = await lead(north1.key, { next_action: 'Send offer', next_date: '2026-12-10' });
    const r = (await as(north1.key).post(`/api/v1/leads/${l.id}/convert`, {}).expect(200)).body;
    expect(r.task_id).toEqual(expect.any(Number));
    expect(r.lead.task_id).toBe(r.task_id);
    expect(r.message).toContain(`follow-up task "Send offer: ${l.company}" created`);
    const task = (await as(north1.key).get(`/api/v1/tasks/${r.task_id}`).expect(200)).body.task;
    expect(task).toMatchObject({
      title: `Send offer: ${l.company}`,
      due_date: '2026-12-10',
      customer_id: r.customer_id,
      person_id: r.lead.link_contact_id,
      opp_id: r.opp_id,
      assignee: expect.objectContaining({ id: north1.user.id }),
    });
    expect(task.description).toContain('Fair: Plast Eurasia 2026');
    expect(task.description).toContain('Met at the stand.');
    // a retry answers the same task and makes no second one
    const again = (await as(north1.key).post(`/api/v1/leads/${l.id}/convert`, {}).expect(200)).body;
    expect(again.task_id).toBe(r.task_id);
    const [{ n }] = await db(t).query('SELECT count(*)::int AS n FROM tasks WHERE workspace_id = $1 AND customer_id = $2', [a.ws.id, r.customer_id]);
    expect(n).toBe(1);

    const off = await lead(north1.key);
    const r2 = (await as(north1.key).post(`/api/v1/leads/${off.id}/convert`, { make_task: false }).expect(200)).body;
    expect(r2.task_id).toBeNull();
    expect(r2.lead.task_id).toBeNull();
    const none = await lead(north1.key, { next_action: '' });
    const r3 = (await as(north1.key).post(`/api/v1/leads/${none.id}/convert`, {}).expect(200)).body;
    expect(r3.task_id).toBeNull();
    for (const cid of [r2.customer_id, r3.customer_id]) {
      const [{ n: k }] = await db(t).query('SELECT count(*)::int AS n FROM tasks WHERE workspace_id = $1 AND customer_id = $2', [a.ws.id, cid]);
      expect(k).toBe(0);
    }
    const bad = await as(north1.key).post(`/api/v1/leads/${none.id}/convert`, { make_task: 'yes' }).expect(400);
    expect(bad.body).toMatchObject({ ok: false, error: 'invalid' });
    expect(bad.body.message).toContain('make_task');
  });

  it('never creates duplicates: a retry, a stale body and two concurrent calls answer the same links', async () => {
    const l = await lead(north1.key);
    const first = (await as(north1.key).post(`/api/v1/leads/${l.id}/convert`, {}).expect(200)).body;
    const again = (await as(north1.key).post(`/api/v1/leads/${l.id}/convert`, {}).expect(200)).body;
    expect(again).toMatchObject({ created: 0, linked: 0, customer_id: first.customer_id, opp_id: first.opp_id, customer: first.customer });
    expect(again.message).toMatch(/already converted/i);
    const stale = (await as(north1.key).post(`/api/v1/leads/${l.id}/convert`, { mode: 'new', opp_mode: 'new', people: { 0: 'new', 1: 'new' } }).expect(200)).body;
    expect(stale).toMatchObject({ created: 0, customer_id: first.customer_id, opp_id: first.opp_id });
    expect(await count(Company, { nameNorm: (await db(t).getRepository(Company).findOneByOrFail({ id: first.customer_id })).nameNorm })).toBe(1);
    expect(await count(Opportunity, { customerId: first.customer_id })).toBe(1);
    expect(await count(Person, { customerId: first.customer_id })).toBe(2);
    expect(await count(Activity, { customerId: first.customer_id })).toBe(1);

    const l2 = await lead(north1.key);
    const [x, y] = await Promise.all([
      as(north1.key).post(`/api/v1/leads/${l2.id}/convert`, {}),
      as(north1.key).post(`/api/v1/leads/${l2.id}/convert`, {}),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.customer_id).toBe(y.body.customer_id);
    expect(x.body.opp_id).toBe(y.body.opp_id);
    expect([x.body.created, y.body.created].sort()).toEqual([0, 2]);
    expect(await count(Company, { id: x.body.customer_id })).toBe(1);
    expect(await count(Opportunity, { customerId: x.body.customer_id })).toBe(1);
    expect(await count(Person, { customerId: x.body.customer_id })).toBe(2);
    expect(await count(Activity, { customerId: x.body.customer_id })).toBe(1);
  });

  it('links an existing company by name match (the duplicate rule) or the registered customer_id of the lead', async () => {
    const existing = (await as(north1.key).post('/api/v1/companies', { name: uniq('Ege Film') + ' Ltd. Şti.' }).expect(201)).body.company;
    const byName = await lead(north1.key, { company: existing.name.replace(' Ltd. Şti.', ' LTD') });
    const r = (await as(north1.key).post(`/api/v1/leads/${byName.id}/convert`, { make_visit: false, opp_mode: 'none' }).expect(200)).body;
    expect(r).toMatchObject({ customer_id: existing.id, customer: existing.name, opp_id: null, created: 2 });
    expect(await count(Activity, { customerId: existing.id })).toBe(0);

    const registered = (await as(north1.key).post('/api/v1/companies', { name: uniq('Registered') }).expect(201)).body.company;
    const withId = await lead(north1.key, { customer_id: registered.id });
    const r2 = (await as(north1.key).post(`/api/v1/leads/${withId.id}/convert`, {}).expect(200)).body;
    expect(r2.customer_id).toBe(registered.id);
  });

  it('mode existing / new, people new | skip | contact id, opp_mode existing', async () => {
    const co = (await as(north1.key).post('/api/v1/companies', { name: uniq('Existing Co') }).expect(201)).body.company;
    const contact = (await as(north1.key).post('/api/v1/people', { name: 'Deniz Aksoy', customer_id: co.id }).expect(201)).body.person;
    const opp = (await as(north1.key).post('/api/v1/opportunities', { name: 'Running deal', customer_id: co.id }).expect(201)).body.opp;
    const l = await lead(north1.key, { people: [{ name: 'Can Er' }, { name: 'Ece Su' }] });
    const r = (
      await as(north1.key)
        .post(`/api/v1/leads/${l.id}/convert`, { mode: 'existing', customer_id: co.id, people: { '0': contact.id, '1': 'skip', '2': 'new' }, opp_mode: 'existing', opp_id: opp.id })
        .expect(200)
    ).body;
    expect(r).toMatchObject({ customer_id: co.id, opp_id: opp.id, created: 1, linked: 1 });
    expect(r.lead.people.map((p: { cid: number | null }) => p.cid)).toEqual([contact.id, null, expect.any(Number)]);
    expect(await count(Opportunity, { customerId: co.id })).toBe(1);

    // mode new with a name that exists: 400 naming mode, nothing created
    const dup = await lead(north1.key, { company: co.name });
    const bad = await as(north1.key).post(`/api/v1/leads/${dup.id}/convert`, { mode: 'new' }).expect(400);
    expect(bad.body).toMatchObject({ error: 'invalid', field: 'mode' });
    expect((await as(north1.key).get(`/api/v1/leads/${dup.id}`).expect(200)).body.lead.status).toBe('Yeni');

    const fresh = await lead(north1.key);
    const rn = (await as(north1.key).post(`/api/v1/leads/${fresh.id}/convert`, { mode: 'new', people: { 0: 'skip', 1: 'skip' } }).expect(200)).body;
    expect(rn).toMatchObject({ created: 0, linked: 0, customer: fresh.company });
    expect(rn.lead.link_contact_id).toBeNull();
  });

  it('400 naming the field for every bad body, and rolls everything back', async () => {
    const other = (await as(north1.key).post('/api/v1/companies', { name: uniq('Other Co') }).expect(201)).body.company;
    const otherOpp = (await as(north1.key).post('/api/v1/opportunities', { name: 'Other deal', customer_id: other.id }).expect(201)).body.opp;
    const l = await lead(north1.key);
    const field = async (body: Record<string, unknown>, name: string) => {
      const r = await as(north1.key).post(`/api/v1/leads/${l.id}/convert`, body).expect(400);
      expect(r.body.error).toBe('invalid');
      expect(r.body.field).toBe(name);
      expect(r.body.message).toContain(name);
    };
    await field({ mode: 'existing' }, 'customer_id');
    await field({ mode: 'maybe' }, 'mode');
    await field({ customer_id: other.id }, 'customer_id');
    await field({ mode: 'existing', customer_id: 99999999 }, 'customer_id');
    await field({ opp_mode: 'existing' }, 'opp_id');
    await field({ opp_mode: 'sideways' }, 'opp_mode');
    await field({ opp_id: otherOpp.id }, 'opp_id');
    await field({ people: { 7: 'new' } }, 'people.7');
    await field({ people: { 0: 'maybe' } }, 'people.0');
    await field({ people: 'all' }, 'people');
    await field({ make_visit: 'yes' }, 'make_visit');
    const before = await count(Company, {});
    // the opportunity belongs to another company: the new company is rolled back
    await field({ mode: 'new', opp_mode: 'existing', opp_id: otherOpp.id }, 'opp_id');
    await field({ mode: 'existing', customer_id: other.id, people: { 0: 99999999 } }, 'people.0');
    expect(await count(Company, {})).toBe(before);
    await as(north1.key).post(`/api/v1/opportunities/${otherOpp.id}/stage`, { stage: 'Lost', close_reason: 'Price' }).expect(200);
    await field({ mode: 'existing', customer_id: other.id, opp_mode: 'existing', opp_id: otherOpp.id }, 'opp_id');
    const still = (await as(north1.key).get(`/api/v1/leads/${l.id}`).expect(200)).body.lead;
    expect(still).toMatchObject({ status: 'Yeni', link_customer_id: null, opp_id: null });
  });

  it('404 for an unknown, invisible or other workspace lead; 403 forbidden for a teammate; 403 module; 403 insufficient_scope; 401', async () => {
    const l = await lead(north1.key);
    await as(north1.key).post('/api/v1/leads/99999999/convert', {}).expect(404);
    expect((await as(south.key).post(`/api/v1/leads/${l.id}/convert`, {}).expect(404)).body.error).toBe('not_found');
    expect((await as(b.adminKey, b).post(`/api/v1/leads/${l.id}/convert`, {}).expect(404)).body.error).toBe('not_found');
    expect((await as(north2.key).post(`/api/v1/leads/${l.id}/convert`, {}).expect(403)).body.error).toBe('forbidden');
    const noModule = await createUser(t, a, { department: 'North', modules: ['Customers', 'Opportunities', 'Visits / Activities'] });
    expect((await as(noModule.key).post(`/api/v1/leads/${l.id}/convert`, {}).expect(403)).body.error).toBe('module');
    const readOnly = await issueKey(t, a, 'oauth', north1.user.id, ['crm.read']);
    expect((await as(readOnly).post(`/api/v1/leads/${l.id}/convert`, {}).expect(403)).body.error).toBe('insufficient_scope');
    await api(t, a.host).post(`/api/v1/leads/${l.id}/convert`, {}).expect(401);
    // an admin converts anyone's lead
    await admin().post(`/api/v1/leads/${l.id}/convert`, { opp_mode: 'none', make_visit: false }).expect(200);
  });

  it('won opportunity -> the lead becomes Kazanıldı (stored and effective)', async () => {
    const l = await lead(north1.key);
    const r = (await as(north1.key).post(`/api/v1/leads/${l.id}/convert`, {}).expect(200)).body;
    await as(north1.key).patch(`/api/v1/opportunities/${r.opp_id}`, { value: 5000 }).expect(200);
    await db(t).getRepository(Opportunity).update({ workspaceId: a.ws.id, id: r.opp_id }, { stage: 'Expect to Close' });
    await as(north1.key).post(`/api/v1/opportunities/${r.opp_id}/stage`, { stage: 'Win' }).expect(200);
    const won = (await as(north1.key).get(`/api/v1/leads/${l.id}`).expect(200)).body.lead;
    expect(won).toMatchObject({ status: 'Kazanıldı', status_eff: 'Kazanıldı' });
    // PATCH cannot set the display status, and a status set back still shows won as effective status
    expect((await as(north1.key).patch(`/api/v1/leads/${l.id}`, { status: 'Kazanıldı' }).expect(400)).body.field).toBe('status');
    const back = (await as(north1.key).patch(`/api/v1/leads/${l.id}`, { status: 'Teklif verildi' }).expect(200)).body.lead;
    expect(back).toMatchObject({ status: 'Teklif verildi', status_eff: 'Kazanıldı' });
    expect((await as(north1.key).get('/api/v1/leads?status=Teklif%20verildi').expect(200)).body.items.map((x: { id: number }) => x.id)).toContain(l.id);
  });
});
