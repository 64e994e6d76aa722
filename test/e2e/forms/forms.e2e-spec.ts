import { Company } from '../../../src/domain/crm/companies/company.entity';
import { WebForm } from '../../../src/domain/crm/forms/web-form.entity';
import { Task } from '../../../src/domain/crm/tasks/task.entity';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let other: Fixture;
let sales: { user: { id: number }; key: string };
let form: { id: number; public_key: string; submit_path: string };

const LIMIT = 6;
const admin = () => api(t, a.host, a.adminKey);
/** A visitor: no credential, its own client address (X-Forwarded-For with TRUST_PROXY=1). */
const visitor = (ip: string, host = a.host) => ({
  submit: (key: string, body: object) => api(t, host).post(`/api/v1/forms/${key}/submit`, body).set('X-Forwarded-For', ip),
});
const events = (wsId: number) => db(t).find(OutboxEvent, { where: { workspaceId: wsId, event: 'form_submitted' }, order: { id: 'ASC' } });

beforeAll(async () => {
  t = await startApp({ env: { FORM_SUBMIT_PER_HOUR: String(LIMIT), TRUST_PROXY: '1' } });
  a = await createWorkspace(t);
  other = await createWorkspace(t);
  sales = await createUser(t, a, { department: 'Inbound', fullName: 'Selin Inbound' });
  form = (await admin().post('/api/v1/forms', { name: 'Contact us', owner_id: sales.user.id, fields: [{ key: 'product', label: 'Product of interest', required: true }, { key: 'volume', label: 'Yearly volume' }] }).expect(201)).body.form;
});
afterAll(() => t.close());

describe('website forms: management', () => {
  it('lets admins create, list, read and change forms', async () => {
    expect(form).toMatchObject({ name: 'Contact us', owner: { id: sales.user.id }, active: true, submissions: 0, last_submitted_at: null });
    expect(form.public_key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(form.submit_path).toBe(`/api/v1/forms/${form.public_key}/submit`);
    const list = await admin().get('/api/v1/forms').expect(200);
    expect(list.body.items.map((f: { id: number }) => f.id)).toEqual([form.id]);
    expect((await admin().get(`/api/v1/forms/${form.id}`).expect(200)).body.form.fields).toEqual([
      { key: 'product', label: 'Product of interest', required: true },
      { key: 'volume', label: 'Yearly volume', required: false },
    ]);
    const tmp = (await admin().post('/api/v1/forms', { name: 'Newsletter' }).expect(201)).body.form;
    expect(tmp.owner.id).toBe(a.admin.id);
    const ch = await admin().patch(`/api/v1/forms/${tmp.id}`, { name: 'Newsletter 2026', active: false, fields: [{ key: 'topic', label: 'Topic' }] }).expect(200);
    expect(ch.body.form).toMatchObject({ name: 'Newsletter 2026', active: false, fields: [{ key: 'topic', label: 'Topic', required: false }] });
    // an inactive form takes no submissions
    expect((await visitor('10.0.0.50').submit(tmp.public_key, { company: 'X', email: 'x@x.test' }).expect(404)).body.error).toBe('not_found');
  });

  it('refuses non-admins (403), bad definitions (400) and unknown ids (404)', async () => {
    expect((await api(t, a.host, sales.key).get('/api/v1/forms').expect(403)).body.error).toBe('forbidden');
    expect((await api(t, a.host, sales.key).post('/api/v1/forms', { name: 'x' }).expect(403)).body.error).toBe('forbidden');
    expect((await api(t, a.host, sales.key).patch(`/api/v1/forms/${form.id}`, { name: 'x' }).expect(403)).body.error).toBe('forbidden');
    expect((await admin().post('/api/v1/forms', {}).expect(400)).body.field).toBe('name');
    expect((await admin().post('/api/v1/forms', { name: 'x', fields: [{ key: 'email', label: 'E-mail' }] }).expect(400)).body.field).toBe('fields[0].key');
    expect((await admin().post('/api/v1/forms', { name: 'x', fields: [{ key: 'ok', label: '' }] }).expect(400)).body.field).toBe('fields[0].label');
    expect((await admin().post('/api/v1/forms', { name: 'x', owner_id: 999999 }).expect(400)).body.field).toBe('owner_id');
    expect((await admin().get('/api/v1/forms/999999').expect(404)).body.error).toBe('not_found');
    expect((await admin().patch('/api/v1/forms/999999', { name: 'x' }).expect(404)).body.error).toBe('not_found');
    const readOnly = await issueKey(t, a, 'oauth', a.admin.id, ['crm.read']);
    expect((await api(t, a.host, readOnly).post('/api/v1/forms', { name: 'x' }).expect(403)).body.error).toBe('insufficient_scope');
    await api(t, a.host).get('/api/v1/forms').expect(401);
    const noCustomers = await createUser(t, a, { role: 'admin', modules: ['Opportunities'] });
    expect((await api(t, a.host, noCustomers.key).get('/api/v1/forms').expect(403)).body.error).toBe('module');
  });
});

describe('website forms: public submission', () => {
  it('creates a company and a task for the owner, and raises form_submitted', async () => {
    const r = await visitor('10.0.0.1')
      .submit(form.public_key, { company: 'Yeni Plastik San. Tic. Ltd. Şti.', name: 'Deniz Yıldız', email: 'deniz@yeni.test', phone: '+90 212 555 0101', message: 'Please call me.', fields: { product: 'Stretch film', volume: '20 t' } })
      .expect(201);
    expect(r.body).toEqual({ ok: true, message: expect.any(String) });
    const company = await db(t).findOneByOrFail(Company, { workspaceId: a.ws.id, name: 'Yeni Plastik San. Tic. Ltd. Şti.' });
    expect(company).toMatchObject({ ownerId: sales.user.id, email: 'deniz@yeni.test', source: 'Website form: Contact us' });
    const task = await db(t).findOneByOrFail(Task, { workspaceId: a.ws.id, customerId: company.id });
    expect(task).toMatchObject({ assigneeId: sales.user.id, ownerId: sales.user.id, status: a.ws.constants.task_statuses[0] });
    expect(task.title).toContain('Contact us');
    expect(task.description).toContain('Product of interest: Stretch film');
    expect(task.description).toContain('Please call me.');
    const [ev] = await events(a.ws.id);
    expect(ev!.data).toEqual({ form: 'Contact us', company: company.name, name: 'Deniz Yıldız', email: 'deniz@yeni.test', phone: '+90 212 555 0101', customer_id: company.id, task_id: task.id, new_customer: true });
    // a customer_created event too, as for every new company
    expect(await db(t).count(OutboxEvent, { where: { workspaceId: a.ws.id, event: 'customer_created', recordId: company.id } })).toBe(1);
    // the owner sees the task and the company through the API
    expect((await api(t, a.host, sales.key).get(`/api/v1/tasks/${task.id}`).expect(200)).body.task.title).toContain('Contact us');
    const f = await db(t).findOneByOrFail(WebForm, { id: form.id });
    expect(f.submissions).toBe(1);
  });

  it('matches an existing company by normalized name (legal form, case and accents aside)', async () => {
    const existing = (await admin().post('/api/v1/companies', { name: 'Anadolu Ambalaj A.Ş.' }).expect(201)).body.company;
    await visitor('10.0.0.2').submit(form.public_key, { company: 'ANADOLU AMBALAJ', email: 'info@anadolu.test', fields: { product: 'PE' } }).expect(201);
    expect(await db(t).count(Company, { where: { workspaceId: a.ws.id, nameNorm: 'anadolu ambalaj' } })).toBe(1);
    const ev = (await events(a.ws.id)).pop()!;
    expect(ev.data).toMatchObject({ company: 'Anadolu Ambalaj A.Ş.', customer_id: existing.id, new_customer: false });
    expect(await db(t).count(Task, { where: { workspaceId: a.ws.id, customerId: existing.id, assigneeId: sales.user.id } })).toBe(1);
  });

  it('answers a filled honeypot like a success and creates nothing', async () => {
    const before = { companies: await db(t).count(Company, { where: { workspaceId: a.ws.id } }), tasks: await db(t).count(Task, { where: { workspaceId: a.ws.id } }), events: (await events(a.ws.id)).length };
    const r = await visitor('10.0.0.3').submit(form.public_key, { company: 'Spam Bot Inc', email: 'bot@spam.test', website: 'http://spam.test', fields: { product: 'x' } }).expect(201);
    expect(r.body).toEqual({ ok: true, message: expect.any(String) });
    expect(await db(t).count(Company, { where: { workspaceId: a.ws.id } })).toBe(before.companies);
    expect(await db(t).count(Task, { where: { workspaceId: a.ws.id } })).toBe(before.tasks);
    expect((await events(a.ws.id)).length).toBe(before.events);
  });

  it('validates and caps the fields (400 naming the field)', async () => {
    const v = visitor('10.0.0.4');
    expect((await v.submit(form.public_key, { email: 'a@b.test', fields: { product: 'x' } }).expect(400)).body.field).toBe('company');
    expect((await v.submit(form.public_key, { company: 'Co', fields: { product: 'x' } }).expect(400)).body.field).toBe('email');
    expect((await v.submit(form.public_key, { company: 'Co', email: 'nope', fields: { product: 'x' } }).expect(400)).body.field).toBe('email');
    expect((await v.submit(form.public_key, { company: 'Co', email: 'a@b.test' }).expect(400)).body.field).toBe('fields.product');
    expect((await v.submit(form.public_key, { company: 'Co', email: 'a@b.test', fields: { product: 'x', colour: 'red' } }).expect(400)).body.field).toBe('fields.colour');
    expect((await v.submit(form.public_key, { company: 'Co', email: 'a@b.test', fields: { product: 'x'.repeat(1001) } }).expect(400)).body.field).toBe('fields.product');
    expect((await v.submit(form.public_key, { company: 'C'.repeat(201), email: 'a@b.test' }).expect(400)).body.field).toBe('company');
    expect((await v.submit(form.public_key, { company: 'Co', email: 'a@b.test', message: 'm'.repeat(4001) }).expect(400)).body.field).toBe('message');
    expect((await v.submit(form.public_key, { company: 'Co', email: 'a@b.test', extra: 1 }).expect(400)).body.message).toContain('extra');
  });

  it('limits submissions per address (429 with Retry-After); other addresses go on', async () => {
    const v = visitor('10.9.9.9');
    for (let i = 0; i < LIMIT; i++) await v.submit(form.public_key, { company: `Burst ${i}`, email: 'b@b.test', website: 'filled' }).expect(201);
    const r = await v.submit(form.public_key, { company: 'Burst X', email: 'b@b.test', fields: { product: 'x' } }).expect(429);
    expect(r.body.error).toBe('rate_limited');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    // a refused address is refused for an unknown form too (counted before the lookup)
    await v.submit('no-such-form', { company: 'X', email: 'x@x.test' }).expect(429);
    expect(await db(t).count(Company, { where: { workspaceId: a.ws.id, name: 'Burst X' } })).toBe(0);
    await visitor('10.9.9.10').submit(form.public_key, { company: 'Other Address Ltd', email: 'o@o.test', fields: { product: 'x' } }).expect(201);
  });

  it("keeps workspaces apart: a form key works only on its workspace's host; unknown keys are 404", async () => {
    expect((await visitor('10.0.0.5', other.host).submit(form.public_key, { company: 'Cross Co', email: 'c@c.test', fields: { product: 'x' } }).expect(404)).body.error).toBe('not_found');
    expect(await db(t).count(Company, { where: { name: 'Cross Co' } })).toBe(0);
    expect((await visitor('10.0.0.5').submit('unknown-key', { company: 'X', email: 'x@x.test' }).expect(404)).body.error).toBe('not_found');
    const theirs = (await api(t, other.host, other.adminKey).post('/api/v1/forms', { name: 'Their form' }).expect(201)).body.form;
    expect((await admin().get(`/api/v1/forms/${theirs.id}`).expect(404)).body.error).toBe('not_found');
    expect((await admin().patch(`/api/v1/forms/${theirs.id}`, { name: 'mine' }).expect(404)).body.error).toBe('not_found');
    expect((await admin().get('/api/v1/forms').expect(200)).body.items.map((f: { id: number }) => f.id)).not.toContain(theirs.id);
    await visitor('10.0.0.6', other.host).submit(theirs.public_key, { company: 'Their Lead', email: 't@t.test' }).expect(201);
    expect(await db(t).count(Company, { where: { workspaceId: other.ws.id, name: 'Their Lead' } })).toBe(1);
    expect(await db(t).count(Company, { where: { workspaceId: a.ws.id, name: 'Their Lead' } })).toBe(0);
    // an unknown host is 404 before anything else
    await api(t, 'nowhere.localhost').post(`/api/v1/forms/${form.public_key}/submit`, { company: 'X' }).expect(404);
  });
});
