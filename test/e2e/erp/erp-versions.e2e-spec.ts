import { randomBytes } from 'node:crypto';
import { ErpQueueEntry } from '../../../src/domain/crm/orders/erp-queue-entry.entity';
import { api, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/** ERP queue: supersession (versions). */
let t: TestApp;
let a: Fixture;
let erpA: string;

const asErp = () => api(t, a.host, erpA);
const asAdmin = () => api(t, a.host, a.adminKey);
type Listed = { id: number; version: number; lease_token: string; order: { customer: { code: string; address: string }; po: string } };
const claimed = async (entry: number) => ((await asErp().get('/api/erp/v1/orders?claim=1').expect(200)).body.orders as Listed[]).find((o) => o.id === entry);

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_ERP_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' } });
  a = await createWorkspace(t, 'erp-versions');
  erpA = await issueKey(t, a, 'erp');
});
afterAll(() => t.close());

async function queuedOrder(): Promise<{ orderId: number; entry: number; companyId: number }> {
  const c = await asAdmin().post('/api/v1/companies', { name: `Co ${randomBytes(3).toString('hex')}`, erp_code: '120.001', address: 'Old St 1' }).expect(201);
  const o = await asAdmin().post('/api/v1/orders', { customer_id: c.body.company.id, kg: 10, price: 2 }).expect(201);
  await asAdmin().post(`/api/v1/orders/${o.body.order.id}/erp`).expect(200);
  const entry = await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: a.ws.id, orderId: o.body.order.id });
  return { orderId: o.body.order.id as number, entry: entry.id, companyId: c.body.company.id as number };
}

describe('ERP supersession', () => {
  it('an order whose customer changed after its claim: the report is 409 superseded and the order is delivered again as version 2', async () => {
    const { orderId, entry, companyId } = await queuedOrder();
    const v1 = (await claimed(entry))!;
    expect(v1).toMatchObject({ version: 1, order: { customer: { code: '120.001', address: 'Old St 1' } } });
    // the order's customer changes while the ERP works on version 1
    await asAdmin().patch(`/api/v1/companies/${companyId}`, { erp_code: '120.002', address: 'New St 2' }).expect(200);
    const stale = await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-V1', lease_token: v1.lease_token, version: 1 }).expect(409);
    expect(stale.body).toEqual({ ok: false, error: 'superseded', message: expect.any(String), version: 2 });
    // nothing of version 1 was written; version 2 is listed again at once (no lease)
    expect((await asAdmin().get(`/api/v1/orders/${orderId}`).expect(200)).body.order.erp).toMatchObject({ status: 'queued', ext_no: '' });
    const v2 = (await claimed(entry))!;
    expect(v2).toMatchObject({ version: 2, order: { customer: { code: '120.002', address: 'New St 2' } } });
    expect(v2.lease_token).not.toBe(v1.lease_token);
    // the stale poller again, without its token but with its version: still 409
    expect((await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-V1', version: 1 }).expect(409)).body.error).toBe('superseded');
    const ok = await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-V2', lease_token: v2.lease_token, version: 2 }).expect(200);
    expect(ok.body.order.erp).toMatchObject({ status: 'written', ext_no: 'SO-V2' });
    // a replay for the version written answers the number it has
    expect((await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-V2', lease_token: v2.lease_token, version: 2 }).expect(200)).body).toEqual(ok.body);
    const other = await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-V1', version: 1 }).expect(409);
    expect(other.body).toMatchObject({ error: 'conflict', ext_no: 'SO-V2' });
    expect(await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: a.ws.id, id: entry })).toMatchObject({ state: 'written', version: 2, extNo: 'SO-V2' });
  });

  it('a change of a company field the ERP order does not carry makes no new version', async () => {
    const { entry, companyId } = await queuedOrder();
    const v1 = (await claimed(entry))!;
    // a field the ERP order does not carry: no new version
    await asAdmin().patch(`/api/v1/companies/${companyId}`, { website: 'https://example.com' }).expect(200);
    await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'busy', lease_token: v1.lease_token, version: 1 }).expect(200);
    expect((await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: a.ws.id, id: entry })).version).toBe(1);
  });

  it('a failure report on changed data is refused too, and the new version comes back at once', async () => {
    const { entry, companyId } = await queuedOrder();
    const v1 = (await claimed(entry))!;
    await asAdmin().patch(`/api/v1/companies/${companyId}`, { erp_code: '120.003' }).expect(200);
    await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'unknown customer', retry: false, lease_token: v1.lease_token }).expect(409);
    expect(await claimed(entry)).toMatchObject({ version: 2, order: { customer: { code: '120.003' } } });
  });

  it('validates version', async () => {
    const { entry } = await queuedOrder();
    for (const version of [0, 1.5, 'x']) {
      expect((await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'X', version }).expect(400)).body).toMatchObject({ error: 'invalid', field: 'version' });
    }
  });
});
