import { ErpQueueEntry } from '../../../src/domain/crm/orders/erp-queue-entry.entity';
import { Order } from '../../../src/domain/crm/orders/order.entity';
import { DemoSeedService } from '../../../src/domain/demo/demo-seed.service';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { todayIn } from '../../../src/platform/common/time';
import { MODULES } from '../../../src/domain/workspace/defaults';
import { insertProduct } from '../../helpers/crm-fixtures';
import { requestQueryCount } from '../../helpers/query-log';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let b: Fixture;
/** Two sales users in different departments (they do not see each other's records), and a teammate of the first. */
let north: { user: { id: number }; key: string };
let northMate: { user: { id: number }; key: string };
let south: { user: { id: number }; key: string };
let companyN: number;
let companyS: number;
let oppN: number;
let productId: number;

const as = (key: string) => api(t, a.host, key);
const asAdmin = () => as(a.adminKey);
const k = () => a.ws.constants;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'orders-a');
  b = await createWorkspace(t, 'orders-b');
  north = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  northMate = await createUser(t, a, { department: 'North' });
  south = await createUser(t, a, { department: 'South' });
  companyN = (await as(north.key).post('/api/v1/companies', { name: 'Nordic Film A.Ş.', currency: 'USD', unit: 't', erp_code: '120.001', tax_no: '123' }).expect(201)).body.company.id;
  companyS = (await as(south.key).post('/api/v1/companies', { name: 'Southern Bottles' }).expect(201)).body.company.id;
  oppN = (await as(north.key).post('/api/v1/opportunities', { name: 'Film 2027', customer_id: companyN, value: 1000, currency: 'TRY', payment_days: 45 }).expect(201)).body.opp.id;
  productId = (await insertProduct(t, a, { code: 'LD-1', name: 'LDPE film', unit: 'kg', extId: 'ERP-LD-1' })).id;
});
afterAll(() => t.close());

async function newOrder(key: string, body: object = {}) {
  const res = await as(key).post('/api/v1/orders', { customer_id: companyN, kg: 10, price: 2, ...body });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order as { id: number; status: string; customer_po: string };
}

describe('GET /api/v1/orders names', () => {
  it('names the companies and opportunities of a page in one query per kind, whatever its length', async () => {
    const names = ['Names One Ltd.', 'Names Two Ltd.', 'Names Three Ltd.'];
    for (const [i, name] of names.entries()) {
      const c = (await as(north.key).post('/api/v1/companies', { name }).expect(201)).body.company.id;
      const o = i ? (await as(north.key).post('/api/v1/opportunities', { name: `${name} deal`, customer_id: c }).expect(201)).body.opp.id : null;
      await newOrder(north.key, { customer_id: c, opp_id: o });
    }
    const list = (await as(north.key).get('/api/v1/orders?limit=3').expect(200)).body.items as { customer: string; opp: string | null; ref: string; id: number }[];
    expect(list.map((o) => [o.customer, o.opp, o.ref])).toEqual([...names].reverse().map((n, i) => [n, i < 2 ? `${n} deal` : null, `ORD-${list[i]!.id}`]));
    // The fewest over a few runs: the outbox dispatcher, woken by the writes above, may add a statement to one.
    const count = (limit: number) => requestQueryCount(() => as(north.key).get(`/api/v1/orders?limit=${limit}`).expect(200));
    expect(await count(3)).toBe(await count(1));
  });
});

describe('POST /api/v1/orders', () => {
  it('creates an order row exactly as spec 2.8 (with its reference and names), amount = kg × price without float drift', async () => {
    const res = await as(north.key)
      .post('/api/v1/orders', {
        customer_id: companyN,
        opp_id: oppN,
        product_id: productId,
        kg: 3,
        price: 0.1,
        currency: 'USD',
        kind: k().order_kinds[1],
        date: '2026-03-02',
        due_date: '2026-04-01',
        payment_days: 30,
        note: 'first delivery',
      })
      .expect(201);
    expect(res.body).toEqual({
      ok: true,
      order: {
        id: expect.any(Number),
        ref: `ORD-${res.body.order.id}`,
        customer_id: companyN,
        customer: 'Nordic Film A.Ş.',
        opp_id: oppN,
        opp: 'Film 2027',
        product_id: productId,
        customer_po: '',
        date: '2026-03-02',
        due_date: '2026-04-01',
        amount: 0.3,
        kg: 3,
        price: 0.1,
        currency: 'USD',
        kind: k().order_kinds[1],
        note: 'first delivery',
        product: 'LDPE film',
        pu: 'USD/kg',
        unit: 'kg',
        status: k().order_new_status,
        payment_days: 30,
        erp: null,
      },
    });
    // stored as numeric: the database holds exactly 0.30
    const [row] = await db(t).query(`SELECT amount::text AS amount, kg::text AS kg, price::text AS price FROM orders WHERE workspace_id = $1 AND id = $2`, [a.ws.id, res.body.order.id]);
    expect(row).toEqual({ amount: '0.30', kg: '3.000', price: '0.1000' });

    const rounding = await newOrder(north.key, { kg: 1.005, price: 1 });
    expect((rounding as unknown as { amount: number }).amount).toBe(1.01);
    const big = await newOrder(north.key, { kg: 123456.789, price: 1.2345 });
    expect((big as unknown as { amount: number }).amount).toBe(152407.41); // 152407.4060205 → .41
  });

  it('fills defaults: first kind, today, the opportunity currency, unit and payment days, else the company ones', async () => {
    const o = (await as(north.key).post('/api/v1/orders', { customer_id: companyN, opp_id: oppN, kg: 2, price: 5 }).expect(201)).body.order;
    expect(o).toMatchObject({ kind: k().order_kinds[0], date: todayIn(a.ws.timezone), due_date: null, currency: 'TRY', unit: 'kg', pu: 'TRY/kg', payment_days: 45, amount: 10, product: '', product_id: null, note: '' });
    const plain = (await as(north.key).post('/api/v1/orders', { customer_id: companyN, kg: 1, price: 0 }).expect(201)).body.order;
    expect(plain).toMatchObject({ currency: 'USD', unit: 't', pu: 'USD/t', payment_days: 0, opp_id: null, amount: 0 });
  });

  it('answers 400 naming the field for every bad input', async () => {
    const bad = async (body: object, field: string) => {
      const res = await as(north.key).post('/api/v1/orders', { customer_id: companyN, kg: 1, price: 1, ...body }).expect(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid', field });
      return res;
    };
    const noCustomer = await as(north.key).post('/api/v1/orders', { kg: 1, price: 1 }).expect(400);
    expect(noCustomer.body.field).toBe('customer_id');
    await bad({ kg: 0 }, 'kg');
    await bad({ kg: -5 }, 'kg');
    await bad({ kg: 1.0001 }, 'kg');
    await bad({ kg: '5' }, 'kg');
    await bad({ price: -1 }, 'price');
    await bad({ price: 1.23456 }, 'price');
    await bad({ kg: 1e10, price: 1e5 }, 'price');
    await bad({ currency: 'XYZ' }, 'currency');
    await bad({ unit: 'bushel' }, 'unit');
    await bad({ kind: 'Barter' }, 'kind');
    await bad({ date: '2026-02-30' }, 'date');
    await bad({ date: '2026-03-10', due_date: '2026-03-09' }, 'due_date');
    await bad({ payment_days: -1 }, 'payment_days');
    await bad({ payment_days: 1.5 }, 'payment_days');
    await bad({ note: 'x'.repeat(2001) }, 'note');
    await bad({ customer_id: companyS }, 'customer_id'); // another user's company, not visible
    await bad({ customer_id: 999999 }, 'customer_id');
    await bad({ opp_id: 999999 }, 'opp_id');
    await bad({ product_id: 999999 }, 'product_id');
    // only admins give an order to another user
    expect((await as(north.key).post('/api/v1/orders', { customer_id: companyN, kg: 1, price: 1, owner_id: northMate.user.id }).expect(403)).body.error).toBe('forbidden');
    expect((await as(north.key).post('/api/v1/orders', { customer_id: companyN, kg: 1, price: 1, colour: 'red' }).expect(400)).body.message).toContain('colour');
    // an opportunity of another company
    const other = (await as(north.key).post('/api/v1/companies', { name: 'Other North Co' }).expect(201)).body.company.id;
    await bad({ customer_id: other, opp_id: oppN }, 'opp_id');
    // a company of another workspace
    const bCompany = (await api(t, b.host, b.adminKey).post('/api/v1/companies', { name: 'B Co' }).expect(201)).body.company.id;
    await bad({ customer_id: bCompany }, 'customer_id');
    // an inactive product
    const inactive = await insertProduct(t, a, { active: false });
    await bad({ product_id: inactive.id }, 'product_id');
  });

  it('lets an admin give the order to another user', async () => {
    const o = (await asAdmin().post('/api/v1/orders', { customer_id: companyN, kg: 1, price: 1, owner_id: north.user.id }).expect(201)).body.order;
    await as(north.key).get(`/api/v1/orders/${o.id}`).expect(200);
  });
});

describe('GET /api/v1/orders and /orders/{id}', () => {
  it('lists visible orders newest first with filters and keyset paging', async () => {
    const c = (await as(north.key).post('/api/v1/companies', { name: 'Paging Plastics' }).expect(201)).body.company.id;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await newOrder(north.key, { customer_id: c })).id);
    const first = await as(north.key).get(`/api/v1/orders?customer_id=${c}&limit=2`).expect(200);
    expect(first.body.items.map((o: { id: number }) => o.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await as(north.key).get(`/api/v1/orders?customer_id=${c}&limit=2&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body.items.map((o: { id: number }) => o.id)).toEqual([ids[2], ids[1]]);
    const third = await as(north.key).get(`/api/v1/orders?customer_id=${c}&limit=2&cursor=${second.body.next_cursor}`).expect(200);
    expect(third.body).toEqual({ ok: true, items: [expect.objectContaining({ id: ids[0] })], next_cursor: null });

    const byOpp = await as(north.key).get(`/api/v1/orders?opp_id=${oppN}`).expect(200);
    expect(byOpp.body.items.length).toBeGreaterThan(0);
    expect(byOpp.body.items.every((o: { opp_id: number }) => o.opp_id === oppN)).toBe(true);

    await as(north.key).post(`/api/v1/orders/${ids[0]}/erp`).expect(200);
    const sent = await as(north.key).get(`/api/v1/orders?customer_id=${c}&status=${encodeURIComponent(k().order_sent_status)}`).expect(200);
    expect(sent.body.items.map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    const fresh = await as(north.key).get(`/api/v1/orders?customer_id=${c}&status=${encodeURIComponent(k().order_new_status)}`).expect(200);
    expect(fresh.body.items).toHaveLength(4);

    expect((await as(north.key).get('/api/v1/orders?status=Nonsense').expect(400)).body.field).toBe('status');
    expect((await as(north.key).get('/api/v1/orders?customer_id=abc').expect(400)).body.field).toBe('customer_id');
    expect((await as(north.key).get('/api/v1/orders?cursor=zzz').expect(400)).body.field).toBe('cursor');

    const one = await as(north.key).get(`/api/v1/orders/${ids[1]}`).expect(200);
    expect(one.body).toEqual({ ok: true, order: expect.objectContaining({ id: ids[1], customer_id: c }) });
    await as(north.key).get('/api/v1/orders/999999').expect(404);
    await as(north.key).get('/api/v1/orders/abc').expect(400);
  });
});

describe('POST /api/v1/orders/{id}/po (spec 4.5)', () => {
  it('collapses whitespace, reports changed, clears on empty, limits to 60 characters', async () => {
    const o = await newOrder(north.key);
    const po = (body: object) => as(north.key).post(`/api/v1/orders/${o.id}/po`, body);

    const set = await po({ customer_po: '  PO \t 4500\n\n 123  ' }).expect(200);
    expect(set.body).toEqual({ ok: true, changed: true, order: expect.objectContaining({ id: o.id, customer_po: 'PO 4500 123' }) });
    const again = await po({ customer_po: 'PO  4500 123 ' }).expect(200);
    expect(again.body).toMatchObject({ ok: true, changed: false, order: { customer_po: 'PO 4500 123' } });

    const sixty = 'A'.repeat(60);
    expect((await po({ customer_po: sixty }).expect(200)).body.order.customer_po).toBe(sixty);
    const tooLong = await po({ customer_po: 'B'.repeat(61) }).expect(400);
    expect(tooLong.body).toMatchObject({ ok: false, error: 'invalid', field: 'customer_po' });
    expect((await as(north.key).get(`/api/v1/orders/${o.id}`).expect(200)).body.order.customer_po).toBe(sixty);
    // 70 characters that collapse to 60
    const spaced = `${'C'.repeat(29)}          ${'D'.repeat(30)}`;
    expect(spaced.length).toBe(69);
    expect((await po({ customer_po: spaced }).expect(200)).body.order.customer_po).toBe(`${'C'.repeat(29)} ${'D'.repeat(30)}`);

    const cleared = await po({ customer_po: '' }).expect(200);
    expect(cleared.body).toMatchObject({ changed: true, order: { customer_po: '' } });
    expect((await po({ customer_po: '   ' }).expect(200)).body).toMatchObject({ changed: false, order: { customer_po: '' } });

    expect((await po({}).expect(400)).body.field).toBe('customer_po');
    expect((await po({ customer_po: null }).expect(400)).body.field).toBe('customer_po');
    expect((await po({ customer_po: 12345 }).expect(400)).body.field).toBe('customer_po');
    await as(north.key).post('/api/v1/orders/999999/po', { customer_po: 'X' }).expect(404);
  });

  it('answers 409 once the order was sent to the ERP, for every ERP status', async () => {
    const o = await newOrder(north.key);
    await as(north.key).post(`/api/v1/orders/${o.id}/po`, { customer_po: 'PO-1' }).expect(200);
    await as(north.key).post(`/api/v1/orders/${o.id}/erp`).expect(200);
    for (const status of k().order_erp_statuses) {
      await db(t).update(Order, { workspaceId: a.ws.id, id: o.id }, { status });
      const res = await as(north.key).post(`/api/v1/orders/${o.id}/po`, { customer_po: 'PO-2' }).expect(409);
      expect(res.body).toMatchObject({ ok: false, error: 'conflict' });
      expect(res.body.message).toContain('ERP');
    }
    expect((await as(north.key).get(`/api/v1/orders/${o.id}`).expect(200)).body.order.customer_po).toBe('PO-1');
    // back to the new status (the renamed list is what counts, not a literal): editable again
    await db(t).update(Order, { workspaceId: a.ws.id, id: o.id }, { status: k().order_new_status });
    await as(north.key).post(`/api/v1/orders/${o.id}/po`, { customer_po: 'PO-2' }).expect(200);
  });
});

describe('POST /api/v1/orders/{id}/erp', () => {
  it('queues the order once with the ERP order snapshot; the status becomes the sent status; a repeat is 409', async () => {
    const o = await newOrder(north.key, { product_id: productId, opp_id: oppN, kg: 500, price: 1.45, currency: 'EUR', note: 'rush' });
    await as(north.key).post(`/api/v1/orders/${o.id}/po`, { customer_po: 'PO 77' }).expect(200);
    const res = await as(north.key).post(`/api/v1/orders/${o.id}/erp`).expect(200);
    expect(res.body).toEqual({
      ok: true,
      order: expect.objectContaining({ id: o.id, status: k().order_sent_status, erp: { status: 'queued', label: expect.any(String), tone: 'info', ext_no: '', error: '' } }),
    });
    const entries = await db(t).find(ErpQueueEntry, { where: { workspaceId: a.ws.id, orderId: o.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ state: 'waiting', attempts: 0, claimedUntil: null });
    expect(entries[0]!.payload).toEqual({
      ref: `ORD-${o.id}`,
      po: 'PO 77',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      due: null,
      kind: k().order_kinds[0],
      currency: 'EUR',
      note: 'rush',
      order_id: o.id,
      payment_days: 45,
      owner: { email: expect.stringContaining('@'), name: 'Nora North' },
      customer: { id: companyN, rid: `C-${companyN}`, name: 'Nordic Film A.Ş.', code: '120.001', ext_id: '', tax_no: '123', tax_office: '', address: '', city: '', phone: '', email: '' },
      lines: [{ code: 'LD-1', ext_id: 'ERP-LD-1', name: 'LDPE film', unit: 'kg', qty: 500, price: 1.45 }],
    });

    const twice = await as(north.key).post(`/api/v1/orders/${o.id}/erp`).expect(409);
    expect(twice.body).toMatchObject({ ok: false, error: 'conflict' });
    const concurrent = await Promise.all([as(north.key).post(`/api/v1/orders/${o.id}/erp`), as(north.key).post(`/api/v1/orders/${o.id}/erp`)]);
    expect(concurrent.map((r) => r.status)).toEqual([409, 409]);
    expect(await db(t).count(ErpQueueEntry, { where: { workspaceId: a.ws.id, orderId: o.id } })).toBe(1);
    await as(north.key).post('/api/v1/orders/999999/erp').expect(404);
  });

  it('two concurrent first sends queue one entry', async () => {
    const o = await newOrder(north.key);
    const rs = await Promise.all([as(north.key).post(`/api/v1/orders/${o.id}/erp`), as(north.key).post(`/api/v1/orders/${o.id}/erp`)]);
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db(t).count(ErpQueueEntry, { where: { workspaceId: a.ws.id, orderId: o.id } })).toBe(1);
  });

  it('shows the ERP result on the row: written with its number, or failed with the error', async () => {
    const o = await newOrder(north.key);
    await as(north.key).post(`/api/v1/orders/${o.id}/erp`).expect(200);
    await db(t).update(Order, { workspaceId: a.ws.id, id: o.id }, { erpState: 'queued', erpError: 'customer locked' });
    expect((await as(north.key).get(`/api/v1/orders/${o.id}`).expect(200)).body.order.erp).toMatchObject({ status: 'queued', tone: 'warning', error: 'customer locked' });
    await db(t).update(Order, { workspaceId: a.ws.id, id: o.id }, { erpState: 'failed' });
    expect((await as(north.key).get(`/api/v1/orders/${o.id}`).expect(200)).body.order.erp).toMatchObject({ status: 'failed', tone: 'danger', error: 'customer locked' });
    await db(t).update(Order, { workspaceId: a.ws.id, id: o.id }, { erpState: 'written', erpExtNo: 'SO-991', erpError: '' });
    expect((await as(north.key).get(`/api/v1/orders/${o.id}`).expect(200)).body.order.erp).toEqual({ status: 'written', label: expect.stringContaining('SO-991'), tone: 'success', ext_no: 'SO-991', error: '' });
  });
});

describe('orders on company and opportunity records', () => {
  it('fills `orders` of the company and opportunity records with visible order rows', async () => {
    const c = (await as(north.key).post('/api/v1/companies', { name: 'Record Rows Ltd' }).expect(201)).body.company;
    expect(c.orders).toEqual([]);
    const opp = (await as(north.key).post('/api/v1/opportunities', { name: 'Rows deal', customer_id: c.id, value: 10 }).expect(201)).body.opp.id;
    expect((await as(north.key).get(`/api/v1/opportunities/${opp}`).expect(200)).body.opp.orders).toEqual([]);
    const withOpp = await newOrder(north.key, { customer_id: c.id, opp_id: opp, product_id: productId });
    const without = await newOrder(north.key, { customer_id: c.id });
    const byAdmin = (await asAdmin().post('/api/v1/orders', { customer_id: c.id, opp_id: opp, kg: 1, price: 1 }).expect(201)).body.order;

    const company = (await as(north.key).get(`/api/v1/companies/${c.id}`).expect(200)).body.company;
    // the admin's own order is not visible to the sales user
    expect(company.orders.map((o: { id: number }) => o.id)).toEqual([without.id, withOpp.id]);
    expect(company.orders[1]).toEqual((await as(north.key).get(`/api/v1/orders/${withOpp.id}`).expect(200)).body.order);
    const oppRecord = (await as(north.key).get(`/api/v1/opportunities/${opp}`).expect(200)).body.opp;
    expect(oppRecord.orders.map((o: { id: number }) => o.id)).toEqual([withOpp.id]);
    expect(oppRecord.orders[0]).toMatchObject({ product: 'LDPE film', opp_id: opp, erp: null });

    const adminView = (await asAdmin().get(`/api/v1/companies/${c.id}`).expect(200)).body.company;
    expect(adminView.orders.map((o: { id: number }) => o.id)).toEqual([byAdmin.id, without.id, withOpp.id]);
    expect((await asAdmin().get(`/api/v1/opportunities/${opp}`).expect(200)).body.opp.orders).toHaveLength(2);
    // PATCH answers the record with its orders too
    expect((await as(north.key).patch(`/api/v1/companies/${c.id}`, { city: 'Bursa' }).expect(200)).body.company.orders).toHaveLength(2);
    // company lists stay slim: no orders there
    const list = (await as(north.key).get('/api/v1/companies?limit=200').expect(200)).body.items;
    expect(list.find((x: { id: number }) => x.id === c.id).orders).toBeUndefined();

    // without the Orders module the records carry no orders
    const noOrders = await createUser(t, a, { department: 'North', modules: [MODULES.customers, MODULES.opportunities] });
    expect((await as(noOrders.key).get(`/api/v1/companies/${c.id}`).expect(200)).body.company.orders).toEqual([]);
    expect((await as(noOrders.key).get(`/api/v1/opportunities/${opp}`).expect(200)).body.opp.orders).toEqual([]);
  });
});

describe('visibility, workspaces, credentials and the module', () => {
  it("hides another user's orders (404), lets teammates read but not change them (403), admins do everything", async () => {
    const o = await newOrder(north.key);
    for (const r of [
      as(south.key).get(`/api/v1/orders/${o.id}`),
      as(south.key).post(`/api/v1/orders/${o.id}/po`, { customer_po: 'X' }),
      as(south.key).post(`/api/v1/orders/${o.id}/erp`),
    ]) {
      expect((await r.expect(404)).body.error).toBe('not_found');
    }
    expect((await as(south.key).get('/api/v1/orders?limit=200').expect(200)).body.items.find((x: { id: number }) => x.id === o.id)).toBeUndefined();
    expect((await as(south.key).get(`/api/v1/orders?customer_id=${companyN}`).expect(200)).body.items).toEqual([]);

    await as(northMate.key).get(`/api/v1/orders/${o.id}`).expect(200);
    expect((await as(northMate.key).get('/api/v1/orders?limit=200').expect(200)).body.items.some((x: { id: number }) => x.id === o.id)).toBe(true);
    expect((await as(northMate.key).post(`/api/v1/orders/${o.id}/po`, { customer_po: 'X' }).expect(403)).body.error).toBe('forbidden');
    expect((await as(northMate.key).post(`/api/v1/orders/${o.id}/erp`).expect(403)).body.error).toBe('forbidden');

    await asAdmin().post(`/api/v1/orders/${o.id}/po`, { customer_po: 'ADMIN-1' }).expect(200);
    await asAdmin().post(`/api/v1/orders/${o.id}/erp`).expect(200);
  });

  it("keeps workspaces apart: another workspace's order is 404 everywhere", async () => {
    const o = await newOrder(north.key);
    const asB = api(t, b.host, b.adminKey);
    await asB.get(`/api/v1/orders/${o.id}`).expect(404);
    await asB.post(`/api/v1/orders/${o.id}/po`, { customer_po: 'B' }).expect(404);
    await asB.post(`/api/v1/orders/${o.id}/erp`).expect(404);
    expect((await asB.get('/api/v1/orders').expect(200)).body.items).toEqual([]);
    expect((await asB.get(`/api/v1/orders?customer_id=${companyN}`).expect(200)).body.items).toEqual([]);
    expect((await as(north.key).get(`/api/v1/orders/${o.id}`).expect(200)).body.order).toMatchObject({ customer_po: '', status: k().order_new_status });
  });

  it('needs a credential, crm.write for changes, and the Orders module', async () => {
    const o = await newOrder(north.key);
    await api(t, a.host).get('/api/v1/orders').expect(401);
    await api(t, a.host).post('/api/v1/orders', { customer_id: companyN, kg: 1, price: 1 }).expect(401);
    await api(t, a.host).post(`/api/v1/orders/${o.id}/po`, { customer_po: 'X' }).expect(401);

    const readOnly = await issueKey(t, a, 'oauth', north.user.id, ['crm.read']);
    await as(readOnly).get(`/api/v1/orders/${o.id}`).expect(200);
    for (const r of [
      as(readOnly).post('/api/v1/orders', { customer_id: companyN, kg: 1, price: 1 }),
      as(readOnly).post(`/api/v1/orders/${o.id}/po`, { customer_po: 'X' }),
      as(readOnly).post(`/api/v1/orders/${o.id}/erp`),
    ]) {
      expect((await r.expect(403)).body.error).toBe('insufficient_scope');
    }

    const off = await createUser(t, a, { department: 'North', modules: [MODULES.customers, MODULES.opportunities] });
    for (const r of [
      as(off.key).get('/api/v1/orders'),
      as(off.key).get(`/api/v1/orders/${o.id}`),
      as(off.key).post('/api/v1/orders', { customer_id: companyN, kg: 1, price: 1 }),
      as(off.key).post(`/api/v1/orders/${o.id}/po`, { customer_po: 'X' }),
      as(off.key).post(`/api/v1/orders/${o.id}/erp`),
    ]) {
      expect((await r.expect(403)).body.error).toBe('module');
    }
  });

  it('raises no webhook events (spec 6.1 lists none for orders)', async () => {
    const before = await db(t).count(OutboxEvent, { where: { workspaceId: a.ws.id } });
    const o = await newOrder(north.key);
    await as(north.key).post(`/api/v1/orders/${o.id}/po`, { customer_po: 'EV' }).expect(200);
    await as(north.key).post(`/api/v1/orders/${o.id}/erp`).expect(200);
    expect(await db(t).count(OutboxEvent, { where: { workspaceId: a.ws.id } })).toBe(before);
  });
});

describe('demo:seed', () => {
  it('creates sample orders in several statuses (some queued for the ERP) and tickets, without events', async () => {
    const d = await createWorkspace(t, 'orders-demo');
    const res = await t.get(DemoSeedService).seed(d.ws);
    expect(res).toMatchObject({ ok: true, orders: expect.any(Number), erp_queue: expect.any(Number), tickets: 4 });
    expect(res.orders).toBeGreaterThanOrEqual(d.ws.constants.order_statuses.length);
    const orders = (await api(t, d.host, d.adminKey).get('/api/v1/orders?limit=200').expect(200)).body.items as { status: string; erp: { status: string } | null }[];
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(d.ws.constants.order_statuses));
    expect(new Set(orders.map((o) => o.erp?.status ?? null))).toEqual(new Set([null, 'queued', 'written', 'failed']));
    const waiting = await db(t).count(ErpQueueEntry, { where: { workspaceId: d.ws.id, state: 'waiting' } });
    expect(waiting).toBeGreaterThan(0);
    const tickets = (await api(t, d.host, d.adminKey).get('/api/v1/tickets').expect(200)).body.items;
    expect(tickets).toHaveLength(4);
    const flags = await db(t).query(`SELECT (SELECT bool_and(is_sample) FROM orders WHERE workspace_id = $1) AS o, (SELECT bool_and(is_sample) FROM tickets WHERE workspace_id = $1) AS t`, [d.ws.id]);
    expect(flags[0]).toEqual({ o: true, t: true });
    expect(await db(t).count(OutboxEvent, { where: { workspaceId: d.ws.id } })).toBe(0);
    expect(await t.get(DemoSeedService).seed(d.ws)).toMatchObject({ orders: 0, tickets: 0 });
  });
});
