import { randomBytes } from 'node:crypto';
import { Clock } from '../../../src/platform/common/clock';
import { ErpQueueEntry } from '../../../src/domain/crm/orders/erp-queue-entry.entity';
import { api, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/** ERP queue: lease tokens (fencing) and lease extension. */
let t: TestApp;
let a: Fixture;
let erpA: string;
let clockNow: Date | null = null;
const T0 = Date.parse('2026-06-01T08:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const asErp = () => api(t, a.host, erpA);
const asAdmin = () => api(t, a.host, a.adminKey);

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_ERP_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' } });
  const clock = t.get(Clock);
  const real = clock.now.bind(clock);
  clock.now = () => clockNow ?? real();
  a = await createWorkspace(t, 'erp-lease');
  erpA = await issueKey(t, a, 'erp');
});
afterAll(() => t.close());
afterEach(() => {
  clockNow = null;
});

async function queuedOrder(): Promise<{ orderId: number; entry: number }> {
  const c = await asAdmin().post('/api/v1/companies', { name: `Co ${randomBytes(3).toString('hex')}` }).expect(201);
  const o = await asAdmin().post('/api/v1/orders', { customer_id: c.body.company.id, kg: 10, price: 2 }).expect(201);
  await asAdmin().post(`/api/v1/orders/${o.body.order.id}/erp`).expect(200);
  const entry = await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: a.ws.id, orderId: o.body.order.id });
  return { orderId: o.body.order.id as number, entry: entry.id };
}

type Listed = { id: number; lease_token: string | null; lease_until: string | null };
async function claim(now: Date): Promise<Listed[]> {
  clockNow = now;
  return (await asErp().get('/api/erp/v1/orders?claim=1').expect(200)).body.orders as Listed[];
}
const find = (rows: Listed[], id: number) => rows.find((r) => r.id === id);

describe('ERP lease tokens and extension', () => {
  it('a claim carries a lease token (new per claim); a plain list shows none', async () => {
    const { entry } = await queuedOrder();
    clockNow = at(0);
    expect(find((await asErp().get('/api/erp/v1/orders').expect(200)).body.orders, entry)).toMatchObject({ lease_token: null, lease_until: null });
    const first = find(await claim(at(0)), entry)!;
    expect(first.lease_token).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.lease_until).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const second = find(await claim(at(31)), entry)!;
    expect(second.lease_token).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.lease_token).not.toBe(first.lease_token);
    // the expired, not yet reclaimed lease's token is not shown to a plain list
    clockNow = at(62);
    expect(find((await asErp().get('/api/erp/v1/orders').expect(200)).body.orders, entry)).toMatchObject({ lease_token: null });
  });

  it('extending keeps the entry out of other claims; the poller whose lease expired and was taken over gets 409 lease_lost', async () => {
    const { orderId, entry } = await queuedOrder();
    const mine = find(await claim(at(0)), entry)!;
    clockNow = at(25);
    const ext = await asErp().post(`/api/erp/v1/orders/${entry}/lease`, { lease_token: mine.lease_token }).expect(200);
    expect(ext.body).toEqual({ ok: true, id: entry, lease_token: mine.lease_token, lease_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/) });
    expect(ext.body.lease_until > mine.lease_until!).toBe(true);
    // past the first lease's end, but within the extension: nobody else gets it
    expect(find(await claim(at(40)), entry)).toBeUndefined();
    // the extension ran out too: another poller takes it over
    const theirs = find(await claim(at(56)), entry)!;
    expect(theirs.lease_token).not.toBe(mine.lease_token);
    clockNow = at(57);
    const lost = await asErp().post(`/api/erp/v1/orders/${entry}/lease`, { lease_token: mine.lease_token }).expect(409);
    expect(lost.body).toEqual({ ok: false, error: 'lease_lost', message: expect.any(String) });
    const late = await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-OLD', lease_token: mine.lease_token }).expect(409);
    expect(late.body).toMatchObject({ ok: false, error: 'lease_lost' });
    await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'late', lease_token: mine.lease_token }).expect(409);
    // nothing of the stale poller was taken
    expect(await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: a.ws.id, id: entry })).toMatchObject({ state: 'waiting', extNo: '', lastError: '' });
    // the current holder reports; its replay with the same token answers the same
    const ok = await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-NEW', lease_token: theirs.lease_token }).expect(200);
    expect(ok.body.order).toMatchObject({ id: orderId, erp: { status: 'written', ext_no: 'SO-NEW' } });
    expect((await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-NEW', lease_token: theirs.lease_token }).expect(200)).body).toEqual(ok.body);
    // the stale token stays refused; a written entry has no lease to extend
    await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-NEW', lease_token: mine.lease_token }).expect(409);
    expect((await asErp().post(`/api/erp/v1/orders/${entry}/lease`, { lease_token: theirs.lease_token }).expect(409)).body.error).toBe('conflict');
  });

  it('a report without a token is still accepted (pollers written before fencing; spec 4.6 shows no token)', async () => {
    const { entry } = await queuedOrder();
    await claim(at(0));
    clockNow = at(1);
    await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-PLAIN' }).expect(200);
  });

  it('an expired lease nobody took over can still be extended and reported', async () => {
    const { entry } = await queuedOrder();
    const mine = find(await claim(at(0)), entry)!;
    clockNow = at(45);
    await asErp().post(`/api/erp/v1/orders/${entry}/lease`, { lease_token: mine.lease_token }).expect(200);
    expect(find(await claim(at(50)), entry)).toBeUndefined();
    clockNow = at(51);
    await asErp().post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-SLOW', lease_token: mine.lease_token }).expect(200);
  });

  it('validates the lease body; 404 for an unknown entry; a wrong token is 409', async () => {
    const { entry } = await queuedOrder();
    await claim(at(0));
    clockNow = at(1);
    for (const body of [{}, { lease_token: '' }, { lease_token: 5 }, { lease_token: 'x'.repeat(37) }]) {
      expect((await asErp().post(`/api/erp/v1/orders/${entry}/lease`, body).expect(400)).body).toMatchObject({ ok: false, error: 'invalid', field: 'lease_token' });
    }
    await asErp().post('/api/erp/v1/orders/999999/lease', { lease_token: 'x' }).expect(404);
    await asErp().post(`/api/erp/v1/orders/${entry}/lease`, { lease_token: 'not-the-token' }).expect(409);
    // the route is for ERP keys only
    await asAdmin().post(`/api/erp/v1/orders/${entry}/lease`, { lease_token: 'x' }).expect(401);
  });
});
