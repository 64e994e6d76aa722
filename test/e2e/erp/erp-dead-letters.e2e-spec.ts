import { randomBytes } from 'node:crypto';
import { ErpQueueEntry } from '../../../src/domain/crm/orders/erp-queue-entry.entity';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/** ERP queue: reject vs failure, dead letters over REST, requeue. */
let t: TestApp;
let a: Fixture;
let erpA: string;

const asErp = () => api(t, a.host, erpA);
const asAdmin = () => api(t, a.host, a.adminKey);
const listedIds = async () => (await asErp().get('/api/erp/v1/orders').expect(200)).body.orders.map((o: { id: number }) => o.id) as number[];

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_ERP_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' } });
  a = await createWorkspace(t, 'erp-dead');
  erpA = await issueKey(t, a, 'erp');
});
afterAll(() => t.close());

async function queuedOrder(f: Fixture = a): Promise<{ orderId: number; entry: number; companyId: number }> {
  const admin = api(t, f.host, f.adminKey);
  const c = await admin.post('/api/v1/companies', { name: `Co ${randomBytes(3).toString('hex')}` }).expect(201);
  const o = await admin.post('/api/v1/orders', { customer_id: c.body.company.id, kg: 10, price: 2 }).expect(201);
  await admin.post(`/api/v1/orders/${o.body.order.id}/erp`).expect(200);
  const entry = await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: f.ws.id, orderId: o.body.order.id });
  return { orderId: o.body.order.id as number, entry: entry.id, companyId: c.body.company.id as number };
}

describe('ERP reject vs failure, dead letters', () => {
  it('a reject (retry:false) lands in dead letters at once; an admin fixes the data and requeue brings it back with the fixed ERP order', async () => {
    const { orderId, entry, companyId } = await queuedOrder();
    await asErp().get('/api/erp/v1/orders?claim=1').expect(200);
    const res = await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'unknown customer', retry: false }).expect(200);
    expect(res.body.order.erp).toMatchObject({ status: 'failed', error: 'unknown customer' });
    expect(await listedIds()).not.toContain(entry);
    // an identical repeat changes nothing
    expect((await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'unknown customer', retry: false }).expect(200)).body).toEqual(res.body);

    const dead = await asAdmin().get('/api/v1/settings/erp/dead-letters').expect(200);
    const letter = dead.body.dead_letters.find((d: { id: number }) => d.id === entry);
    expect(letter).toEqual({ id: entry, order_id: orderId, ref: `ORD-${orderId}`, reason: 'rejected', error: 'unknown customer', attempts: 1, dead_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/) });
    expect(dead.body.total).toBeGreaterThanOrEqual(1);

    // fix the data: the customer gets its ERP code; requeue rebuilds the ERP order from it
    await asAdmin().patch(`/api/v1/companies/${companyId}`, { erp_code: '120.777' }).expect(200);
    expect((await asAdmin().post(`/api/v1/settings/erp/dead-letters/${entry}/requeue`).expect(200)).body).toEqual({ ok: true, requeued: 1 });
    expect((await asAdmin().get(`/api/v1/orders/${orderId}`).expect(200)).body.order.erp).toMatchObject({ status: 'queued', error: '' });
    const back = (await asErp().get('/api/erp/v1/orders?claim=1').expect(200)).body.orders.find((o: { id: number }) => o.id === entry);
    expect(back).toMatchObject({ attempts: 1, order: { order_id: orderId, customer: { code: '120.777' } } });
    expect((await asAdmin().get('/api/v1/settings/erp/dead-letters').expect(200)).body.dead_letters.map((d: { id: number }) => d.id)).not.toContain(entry);
    // not a dead letter any more: 409; unknown: 404
    expect((await asAdmin().post(`/api/v1/settings/erp/dead-letters/${entry}/requeue`).expect(409)).body.error).toBe('conflict');
    await asAdmin().post('/api/v1/settings/erp/dead-letters/999999/requeue').expect(404);
    await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-FIXED', lease_token: back.lease_token }).expect(200);
  });

  it('retry:true (or omitted) is a failure: the entry waits again (after a backoff), not a dead letter; the 5th failed claim parks it as attempts', async () => {
    const { entry } = await queuedOrder();
    await asErp().get('/api/erp/v1/orders?claim=1').expect(200);
    await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'ERP busy', retry: true }).expect(200);
    const row = await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: a.ws.id, id: entry });
    expect(row).toMatchObject({ state: 'waiting', lastError: 'ERP busy', leaseToken: null, deadReason: '' });
    expect(row.claimedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect((await asAdmin().get('/api/v1/settings/erp/dead-letters').expect(200)).body.dead_letters.map((d: { id: number }) => d.id)).not.toContain(entry);
    // the 5th claim's failure parks it, reason attempts
    await db(t).update(ErpQueueEntry, { workspaceId: a.ws.id, id: entry }, { attempts: 5 });
    await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'ERP busy again' }).expect(200);
    const letter = (await asAdmin().get('/api/v1/settings/erp/dead-letters').expect(200)).body.dead_letters.find((d: { id: number }) => d.id === entry);
    expect(letter).toMatchObject({ reason: 'attempts', error: 'ERP busy again', attempts: 5 });
  });

  it('requeue all brings every dead letter back and answers how many', async () => {
    const f = await createWorkspace(t);
    const key = await issueKey(t, f, 'erp');
    const entries = [(await queuedOrder(f)).entry, (await queuedOrder(f)).entry];
    await api(t, f.host, key).get('/api/erp/v1/orders?claim=1').expect(200);
    for (const e of entries) await api(t, f.host, key).post(`/api/erp/v1/orders/${e}`, { ok: false, error: 'closed period', retry: false }).expect(200);
    expect((await api(t, f.host, f.adminKey).get('/api/v1/settings/erp/dead-letters').expect(200)).body.total).toBe(2);
    expect((await api(t, f.host, f.adminKey).post('/api/v1/settings/erp/dead-letters/requeue').expect(200)).body).toEqual({ ok: true, requeued: 2 });
    const listed = (await api(t, f.host, key).get('/api/erp/v1/orders').expect(200)).body.orders.map((o: { id: number }) => o.id);
    expect(listed.sort()).toEqual([...entries].sort());
    expect((await api(t, f.host, f.adminKey).post('/api/v1/settings/erp/dead-letters/requeue').expect(200)).body).toEqual({ ok: true, requeued: 0 });
    expect((await api(t, f.host, f.adminKey).get('/api/v1/settings/erp/dead-letters').expect(200)).body).toEqual({ ok: true, dead_letters: [], total: 0 });
  });

  it('is for admins only (403 forbidden); the ERP key is 401; another workspace sees nothing', async () => {
    const sales = await createUser(t, a);
    await api(t, a.host, sales.key).get('/api/v1/settings/erp/dead-letters').expect(403);
    await api(t, a.host, sales.key).post('/api/v1/settings/erp/dead-letters/requeue').expect(403);
    await asErp().get('/api/v1/settings/erp/dead-letters').expect(401);
    const { entry } = await queuedOrder();
    await asErp().get('/api/erp/v1/orders?claim=1').expect(200);
    await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'no', retry: false }).expect(200);
    const b = await createWorkspace(t);
    await api(t, b.host, b.adminKey).post(`/api/v1/settings/erp/dead-letters/${entry}/requeue`).expect(404);
    expect((await api(t, b.host, b.adminKey).post('/api/v1/settings/erp/dead-letters/requeue').expect(200)).body.requeued).toBe(0);
    expect((await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: a.ws.id, id: entry })).state).toBe('failed');
  });
});
