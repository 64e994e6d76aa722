import request from 'supertest';
import { ReceiptRetention } from '../../../src/domain/crm/hooks';
import { InboundHook } from '../../../src/domain/crm/hooks/inbound-hook.entity';
import { Company } from '../../../src/domain/crm/companies/company.entity';
import { Lead } from '../../../src/domain/crm/leads/lead.entity';
import { Person } from '../../../src/domain/crm/people/person.entity';
import { Task } from '../../../src/domain/crm/tasks/task.entity';
import { standardSignature } from '../../../src/domain/integrations/signing';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/** Receiving: POST /hooks/{public_key} with a bearer secret or a Standard Webhooks signature. */
let t: TestApp;
let a: Fixture;
let other: Fixture;
let sales: { user: { id: number }; key: string };

interface Made {
  id: number;
  public_key: string;
  url: string;
  secret: string;
}
const admin = () => api(t, a.host, a.adminKey);
async function makeHook(body: object, f = a): Promise<Made> {
  const r = (await api(t, f.host, f.adminKey).post('/api/v1/hooks', body).expect(201)).body;
  return { ...r.hook, secret: r.secret };
}

/** Posts `body` as these exact bytes. */
function deliver(key: string, body: unknown, headers: Record<string, string> = {}, host = a.host) {
  const r = request(t.app.getHttpServer()).post(`/hooks/${key}`).set('Host', host).set('Content-Type', 'application/json');
  for (const [k, v] of Object.entries(headers)) r.set(k, v);
  return r.send(typeof body === 'string' ? body : JSON.stringify(body));
}
const bearer = (h: Made) => ({ Authorization: `Bearer ${h.secret}` });
let msg = 0;
function signed(h: Made, body: unknown, opts: { id?: string; ts?: number; key?: string } = {}) {
  const raw = JSON.stringify(body);
  const id = opts.id ?? `msg_${++msg}_${Date.now()}`;
  const ts = opts.ts ?? Math.floor(Date.now() / 1000);
  return { raw, headers: { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': standardSignature(opts.key ?? h.secret, id, ts, raw) } };
}
const events = (event: string, recordId: number) => db(t).count(OutboxEvent, { where: { workspaceId: a.ws.id, event, recordId } });

let leadHook: Made;
let signedHook: Made;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  other = await createWorkspace(t);
  sales = await createUser(t, a, { fullName: 'Selin Hooks' });
  leadHook = await makeHook({
    name: 'Website',
    target: 'lead',
    owner_id: sales.user.id,
    mapping: [
      { field: 'company', path: 'data.company.name' },
      { field: 'email', path: 'data.contact.email' },
      { field: 'contact_name', path: 'answers[1].text' },
      { field: 'note', value: 'Came in through the website hook' },
    ],
  });
  signedHook = await makeHook({ name: 'Typeform', target: 'lead', auth_mode: 'signature', mapping: [{ field: 'company', path: 'company' }] });
});
afterAll(() => t.close());

const payload = (company: string) => ({ data: { company: { name: company }, contact: { email: 'deniz@yeni.test' } }, answers: [{ text: 'ignored' }, { text: 'Deniz Yıldız' }] });

describe('inbound hooks: bearer', () => {
  it('maps nested paths and array indices into a lead created as the owner, raising lead_created', async () => {
    const r = await deliver(leadHook.public_key, payload('Yeni Plastik Ltd.'), bearer(leadHook)).expect(201);
    expect(r.body).toEqual({ ok: true, kind: 'lead', id: expect.any(Number) });
    const lead = await db(t).findOneByOrFail(Lead, { workspaceId: a.ws.id, id: r.body.id });
    expect(lead).toMatchObject({ company: 'Yeni Plastik Ltd.', email: 'deniz@yeni.test', contactName: 'Deniz Yıldız', note: 'Came in through the website hook', ownerId: sales.user.id });
    expect(await events('lead_created', lead.id)).toBe(1);
    // the owner sees it through the API like any lead of theirs
    expect((await api(t, a.host, sales.key).get(`/api/v1/leads/${lead.id}`).expect(200)).body.lead.company).toBe('Yeni Plastik Ltd.');
    const hook = (await admin().get(`/api/v1/hooks/${leadHook.id}`).expect(200)).body.hook;
    expect(hook).toMatchObject({ received: 1, replayed: 0, last_received_at: expect.any(String) });
  });

  it('refuses a missing or wrong secret (401) and writes nothing', async () => {
    const before = await db(t).count(Lead, { where: { workspaceId: a.ws.id } });
    expect((await deliver(leadHook.public_key, payload('No Secret Ltd.')).expect(401)).body.error).toBe('unauthorized');
    await deliver(leadHook.public_key, payload('Wrong Secret Ltd.'), { Authorization: `Bearer ${leadHook.secret}x` }).expect(401);
    // another hook's secret is not this one's
    await deliver(leadHook.public_key, payload('Other Secret Ltd.'), { Authorization: `Bearer ${signedHook.secret}` }).expect(401);
    expect(await db(t).count(Lead, { where: { workspaceId: a.ws.id } })).toBe(before);
  });

  it('names the target field (and the JSON path) when the mapped body breaks a rule of the REST create', async () => {
    const missing = await deliver(leadHook.public_key, { data: { contact: { email: 'x@y.test' } } }, bearer(leadHook)).expect(400);
    expect(missing.body).toMatchObject({ error: 'invalid', field: 'company' });
    expect(missing.body.message).toContain('data.company.name');
    const bad = await deliver(leadHook.public_key, { data: { company: { name: 'Co' }, contact: { email: 'not-an-email' } } }, bearer(leadHook)).expect(400);
    expect(bad.body.field).toBe('email');
    const wrongType = await deliver(leadHook.public_key, { data: { company: { name: 42 } } }, bearer(leadHook)).expect(400);
    expect(wrongType.body.field).toBe('company');
    // the secret is checked before the body: a bad body without it is 401
    await deliver(leadHook.public_key, { nothing: true }).expect(401);
  });

  it('is idempotent on the webhook-id header when the payload names no key', async () => {
    const h = { ...bearer(leadHook), 'webhook-id': 'zap-run-1' };
    const first = await deliver(leadHook.public_key, payload('Idem Header Ltd.'), h).expect(201);
    const again = await deliver(leadHook.public_key, payload('Idem Header Ltd.'), h).expect(200);
    expect(again.body).toEqual({ ok: true, kind: 'lead', id: first.body.id, replayed: true });
    expect(await db(t).count(Lead, { where: { workspaceId: a.ws.id, company: 'Idem Header Ltd.' } })).toBe(1);
    expect(await events('lead_created', first.body.id)).toBe(1);
  });
});

describe('inbound hooks: Standard Webhooks signature', () => {
  it('accepts a good signature, refuses a bad or stale one, and answers a replayed webhook-id from its receipt', async () => {
    const s = signed(signedHook, { company: 'Signed Co' });
    const r = await deliver(signedHook.public_key, s.raw, s.headers).expect(201);
    const replay = await deliver(signedHook.public_key, s.raw, s.headers).expect(200);
    expect(replay.body).toEqual({ ok: true, kind: 'lead', id: r.body.id, replayed: true });
    expect(await db(t).count(Lead, { where: { workspaceId: a.ws.id, company: 'Signed Co' } })).toBe(1);

    const bad = signed(signedHook, { company: 'Forged Co' }, { key: 'whsec_' + Buffer.alloc(32, 7).toString('base64') });
    expect((await deliver(signedHook.public_key, bad.raw, bad.headers).expect(401)).body.error).toBe('unauthorized');
    // the body changed after signing
    const tampered = signed(signedHook, { company: 'Honest Co' });
    await deliver(signedHook.public_key, JSON.stringify({ company: 'Tampered Co' }), tampered.headers).expect(401);
    const stale = signed(signedHook, { company: 'Stale Co' }, { ts: Math.floor(Date.now() / 1000) - 600 });
    expect((await deliver(signedHook.public_key, stale.raw, stale.headers).expect(401)).body.message).toContain('5 minutes');
    const future = signed(signedHook, { company: 'Future Co' }, { ts: Math.floor(Date.now() / 1000) + 600 });
    await deliver(signedHook.public_key, future.raw, future.headers).expect(401);
    // without the headers, or with a bearer token instead
    await deliver(signedHook.public_key, { company: 'Unsigned Co' }).expect(401);
    await deliver(signedHook.public_key, { company: 'Bearer Co' }, { Authorization: `Bearer ${signedHook.secret}` }).expect(401);
    // one of several signatures (a key being rotated on the sender's side) is enough
    const multi = signed(signedHook, { company: 'Multi Sig Co' });
    await deliver(signedHook.public_key, multi.raw, { ...multi.headers, 'webhook-signature': `v1,AAAA ${multi.headers['webhook-signature']}` }).expect(201);
    for (const name of ['Forged Co', 'Tampered Co', 'Stale Co', 'Future Co', 'Unsigned Co', 'Bearer Co']) {
      expect(await db(t).count(Lead, { where: { workspaceId: a.ws.id, company: name } })).toBe(0);
    }
  });
});

describe('inbound hooks: targets, idempotency keys, limits and reach', () => {
  it('creates a company, a person and a task through their services (customer_created, contact_created)', async () => {
    const co = await makeHook({ name: 'Companies', target: 'company', mapping: [{ field: 'name', path: 'org.name' }, { field: 'city', path: 'org.address.city' }, { field: 'source', value: 'Zapier' }, { field: 'external_id', path: 'org.id' }] });
    const c = await deliver(co.public_key, { org: { name: 'Zap Ambalaj A.Ş.', address: { city: 'İzmir' }, id: 'zap:17' } }, bearer(co)).expect(201);
    expect(c.body.kind).toBe('company');
    expect(await db(t).findOneByOrFail(Company, { workspaceId: a.ws.id, id: c.body.id })).toMatchObject({ name: 'Zap Ambalaj A.Ş.', city: 'İzmir', source: 'Zapier', externalId: 'zap:17', ownerId: a.admin.id });
    expect(await events('customer_created', c.body.id)).toBe(1);
    // a duplicate is refused as the REST create refuses it
    expect((await deliver(co.public_key, { org: { name: 'ZAP AMBALAJ' } }, bearer(co)).expect(409)).body.error).toBe('duplicate');

    const pe = await makeHook({ name: 'People', target: 'person', mapping: [{ field: 'name', path: 'full_name' }, { field: 'email', path: 'emails[0]' }, { field: 'customer_id', path: 'company_id' }] });
    const p = await deliver(pe.public_key, { full_name: 'Ayşe Kaya', emails: ['ayse@zap.test', 'x@y.test'], company_id: c.body.id }, bearer(pe)).expect(201);
    expect(await db(t).findOneByOrFail(Person, { workspaceId: a.ws.id, id: p.body.id })).toMatchObject({ name: 'Ayşe Kaya', email: 'ayse@zap.test', customerId: c.body.id });
    expect(await events('contact_created', p.body.id)).toBe(1);
    // a reference the owner may not use is a 400 naming the field, as in REST
    expect((await deliver(pe.public_key, { full_name: 'Nobody', company_id: 999999 }, bearer(pe)).expect(400)).body.field).toBe('customer_id');

    const ta = await makeHook({ name: 'Tasks', target: 'task', owner_id: sales.user.id, mapping: [{ field: 'title', path: 'subject' }, { field: 'due_date', path: 'due' }] });
    const k = await deliver(ta.public_key, { subject: 'Call back the n8n lead', due: '2026-12-01' }, bearer(ta)).expect(201);
    expect(await db(t).findOneByOrFail(Task, { workspaceId: a.ws.id, id: k.body.id })).toMatchObject({ title: 'Call back the n8n lead', dueDate: '2026-12-01', assigneeId: sales.user.id, ownerId: sales.user.id });
    expect((await deliver(ta.public_key, { subject: 'x', due: '1 December' }, bearer(ta)).expect(400)).body.field).toBe('due_date');
  });

  it("creates a custom object's record: fields.<key> and links.<key> of its definition", async () => {
    await admin()
      .post('/api/v1/objects', { key: 'sites', label: 'Sites', fields: [{ key: 'size', label: 'Size', type: 'select', options: ['Small', 'Large'], required: true }, { key: 'capacity', label: 'Capacity', type: 'number' }], relations: [{ key: 'customer', label: 'Customer', kind: 'company' }] })
      .expect(201);
    const company = (await admin().post('/api/v1/companies', { name: 'Site Owner A.Ş.' }).expect(201)).body.company.id;
    const bad = await admin().post('/api/v1/hooks', { name: 'Sites', target: 'object', object_key: 'sites', mapping: [{ field: 'name', path: 'n' }, { field: 'fields.colour', path: 'c' }] }).expect(400);
    expect(bad.body.field).toBe('mapping[1].field');
    expect((await admin().post('/api/v1/hooks', { name: 'Sites', target: 'object', object_key: 'nope', mapping: [{ field: 'name', path: 'n' }] }).expect(400)).body.field).toBe('object_key');
    const h = await makeHook({ name: 'Sites', target: 'object', object_key: 'sites', mapping: [{ field: 'name', path: 'site.name' }, { field: 'fields.size', path: 'site.size' }, { field: 'fields.capacity', path: 'site.t' }, { field: 'links.customer', path: 'owner_company' }] });
    const r = await deliver(h.public_key, { site: { name: 'Gebze plant', size: 'Large', t: 1200 }, owner_company: company }, bearer(h)).expect(201);
    expect(r.body.kind).toBe('object');
    const rec = (await admin().get(`/api/v1/objects/sites/records/${r.body.id}`).expect(200)).body.record;
    expect(rec).toMatchObject({ name: 'Gebze plant', fields: { size: 'Large', capacity: 1200 } });
    expect(JSON.stringify(rec)).toContain('Site Owner A.Ş.');
    const wrong = await deliver(h.public_key, { site: { name: 'Bad plant', size: 'Huge' } }, bearer(h)).expect(400);
    expect(wrong.body.field).toBe('fields.size');
    expect(wrong.body.message).toContain('site.size');
  });

  it("is idempotent on the payload's key at the idempotency path", async () => {
    const h = await makeHook({ name: 'Make', target: 'lead', idempotency_path: 'meta.event_id', mapping: [{ field: 'company', path: 'company' }] });
    const first = await deliver(h.public_key, { meta: { event_id: 'evt-1' }, company: 'Key Co' }, { ...bearer(h), 'webhook-id': 'a' }).expect(201);
    // the payload's key wins over the header
    const again = await deliver(h.public_key, { meta: { event_id: 'evt-1' }, company: 'Key Co' }, { ...bearer(h), 'webhook-id': 'b' }).expect(200);
    expect(again.body).toMatchObject({ id: first.body.id, replayed: true });
    await deliver(h.public_key, { meta: { event_id: 2 }, company: 'Key Co 2' }, bearer(h)).expect(201);
    await deliver(h.public_key, { meta: { event_id: 2 }, company: 'Key Co 2' }, bearer(h)).expect(200);
    expect((await deliver(h.public_key, { meta: { event_id: { x: 1 } }, company: 'Key Co 3' }, bearer(h)).expect(400)).body.field).toBe('meta.event_id');
    // a refused delivery leaves no receipt: the same key with a good body goes through
    await deliver(h.public_key, { meta: { event_id: 'evt-3' } }, bearer(h)).expect(400);
    await deliver(h.public_key, { meta: { event_id: 'evt-3' }, company: 'Key Co 3' }, bearer(h)).expect(201);
    expect((await admin().get(`/api/v1/hooks/${h.id}`).expect(200)).body.hook).toMatchObject({ received: 3, replayed: 2 });
  });

  it('writes one record for concurrent deliveries with the same key; the others answer it', async () => {
    const h = await makeHook({ name: 'Retrying sender', target: 'company', mapping: [{ field: 'name', path: 'n' }] });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(h.public_key, { n: 'Concurrent Co' }, { ...bearer(h), 'webhook-id': 'same-message' })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    expect(await db(t).count(Company, { where: { workspaceId: a.ws.id, name: 'Concurrent Co' } })).toBe(1);
    expect(await events('customer_created', answers[0]!.body.id)).toBe(1);
  });

  it('forgets receipts past retention: the key then creates a new record', async () => {
    const h = await makeHook({ name: 'Old keys', target: 'lead', mapping: [{ field: 'company', path: 'c' }] });
    const first = await deliver(h.public_key, { c: 'Aged Key Co' }, { ...bearer(h), 'webhook-id': 'aged-1' }).expect(201);
    await db(t).query(`UPDATE inbound_hook_receipts SET created_at = now() - interval '31 days' WHERE workspace_id = $1 AND hook_id = $2`, [a.ws.id, h.id]);
    expect(await t.get(ReceiptRetention).prune()).toBe(1);
    const again = await deliver(h.public_key, { c: 'Aged Key Co' }, { ...bearer(h), 'webhook-id': 'aged-1' }).expect(201);
    expect(again.body.id).not.toBe(first.body.id);
  });

  it("limits a hook to its requests a minute (429 with Retry-After); other hooks go on", async () => {
    const h = await makeHook({ name: 'Burst', target: 'lead', per_minute: 3, mapping: [{ field: 'company', path: 'c' }] });
    for (let i = 0; i < 3; i++) await deliver(h.public_key, { c: `Burst ${i}` }, bearer(h)).expect(201);
    const r = await deliver(h.public_key, { c: 'Burst X' }, bearer(h)).expect(429);
    expect(r.body.error).toBe('rate_limited');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(await db(t).count(Lead, { where: { workspaceId: a.ws.id, company: 'Burst X' } })).toBe(0);
    await deliver(leadHook.public_key, payload('Not Limited Ltd.'), bearer(leadHook)).expect(201);
  });

  it('answers 404 for an unknown or inactive hook, and for a hook of another workspace', async () => {
    expect((await deliver('no-such-hook', payload('X'), bearer(leadHook)).expect(404)).body.error).toBe('not_found');
    const h = await makeHook({ name: 'Paused', target: 'lead', mapping: [{ field: 'company', path: 'c' }] });
    await admin().patch(`/api/v1/hooks/${h.id}`, { active: false }).expect(200);
    await deliver(h.public_key, { c: 'Paused Co' }, bearer(h)).expect(404);
    await admin().patch(`/api/v1/hooks/${h.id}`, { active: true }).expect(200);
    await deliver(h.public_key, { c: 'Resumed Co' }, bearer(h)).expect(201);
    // a's hook on b's host, and b's hook on a's host
    await deliver(leadHook.public_key, payload('Cross Ltd.'), bearer(leadHook), other.host).expect(404);
    const theirs = await makeHook({ name: 'Theirs', target: 'lead', mapping: [{ field: 'company', path: 'c' }] }, other);
    await deliver(theirs.public_key, { c: 'Cross Co' }, bearer(theirs)).expect(404);
    await deliver(theirs.public_key, { c: 'Their Co' }, bearer(theirs), other.host).expect(201);
    expect(await db(t).count(Lead, { where: { workspaceId: a.ws.id, company: 'Their Co' } })).toBe(0);
    expect(await db(t).count(Lead, { where: { company: 'Cross Co' } })).toBe(0);
  });

  it('refuses a body over the hook limit (413) and a body that is not JSON (415)', async () => {
    await deliver(leadHook.public_key, JSON.stringify({ c: 'x'.repeat(300 * 1024) }), bearer(leadHook)).expect(413);
    const r = await request(t.app.getHttpServer()).post(`/hooks/${leadHook.public_key}`).set('Host', a.host).set(bearer(leadHook)).set('Content-Type', 'text/plain').send('company=x');
    expect(r.status).toBe(415);
    await deliver(leadHook.public_key, '{"broken":', bearer(leadHook)).expect(400);
  });

  it('keeps a hash of a bearer secret and a sealed signing key, never the secrets', async () => {
    const b = await db(t).findOneByOrFail(InboundHook, { workspaceId: a.ws.id, id: leadHook.id });
    expect(b.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(b.secretSealed).toBeNull();
    const s = await db(t).findOneByOrFail(InboundHook, { workspaceId: a.ws.id, id: signedHook.id });
    expect(s.secretHash).toBeNull();
    expect(s.secretSealed).toMatch(/^v1\./);
    expect(JSON.stringify([b, s])).not.toContain(leadHook.secret);
    expect(JSON.stringify([b, s])).not.toContain(signedHook.secret.slice(6));
  });
});
