import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Clock } from '../../../src/platform/common/clock';
import { ErpQueueEntry } from '../../../src/domain/crm/orders/erp-queue-entry.entity';
import type { ErpOrder } from '../../../src/domain/crm/orders/erp-order';
import { CredentialsService } from '../../../src/domain/identity/credentials.service';
import { rid } from '../../../src/domain/crm/shared/record-keys';
import type { JsonMap } from '../../../src/platform/database/tenant-entity';
import { insertProduct } from '../../helpers/crm-fixtures';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

const EMBEDDED = !process.env.DATABASE_URL;

let t: TestApp;
let a: Fixture;
let b: Fixture;
let erpA: string;
let erpB: string;
let clockNow: Date | null = null;

const asErp = (f: Fixture, key: string) => api(t, f.host, key);
const asAdmin = (f: Fixture) => api(t, f.host, f.adminKey);

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_ERP_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' } });
  const clock = t.get(Clock);
  const real = clock.now.bind(clock);
  clock.now = () => clockNow ?? real();
  a = await createWorkspace(t, 'erp-a');
  b = await createWorkspace(t, 'erp-b');
  erpA = await issueKey(t, a, 'erp');
  erpB = await issueKey(t, b, 'erp');
});
afterAll(() => t.close());
afterEach(() => {
  clockNow = null;
});

/** A company and an order queued for the ERP through the REST API; returns the order id. */
async function queuedOrder(f: Fixture, order: object = {}, company: object = {}): Promise<number> {
  const c = await asAdmin(f).post('/api/v1/companies', { name: `Co ${randomBytes(3).toString('hex')}`, ...company }).expect(201);
  const o = await asAdmin(f).post('/api/v1/orders', { customer_id: c.body.company.id, kg: 10, price: 2, ...order }).expect(201);
  await asAdmin(f).post(`/api/v1/orders/${o.body.order.id}/erp`).expect(200);
  return o.body.order.id as number;
}

/** The queue entry id of an order. */
async function entryOf(f: Fixture, orderId: number): Promise<number> {
  return (await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: f.ws.id, orderId })).id;
}

/** A complete ERP order snapshot (spec 2.9) of an order that does not exist: the list answers it as stored. */
function fakeErpOrder(orderId: number): ErpOrder {
  return {
    ref: `ORD-${orderId}`, po: '', date: '2026-03-02', due: null, kind: 'sale', currency: 'EUR', note: null, order_id: orderId, payment_days: 30,
    owner: { email: '', name: '' },
    customer: { id: 1, rid: 'C-1', name: 'Fake Co', code: '', ext_id: '', tax_no: '', tax_office: '', address: '', city: '', phone: '', email: '' },
    lines: [{ code: '', ext_id: '', name: 'sale', unit: 'kg', qty: 1, price: 1 }],
  };
}

/** `n` waiting queue entries inserted directly (fake orders), in a fresh workspace. */
async function fillQueue(n: number): Promise<{ f: Fixture; key: string }> {
  const f = await createWorkspace(t);
  const key = await issueKey(t, f, 'erp');
  const rows = Array.from({ length: n }, (_, i) => ({ workspaceId: f.ws.id, orderId: i + 1, payload: fakeErpOrder(i + 1) as unknown as JsonMap }));
  for (let i = 0; i < rows.length; i += 200) await db(t).insert(ErpQueueEntry, rows.slice(i, i + 200));
  return { f, key };
}

describe('GET /api/erp/v1/orders', () => {
  it('returns the ERP order of spec 2.9 field by field', async () => {
    const company = { name: 'Nordic Film A.Ş.', erp_code: '120.001', tax_no: '1234567890', tax_office: 'Kadıköy', address: 'Moda Cd. 1', city: 'İstanbul', phone: '+90 216 000 00 00', email: 'buy@nordic.test' };
    const c = await asAdmin(a).post('/api/v1/companies', company).expect(201);
    const product = await insertProduct(t, a, { code: 'LD-1', name: 'LDPE film', unit: 'kg', extId: 'ERP-LD-1' });
    const o = await asAdmin(a)
      .post('/api/v1/orders', { customer_id: c.body.company.id, product_id: product.id, kg: 500, price: 1.45, currency: 'EUR', unit: 'kg', date: '2026-03-02', due_date: '2026-04-01', payment_days: 30, note: 'first delivery' })
      .expect(201);
    const orderId = o.body.order.id as number;
    await asAdmin(a).post(`/api/v1/orders/${orderId}/po`, { customer_po: '  PO   4500 ' }).expect(200);
    await asAdmin(a).post(`/api/v1/orders/${orderId}/erp`).expect(200);
    const res = await asErp(a, erpA).get('/api/erp/v1/orders').expect(200);
    expect(res.body.ok).toBe(true);
    const item = res.body.orders.find((e: { order: { order_id: number } }) => e.order.order_id === orderId);
    expect(Object.keys(item).sort()).toEqual(['attempts', 'created_at', 'id', 'lease_token', 'lease_until', 'order', 'version']);
    expect(item).toMatchObject({ version: 1, lease_token: null, lease_until: null });
    expect(item.id).toBe(await entryOf(a, orderId));
    expect(item.attempts).toBe(0);
    expect(item.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(item.order).toEqual({
      ref: `ORD-${orderId}`,
      po: 'PO 4500',
      date: '2026-03-02',
      due: '2026-04-01',
      kind: o.body.order.kind,
      currency: 'EUR',
      note: 'first delivery',
      order_id: orderId,
      payment_days: 30,
      owner: { email: a.admin.email, name: a.admin.fullName },
      customer: {
        id: c.body.company.id,
        rid: rid('C', c.body.company.id),
        name: 'Nordic Film A.Ş.',
        code: '120.001',
        ext_id: '',
        tax_no: '1234567890',
        tax_office: 'Kadıköy',
        address: 'Moda Cd. 1',
        city: 'İstanbul',
        phone: '+90 216 000 00 00',
        email: 'buy@nordic.test',
      },
      lines: [{ code: 'LD-1', ext_id: 'ERP-LD-1', name: 'LDPE film', unit: 'kg', qty: 500, price: 1.45 }],
    });
  });

  it('accepts both header forms', async () => {
    await request(t.app.getHttpServer()).get('/api/erp/v1/orders').set('Host', a.host).set('Authorization', `Bearer ${erpA}`).expect(200);
    const res = await request(t.app.getHttpServer()).get('/api/erp/v1/orders').set('Host', a.host).set('X-Service-Erp-Key', erpA).expect(200);
    expect(res.body.ok).toBe(true);
  });

  it('answers 401 unauthorized without, with a wrong, or with a non-ERP credential; ERP keys open nothing on REST', async () => {
    const server = t.app.getHttpServer();
    for (const r of [
      request(server).get('/api/erp/v1/orders').set('Host', a.host),
      request(server).get('/api/erp/v1/orders').set('Host', a.host).set('X-Service-Erp-Key', `erp_${'x'.repeat(43)}`),
      request(server).get('/api/erp/v1/orders').set('Host', a.host).set('Authorization', `Bearer erp_${'y'.repeat(43)}`),
      request(server).get('/api/erp/v1/orders').set('Host', a.host).set('Authorization', `Bearer ${a.adminKey}`),
      request(server).get('/api/erp/v1/orders').set('Host', a.host).set('Authorization', `Bearer ${await issueKey(t, a, 'scim')}`),
      request(server).get('/api/erp/v1/orders').set('Host', b.host).set('Authorization', `Bearer ${erpA}`),
      request(server).post('/api/erp/v1/orders/1').set('Host', a.host).set('Authorization', `Bearer ${a.adminKey}`).send({ ok: true, ext_no: 'X' }),
      request(server).get('/api/v1/orders').set('Host', a.host).set('Authorization', `Bearer ${erpA}`),
      request(server).get('/api/v1/orders').set('Host', a.host).set('X-Service-Erp-Key', erpA),
      request(server).get('/api/scim/v2/Users').set('Host', a.host).set('Authorization', `Bearer ${erpA}`),
    ]) {
      const res = await r;
      expect(res.status).toBe(401);
      expect(res.body.ok === false || res.body.schemas !== undefined).toBe(true);
      if (res.body.ok === false) expect(res.body.error).toBe('unauthorized');
    }
  });

  it('answers 401 for a revoked ERP key, on both header forms', async () => {
    const { token, credential } = await t.get(CredentialsService).issue({ workspaceId: a.ws.id, kind: 'erp' });
    await asErp(a, token).get('/api/erp/v1/orders').expect(200);
    await t.get(CredentialsService).revoke(a.ws.id, credential.id);
    expect((await asErp(a, token).get('/api/erp/v1/orders').expect(401)).body.error).toBe('unauthorized');
    await request(t.app.getHttpServer()).get('/api/erp/v1/orders').set('Host', a.host).set('X-Service-Erp-Key', token).expect(401);
  });

  it('lists at most 100 oldest first: 120 queued → 100 then 20 with claim=1', async () => {
    const { f, key } = await fillQueue(120);
    const peek = await asErp(f, key).get('/api/erp/v1/orders').expect(200);
    expect(peek.body.orders).toHaveLength(100);
    const ids = peek.body.orders.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(peek.body.orders[0].order).toEqual(fakeErpOrder(1));
    // a plain list claims nothing
    expect((await asErp(f, key).get('/api/erp/v1/orders').expect(200)).body.orders[0].id).toBe(ids[0]);
    const first = await asErp(f, key).get('/api/erp/v1/orders?claim=1').expect(200);
    expect(first.body.orders.map((o: { id: number }) => o.id)).toEqual(ids);
    expect(first.body.orders.every((o: { attempts: number }) => o.attempts === 1)).toBe(true);
    const second = await asErp(f, key).get('/api/erp/v1/orders?claim=1').expect(200);
    expect(second.body.orders).toHaveLength(20);
    expect(second.body.orders[0].id).toBeGreaterThan(ids[99]);
    expect((await asErp(f, key).get('/api/erp/v1/orders?claim=1').expect(200)).body.orders).toEqual([]);
  });

  it('claim hides an entry for 30 minutes; it reappears after, with attempts counting claims', async () => {
    const { f, key } = await fillQueue(3);
    const t0 = new Date('2026-05-01T10:00:00Z');
    clockNow = t0;
    const claimed = await asErp(f, key).get('/api/erp/v1/orders?claim=1').expect(200);
    expect(claimed.body.orders).toHaveLength(3);
    clockNow = new Date(t0.getTime() + 29 * 60_000 + 59_000);
    expect((await asErp(f, key).get('/api/erp/v1/orders').expect(200)).body.orders).toEqual([]);
    expect((await asErp(f, key).get('/api/erp/v1/orders?claim=1').expect(200)).body.orders).toEqual([]);
    clockNow = new Date(t0.getTime() + 30 * 60_000);
    const again = await asErp(f, key).get('/api/erp/v1/orders?claim=1').expect(200);
    expect(again.body.orders.map((o: { id: number }) => o.id)).toEqual(claimed.body.orders.map((o: { id: number }) => o.id));
    expect(again.body.orders.map((o: { attempts: number }) => o.attempts)).toEqual([2, 2, 2]);
  });

  it('answers 400 naming claim for values other than 1', async () => {
    for (const v of ['0', '2', 'true', 'abc', '']) {
      const res = await asErp(a, erpA).get(`/api/erp/v1/orders?claim=${v}`).expect(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid' });
      expect(JSON.stringify(res.body)).toContain('claim');
    }
    await asErp(a, erpA).get('/api/erp/v1/orders?claim=1&claim=1').expect(400);
  });

  (EMBEDDED ? it.skip : it)('8 concurrent claimers over 500 entries never receive one entry twice (PostgreSQL)', async () => {
    const { f, key } = await fillQueue(500);
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (;;) {
          const res = await asErp(f, key).get('/api/erp/v1/orders?claim=1').expect(200);
          if (res.body.orders.length === 0) return;
          seen.push(...res.body.orders.map((o: { id: number }) => o.id));
        }
      }),
    );
    expect(seen).toHaveLength(500);
    expect(new Set(seen).size).toBe(500);
  });
});

describe('POST /api/erp/v1/orders/{id}', () => {
  it('ok: the order is written with the ERP number; repeats are idempotent; later status updates', async () => {
    const orderId = await queuedOrder(a);
    const entry = await entryOf(a, orderId);
    await asErp(a, erpA).get('/api/erp/v1/orders?claim=1').expect(200);
    const res = await asErp(a, erpA).post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-1001' }).expect(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.order).toMatchObject({ id: orderId, status: a.ws.constants.order_sent_status, erp: { status: 'written', tone: 'success', ext_no: 'SO-1001', error: '' } });
    const stored = await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: a.ws.id, id: entry });
    expect(stored).toMatchObject({ state: 'written', extNo: 'SO-1001', claimedUntil: null });
    // the REST row shows it; the entry is no longer listed
    expect((await asAdmin(a).get(`/api/v1/orders/${orderId}`).expect(200)).body.order.erp).toEqual(res.body.order.erp);
    const listed = (await asErp(a, erpA).get('/api/erp/v1/orders').expect(200)).body.orders.map((o: { id: number }) => o.id);
    expect(listed).not.toContain(entry);
    // identical repeat: same answer, nothing written
    const again = await asErp(a, erpA).post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-1001' }).expect(200);
    expect(again.body).toEqual(res.body);
    expect((await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: a.ws.id, id: entry })).updatedAt).toEqual(stored.updatedAt);
    // another number for a written entry, or a failure after it: 409
    expect((await asErp(a, erpA).post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-2' }).expect(409)).body.error).toBe('conflict');
    await asErp(a, erpA).post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'late' }).expect(409);
    // later status updates from order_erp_statuses
    for (const status of a.ws.constants.order_erp_statuses.slice(1)) {
      const up = await asErp(a, erpA).post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-1001', status }).expect(200);
      expect(up.body.order).toMatchObject({ status, erp: { status: 'written', ext_no: 'SO-1001' } });
    }
    const bad = await asErp(a, erpA).post(`/api/erp/v1/orders/${entry}`, { ok: true, ext_no: 'SO-1001', status: 'teleported' }).expect(400);
    expect(bad.body).toMatchObject({ ok: false, error: 'invalid', field: 'status' });
  });

  it('failure: back to the queue after a backoff with the error shown; parked after 5 claims; identical repeats idempotent', async () => {
    const orderId = await queuedOrder(a);
    const entry = await entryOf(a, orderId);
    const t0 = Date.parse('2026-06-01T08:00:00Z');
    for (let attempt = 1; attempt <= 4; attempt++) {
      clockNow = new Date(t0 + attempt * 31 * 60_000);
      const claimed = (await asErp(a, erpA).get('/api/erp/v1/orders?claim=1').expect(200)).body.orders.find((o: { id: number }) => o.id === entry);
      expect(claimed.attempts).toBe(attempt);
      const res = await asErp(a, erpA).post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'customer locked' }).expect(200);
      expect(res.body.order.erp).toMatchObject({ status: 'queued', tone: 'warning', error: 'customer locked' });
      // back to the queue after the backoff (2^(attempt-1) minutes), not before
      expect((await asErp(a, erpA).get('/api/erp/v1/orders').expect(200)).body.orders.map((o: { id: number }) => o.id)).not.toContain(entry);
      clockNow = new Date(clockNow.getTime() + 2 ** (attempt - 1) * 60_000 - 1000);
      expect((await asErp(a, erpA).get('/api/erp/v1/orders').expect(200)).body.orders.map((o: { id: number }) => o.id)).not.toContain(entry);
      clockNow = new Date(clockNow.getTime() + 1000);
      expect((await asErp(a, erpA).get('/api/erp/v1/orders').expect(200)).body.orders.map((o: { id: number }) => o.id)).toContain(entry);
      await asErp(a, erpA).post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'customer locked' }).expect(200);
    }
    clockNow = new Date(t0 + 5 * 31 * 60_000);
    await asErp(a, erpA).get('/api/erp/v1/orders?claim=1').expect(200);
    const parked = await asErp(a, erpA).post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'customer locked' }).expect(200);
    expect(parked.body.order.erp).toMatchObject({ status: 'failed', tone: 'danger', error: 'customer locked' });
    expect(await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: a.ws.id, id: entry })).toMatchObject({ state: 'failed', attempts: 5, lastError: 'customer locked' });
    expect((await asErp(a, erpA).get('/api/erp/v1/orders').expect(200)).body.orders.map((o: { id: number }) => o.id)).not.toContain(entry);
    expect((await asErp(a, erpA).post(`/api/erp/v1/orders/${entry}`, { ok: false, error: 'customer locked' }).expect(200)).body).toEqual(parked.body);
    expect((await asAdmin(a).get(`/api/v1/orders/${orderId}`).expect(200)).body.order.erp).toMatchObject({ status: 'failed', error: 'customer locked' });
  });

  it('validates the body, naming the field', async () => {
    const entry = await entryOf(a, await queuedOrder(a));
    for (const [body, field] of [
      [{}, 'ok'],
      [{ ok: 'yes', ext_no: 'X' }, 'ok'],
      [{ ok: true }, 'ext_no'],
      [{ ok: true, ext_no: '   ' }, 'ext_no'],
      [{ ok: true, ext_no: 'x'.repeat(61) }, 'ext_no'],
      [{ ok: true, ext_no: 5 }, 'ext_no'],
      [{ ok: false }, 'error'],
      [{ ok: false, error: '' }, 'error'],
    ] as const) {
      const res = await asErp(a, erpA).post(`/api/erp/v1/orders/${entry}`, body).expect(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid' });
      expect(JSON.stringify(res.body)).toContain(field);
    }
    await asErp(a, erpA).post('/api/erp/v1/orders/abc', { ok: true, ext_no: 'X' }).expect(400);
  });

  it('404 for an unknown entry and for an entry of another workspace', async () => {
    await asErp(a, erpA).post('/api/erp/v1/orders/999999', { ok: true, ext_no: 'X' }).expect(404);
    const entryB = await entryOf(b, await queuedOrder(b));
    const res = await asErp(a, erpA).post(`/api/erp/v1/orders/${entryB}`, { ok: true, ext_no: 'X' }).expect(404);
    expect(res.body.error).toBe('not_found');
    await asErp(b, erpB).post(`/api/erp/v1/orders/${entryB}`, { ok: true, ext_no: 'X' }).expect(200);
    expect((await asErp(a, erpA).get('/api/erp/v1/orders').expect(200)).body.orders.map((o: { id: number }) => o.id)).not.toContain(entryB);
  });

  it('the PO is frozen once the order was sent (409), queued or written', async () => {
    const orderId = await queuedOrder(a);
    expect((await asAdmin(a).post(`/api/v1/orders/${orderId}/po`, { customer_po: 'PO-9' }).expect(409)).body.ok).toBe(false);
    await asErp(a, erpA).post(`/api/erp/v1/orders/${await entryOf(a, orderId)}`, { ok: true, ext_no: 'SO-77', status: a.ws.constants.order_erp_statuses.at(-1) }).expect(200);
    await asAdmin(a).post(`/api/v1/orders/${orderId}/po`, { customer_po: 'PO-9' }).expect(409);
  });
});

describe('ERP connection card (admin settings)', () => {
  it('creates (rotates) and revokes the ERP key, shown once; shows the queue and the last poll', async () => {
    const f = await createWorkspace(t);
    const empty = await asAdmin(f).get('/api/v1/settings/erp').expect(200);
    expect(empty.body).toEqual({ ok: true, base_url: `http://${f.host}:3000/api/erp/v1`, keys: [], queue: { waiting: 0, claimed: 0, retrying: 0, failed: 0, written: 0 }, last_poll_at: null, errors: [], heartbeat: { claimed_last_hour: 0, reported_last_hour: 0, oldest_waiting_at: null, stalled_since: null } });
    const first = await asAdmin(f).post('/api/v1/settings/erp/key').expect(201);
    expect(first.body).toMatchObject({ ok: true, key: expect.stringMatching(/^erp_/), prefix: first.body.key.slice(0, 12), base_url: `http://${f.host}:3000/api/erp/v1` });
    await asErp(f, first.body.key).get('/api/erp/v1/orders').expect(200);
    const second = await asAdmin(f).post('/api/v1/settings/erp/key').expect(201);
    await asErp(f, first.body.key).get('/api/erp/v1/orders').expect(401);
    const key = second.body.key as string;

    // queue: 3 orders; one claimed, one failed once (retrying), one parked, one written
    const ids = [await queuedOrder(f), await queuedOrder(f), await queuedOrder(f), await queuedOrder(f)];
    const entries = await Promise.all(ids.map((id) => entryOf(f, id)));
    await asErp(f, key).get('/api/erp/v1/orders?claim=1').expect(200);
    await asErp(f, key).post(`/api/erp/v1/orders/${entries[0]}`, { ok: true, ext_no: 'SO-1' }).expect(200);
    await asErp(f, key).post(`/api/erp/v1/orders/${entries[1]}`, { ok: false, error: 'customer locked' }).expect(200);
    await db(t).update(ErpQueueEntry, { workspaceId: f.ws.id, id: entries[2] }, { attempts: 5 });
    await asErp(f, key).post(`/api/erp/v1/orders/${entries[2]}`, { ok: false, error: 'no such product' }).expect(200);
    const card = await asAdmin(f).get('/api/v1/settings/erp').expect(200);
    expect(card.body.keys).toEqual([{ prefix: second.body.prefix, created_at: expect.any(String), last_used_at: expect.anything() }]);
    expect(card.body.queue).toEqual({ waiting: 1, claimed: 1, retrying: 1, failed: 1, written: 1 });
    // heartbeat: 4 claimed in the last hour, 2 reported for good (written, parked); the oldest waiting is entries[1]'s
    const oldest = (await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: f.ws.id, id: entries[1] })).createdAt;
    expect(card.body.heartbeat).toEqual({ claimed_last_hour: 4, reported_last_hour: 2, oldest_waiting_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/), stalled_since: null });
    expect(card.body.heartbeat.oldest_waiting_at.slice(0, 10)).toBe(oldest.toLocaleDateString('sv-SE', { timeZone: f.ws.timezone }));
    expect(card.body.last_poll_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(card.body.errors.map((e: { id: number; state: string; error: string }) => [e.id, e.state, e.error]).sort()).toEqual(
      [
        [entries[1], 'waiting', 'customer locked'],
        [entries[2], 'failed', 'no such product'],
      ].sort(),
    );
    expect(JSON.stringify(card.body)).not.toContain(key);

    expect((await asAdmin(f).delete('/api/v1/settings/erp/key').expect(200)).body).toEqual({ ok: true, revoked: 1 });
    await asErp(f, key).get('/api/erp/v1/orders').expect(401);
    expect((await asAdmin(f).get('/api/v1/settings/erp').expect(200)).body.keys).toEqual([]);
  });

  it('is for admins only (403 forbidden); ERP keys are 401 there', async () => {
    const sales = await createUser(t, a);
    for (const r of [api(t, a.host, sales.key).get('/api/v1/settings/erp'), api(t, a.host, sales.key).post('/api/v1/settings/erp/key'), api(t, a.host, sales.key).delete('/api/v1/settings/erp/key')]) {
      expect((await r.expect(403)).body.error).toBe('forbidden');
    }
    await asErp(a, erpA).get('/api/v1/settings/erp').expect(401);
    await asErp(a, erpA).get('/api/erp/v1/orders').expect(200);
  });
});

describe('rate limit per ERP key', () => {
  let t2: TestApp;
  afterAll(() => t2?.close());

  it('answers 429 rate_limited with Retry-After past RATE_LIMIT_ERP_PER_MINUTE', async () => {
    t2 = await startApp({ env: { RATE_LIMIT_ERP_PER_MINUTE: '3' } });
    const f = await createWorkspace(t2, 'erp-rl');
    const key = await issueKey(t2, f, 'erp');
    const other = await issueKey(t2, f, 'erp');
    for (let i = 0; i < 3; i++) await api(t2, f.host, key).get('/api/erp/v1/orders').expect(200);
    const res = await api(t2, f.host, key).get('/api/erp/v1/orders').expect(429);
    expect(res.body).toMatchObject({ ok: false, error: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // the bucket is per key; the REST limit of the admin key is not the ERP one
    await api(t2, f.host, other).get('/api/erp/v1/orders').expect(200);
    for (let i = 0; i < 5; i++) await api(t2, f.host, f.adminKey).get('/api/v1/orders').expect(200);
  });
});

describe('OpenAPI document', () => {
  it('describes the ERP routes under the ERP tag with request and response bodies (so the fuzz test walks them)', async () => {
    const doc = (await request(t.app.getHttpServer()).get('/api/openapi.json').set('Host', a.host).expect(200)).body;
    const list = doc.paths['/api/erp/v1/orders']?.get;
    const report = doc.paths['/api/erp/v1/orders/{id}']?.post;
    expect(list.tags).toEqual(['ERP']);
    expect(report.tags).toEqual(['ERP']);
    expect(list.responses['200'].content['application/json'].schema.$ref).toMatch(/ErpOrderList$/);
    expect(report.responses['200'].content['application/json'].schema.$ref).toMatch(/ErpReportResponse$/);
    expect(report.requestBody.content['application/json'].schema.$ref).toMatch(/ErpReportDto$/);
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['claim', 'X-Service-Erp-Key']));
  });
});
