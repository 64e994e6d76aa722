import { DataSource } from 'typeorm';
import { Clock } from '../../../src/platform/common/clock';
import { QuickEntry1795390000000 } from '../../../src/platform/database/migrations/1795390000000-QuickEntry';
import { validateConstants } from '../../../src/domain/workspace/constants';
import { defaultConstants } from '../../../src/domain/workspace/defaults';
import { ProvisioningService } from '../../../src/domain/identity/provisioning.service';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let sales: { key: string; user: { id: number } };
let technical: { key: string };
let north: { key: string };
let noModule: { key: string };
let customerId: number;
let hiddenCustomerId: number;
let bCustomerId: number;
const ids: Record<string, number> = {};

/** Wednesday 2026-11-25, midday UTC: the same date in every time zone from UTC-11 to UTC+11. */
const NOW = new Date('2026-11-25T12:00:00Z');

beforeAll(async () => {
  t = await startApp();
  t.get(Clock).now = () => NOW;
  a = await createWorkspace(t, 'qe-a');
  b = await createWorkspace(t, 'qe-b');
  sales = await createUser(t, a, { department: 'Sales', fullName: 'Selin Satış' });
  technical = await createUser(t, a, { department: 'technical', fullName: 'Tuna Teknik' });
  north = await createUser(t, a, { department: 'North' });
  noModule = await createUser(t, a, { department: 'Sales', modules: ['Customers', 'Opportunities'] });
  const admin = api(t, a.host, a.adminKey);
  for (const [code, name] of [['SF-23', 'Streç Film 23 mic'], ['SF-17', 'Streç Film 17 mic'], ['KT-25', 'Kraft Torba 25 kg']]) {
    ids[code] = (await admin.post('/api/v1/products', { code, name }).expect(201)).body.product.id;
  }
  await api(t, b.host, b.adminKey).post('/api/v1/products', { code: 'BB-1', name: 'Bubble Wrap' }).expect(201);

  // a company of the sales user, with two contacts and an open opportunity
  const asSales = api(t, a.host, sales.key);
  customerId = (await asSales.post('/api/v1/companies', { name: 'Anadolu Gıda A.Ş.' }).expect(201)).body.company.id;
  ids.ahmet = (await asSales.post('/api/v1/people', { name: 'Ahmet Yılmaz', customer_id: customerId }).expect(201)).body.person.id;
  ids.elif = (await asSales.post('/api/v1/people', { name: 'Elif Kaya', customer_id: customerId }).expect(201)).body.person.id;
  ids.opp = (await asSales.post('/api/v1/opportunities', { name: 'Streç film 2027 yıllık anlaşma', customer_id: customerId }).expect(201)).body.opp.id;
  // a company the North user does not see
  hiddenCustomerId = customerId;
  bCustomerId = (await api(t, b.host, b.adminKey).post('/api/v1/companies', { name: 'Other Co' }).expect(201)).body.company.id;
});
afterAll(() => t.close());

describe('GET /api/v1/qe/config', () => {
  it('describes blocks, conditions, templates and the lists of the workspace', async () => {
    const res = await api(t, a.host, sales.key).get('/api/v1/qe/config').expect(200);
    const c = res.body;
    expect(c.ok).toBe(true);
    expect(c.blocks.map((x: { k: string }) => x.k)).toEqual(['contact', 'opp', 'product', 'price', 'quantity', 'payment', 'trial', 'next']);
    const next = c.blocks.find((x: { k: string }) => x.k === 'next');
    expect(next).toMatchObject({ label: 'Next step', obj: 'task', icon: expect.any(String) });
    expect(next.fields[0]).toEqual({ k: 'action', l: 'Action', t: 'select', o: ['Call', 'Visit', 'Send offer', 'Send samples', 'Follow-up e-mail', 'Trial', 'Meeting'], u: '', ph: '' });
    expect(c.blocks.find((x: { k: string }) => x.k === 'price').fields[1].o).toEqual(['EUR', 'USD', 'TRY']);
    expect(c.conds).toEqual(expect.arrayContaining([{ k: 'has_opp', label: expect.any(String) }]));
    expect(c.templates).toHaveLength(5);
    const visit = c.templates[0];
    expect(visit).toMatchObject({ id: 1, name: 'Customer visit', icon: 'handshake', topic: 'Relationship', team: '', vtype: 'F2F', is_default: true });
    expect(visit.blocks[0]).toEqual({ k: 'contact', label: 'Contact', cond: '', st: 'open', req: true, def: {}, fl: [] });
    expect(c).toMatchObject({
      default_template: 1,
      topics: expect.arrayContaining(['Trial follow-up']),
      next_actions: expect.arrayContaining(['Send offer']),
      open_stages: ['Qualify', 'Viable', 'Present Solution', 'Negotiation', 'Expect to Close'],
      stage_labels: expect.objectContaining({ Win: 'Win' }),
      visit_types: [
        { k: 'F2F', label: 'Face to face', icon: 'handshake' },
        { k: 'Online', label: 'Online', icon: 'video' },
        { k: 'Call', label: 'Call', icon: 'phone' },
        { k: 'Deneme', label: 'Trial', icon: 'flask' },
      ],
      currency: 'EUR',
      unit: 'kg',
      undo_seconds: 8,
    });
    expect(c.users).toEqual(expect.arrayContaining([{ id: sales.user.id, full_name: 'Selin Satış' }, { id: a.admin.id, full_name: expect.any(String) }]));
    expect(Object.keys(c.users[0]).sort()).toEqual(['full_name', 'id']);
  });

  it('chooses default_template by department, then conversation type, then the default', async () => {
    const dt = async (key: string, q = '') => (await api(t, a.host, key).get(`/api/v1/qe/config${q}`).expect(200)).body.default_template;
    expect(await dt(sales.key)).toBe(1);
    expect(await dt(sales.key, '?type=Call')).toBe(2);
    expect(await dt(sales.key, '?type=Online')).toBe(3);
    expect(await dt(sales.key, '?type=deneme')).toBe(4);
    expect(await dt(sales.key, '?type=F2F')).toBe(1);
    // the Technical department's template wins over the type (department names compare without case)
    expect(await dt(technical.key)).toBe(5);
    expect(await dt(technical.key, '?type=Call')).toBe(5);
    // another team's template is never chosen for a user outside it
    expect(await dt(north.key, '?type=Deneme')).toBe(4);
  });

  it('refuses an unknown type (400 naming it), needs the module (403) and a credential (401)', async () => {
    const bad = await api(t, a.host, sales.key).get('/api/v1/qe/config?type=Carrier%20pigeon').expect(400);
    expect(bad.body).toMatchObject({ ok: false, error: 'invalid', field: 'type' });
    expect((await api(t, a.host, noModule.key).get('/api/v1/qe/config').expect(403)).body.error).toBe('module');
    await api(t, a.host).get('/api/v1/qe/config').expect(401);
  });
});

describe('POST /api/v1/qe/suggest', () => {
  const note =
    "Ahmet Bey ile görüştük. Streç film 23 mic için 12,5 TL/kg fiyat verdik, 60 gün vade istiyorlar. Aylık 5 ton kullanıyorlar. Yıllık anlaşma için deneme olumlu. Haftaya salı tekrar arayacağım.";

  it("suggests catalogue products, price, payment, quantity, trial result, the next step and the company's contacts and opportunities", async () => {
    const res = await api(t, a.host, sales.key).post('/api/v1/qe/suggest', { note, customer_id: customerId }).expect(200);
    expect(res.body.ok).toBe(true);
    const items = res.body.items as { id: string; kind: string; label: string; block: string; fields: Record<string, string> }[];
    const pick = (block: string) => items.filter((i) => i.block === block);
    expect(pick('contact').map((i) => i.fields.person_id)).toEqual([String(ids.ahmet)]);
    expect(pick('opp')).toEqual([expect.objectContaining({ kind: 'block', fields: { opp_id: String(ids.opp), name: 'Streç film 2027 yıllık anlaşma', stage: 'Qualify' } })]);
    expect(pick('product').map((i) => i.fields.code)).toEqual(['SF-23']);
    expect(pick('product')[0]!.fields.product_id).toBe(String(ids['SF-23']));
    expect(pick('price').map((i) => i.fields)).toEqual([{ price: '12.5', currency: 'TRY', unit: 'kg' }]);
    expect(pick('payment').map((i) => i.fields)).toEqual([{ payment_days: '60' }]);
    expect(pick('quantity').map((i) => i.fields)).toEqual([{ kg: '5000', unit: 'kg' }]);
    expect(pick('trial').map((i) => i.fields)).toEqual([{ outcome: 'positive', result: 'Successful' }]);
    expect(items.find((i) => i.kind === 'Call')).toMatchObject({ block: 'next', fields: { action: 'Call', date: '2026-12-01' } });
    for (const i of items) {
      expect(typeof i.id).toBe('string');
      expect(typeof i.label).toBe('string');
      for (const v of Object.values(i.fields)) expect(typeof v).toBe('string');
    }
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('matches no contacts or opportunities without a customer, and accepts an empty note', async () => {
    const res = await api(t, a.host, sales.key).post('/api/v1/qe/suggest', { note }).expect(200);
    expect(res.body.items.filter((i: { block: string }) => i.block === 'contact' || i.block === 'opp')).toEqual([]);
    expect(res.body.items.some((i: { block: string }) => i.block === 'product')).toBe(true);
    expect((await api(t, a.host, sales.key).post('/api/v1/qe/suggest', { note: '' }).expect(200)).body).toEqual({ ok: true, items: [] });
  });

  it("resolves relative dates against the workspace's today in its time zone", async () => {
    // 12:00 UTC on 2026-11-25 is already 01:00 on the 26th in Auckland
    const r = await t.get(ProvisioningService).provision({ slug: 'qe-nz', name: 'NZ Ltd.', adminEmail: 'admin@qe-nz.test', adminPassword: 'Admin-Password-123', timezone: 'Pacific/Auckland' });
    const nz = await api(t, 'qe-nz.localhost', r.apiKey).post('/api/v1/qe/suggest', { note: 'Call them tomorrow.' }).expect(200);
    expect(nz.body.items).toEqual([expect.objectContaining({ kind: 'Call', fields: { action: 'Call', date: '2026-11-27' } })]);
    const here = await api(t, a.host, sales.key).post('/api/v1/qe/suggest', { note: 'Call them tomorrow.' }).expect(200);
    expect(here.body.items).toEqual([expect.objectContaining({ kind: 'Call', fields: { action: 'Call', date: '2026-11-26' } })]);
  });

  it('works with a read-only token (scope crm.read)', async () => {
    const readOnly = await issueKey(t, a, 'oauth', a.admin.id, ['crm.read']);
    expect((await api(t, a.host, readOnly).post('/api/v1/qe/suggest', { note: 'yarın numune gönder' }).expect(200)).body.items).toEqual([
      expect.objectContaining({ kind: 'Send samples', fields: { action: 'Send samples', date: '2026-11-26' } }),
    ]);
  });

  it('refuses a note over 4,000 characters, a missing note and a bad customer_id (400 naming the field)', async () => {
    const s = api(t, a.host, sales.key);
    await s.post('/api/v1/qe/suggest', { note: 'x'.repeat(4000) }).expect(200);
    expect((await s.post('/api/v1/qe/suggest', { note: 'x'.repeat(4001) }).expect(400)).body).toMatchObject({ ok: false, error: 'invalid', field: 'note' });
    expect((await s.post('/api/v1/qe/suggest', {}).expect(400)).body.field).toBe('note');
    expect((await s.post('/api/v1/qe/suggest', { note: 42 }).expect(400)).body.field).toBe('note');
    expect((await s.post('/api/v1/qe/suggest', { note: 'a', customer_id: 'x' }).expect(400)).body.field).toBe('customer_id');
    expect((await s.post('/api/v1/qe/suggest', { note: 'a', customer_id: 0 }).expect(400)).body.field).toBe('customer_id');
    expect((await s.post('/api/v1/qe/suggest', { note: 'a', other: 1 }).expect(400)).body.error).toBe('invalid');
  });

  it("answers 404 for a company the caller does not see, an unknown one and another workspace's", async () => {
    expect((await api(t, a.host, north.key).post('/api/v1/qe/suggest', { note: 'Ahmet Bey', customer_id: hiddenCustomerId }).expect(404)).body.error).toBe('not_found');
    await api(t, a.host, sales.key).post('/api/v1/qe/suggest', { note: 'a', customer_id: 2_000_000_000 }).expect(404);
    await api(t, a.host, a.adminKey).post('/api/v1/qe/suggest', { note: 'a', customer_id: bCustomerId }).expect(404);
    // the admin sees every company of the workspace
    await api(t, a.host, a.adminKey).post('/api/v1/qe/suggest', { note: 'Ahmet Bey', customer_id: customerId }).expect(200);
  });

  it("keeps workspaces apart: another workspace's catalogue is never suggested", async () => {
    const mine = await api(t, a.host, sales.key).post('/api/v1/qe/suggest', { note: 'They want bubble wrap and kraft torba.' }).expect(200);
    expect(mine.body.items.filter((i: { block: string }) => i.block === 'product').map((i: { fields: { code: string } }) => i.fields.code)).toEqual(['KT-25']);
    const theirs = await api(t, b.host, b.adminKey).post('/api/v1/qe/suggest', { note: 'They want bubble wrap and kraft torba.' }).expect(200);
    expect(theirs.body.items.filter((i: { block: string }) => i.block === 'product').map((i: { fields: { code: string } }) => i.fields.code)).toEqual(['BB-1']);
  });

  it('needs the Visits / Activities module (403 module) and a credential (401)', async () => {
    expect((await api(t, a.host, noModule.key).post('/api/v1/qe/suggest', { note: 'a' }).expect(403)).body.error).toBe('module');
    await api(t, a.host).post('/api/v1/qe/suggest', { note: 'a' }).expect(401);
    await api(t, a.host, 'xk_invalid').post('/api/v1/qe/suggest', { note: 'a' }).expect(401);
  });
});

describe('migration 1795390000000', () => {
  it('gives a workspace created before it the Quick Entry constants, keeping keys it already has', async () => {
    const f = await createWorkspace(t, 'qe-old');
    const qr = t.get(DataSource).createQueryRunner();
    try {
      await qr.query(`UPDATE workspaces SET constants = constants - $2::text[] || '{"qe_undo_seconds": 30}'::jsonb WHERE id = $1`, [f.ws.id, ['qe_templates', 'qe_next_action_roles', 'qe_trial_results', 'qe_visit_type_icons']]);
      await new QuickEntry1795390000000().up(qr);
      const [row] = await qr.query(`SELECT constants FROM workspaces WHERE id = $1`, [f.ws.id]);
      expect(validateConstants(row.constants)).toEqual([]);
      expect(row.constants).toEqual({ ...defaultConstants(), qe_undo_seconds: 30 });
    } finally {
      await qr.release();
    }
  });
});
