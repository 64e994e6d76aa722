import { Ticket } from '../../../src/domain/crm/tickets/ticket.entity';
import { MODULES } from '../../../src/domain/workspace/defaults';
import { outboxOf } from '../../helpers/crm-fixtures';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let north: { user: { id: number }; key: string };
let northMate: { user: { id: number }; key: string };
let south: { user: { id: number }; key: string };
let companyN: number;
let personN: number;

const as = (key: string) => api(t, a.host, key);
const asAdmin = () => as(a.adminKey);
const k = () => a.ws.constants;
const sla = () => a.ws.app.ticket_sla_hours;
const priorities = () => Object.keys(sla());
/** Local timestamps without a zone, as the API writes them; compared as wall-clock times of one zone. */
const hoursBetween = (from: string, to: string) => (Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 3_600_000;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'tickets-a');
  b = await createWorkspace(t, 'tickets-b');
  north = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  northMate = await createUser(t, a, { department: 'North', fullName: 'Nils North' });
  south = await createUser(t, a, { department: 'South' });
  companyN = (await as(north.key).post('/api/v1/companies', { name: 'Ticket Plastics' }).expect(201)).body.company.id;
  personN = (await as(north.key).post('/api/v1/people', { name: 'Hakan Öztürk', customer_id: companyN }).expect(201)).body.person.id;
});
afterAll(() => t.close());

async function newTicket(key: string, body: object = {}) {
  const res = await as(key).post('/api/v1/tickets', { subject: 'Film tears on the line', priority: priorities()[1], ...body });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.ticket as { id: number; status: string; due_at: string; created_at: string };
}

describe('POST /api/v1/tickets', () => {
  it('creates a ticket with due_at from ticket_sla_hours and raises ticket_created', async () => {
    const high = priorities()[2]!;
    const res = await as(north.key)
      .post('/api/v1/tickets', { subject: '  Wrong invoice amount ', priority: high, who: 'Zeynep Arslan', customer_id: companyN, body: 'Invoice 12 shows 2 t, we got 1.5 t.' })
      .expect(201);
    expect(res.body).toEqual({
      ok: true,
      ticket: {
        id: expect.any(Number),
        subject: 'Wrong invoice amount',
        body: 'Invoice 12 shows 2 t, we got 1.5 t.',
        priority: high,
        status: k().ticket_new_status,
        who: 'Zeynep Arslan',
        customer_id: companyN,
        customer: 'Ticket Plastics',
        person_id: null,
        person: null,
        assignee: null,
        owner: expect.objectContaining({ id: north.user.id, full_name: 'Nora North' }),
        sla_hours: sla()[high],
        due_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        overdue: false,
        closed_at: null,
        can_edit: true,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        updated_at: expect.any(String),
      },
    });
    const tk = res.body.ticket;
    expect(hoursBetween(tk.created_at, tk.due_at)).toBe(sla()[high]);
    const [row] = await db(t).find(Ticket, { where: { workspaceId: a.ws.id, id: tk.id } });
    expect(row!.dueAt.getTime() - row!.createdAt.getTime()).toBe(sla()[high]! * 3_600_000);

    const events = (await outboxOf(t, a, 'ticket_created')).filter((e) => e.recordId === tk.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ recordType: 'ticket', url: `http://${a.host}:3000/tickets/${tk.id}`, data: { id: tk.id, subject: 'Wrong invoice amount', priority: high, who: 'Zeynep Arslan' } });
  });

  it("takes who from the person (and the company from the person's), else the caller", async () => {
    const fromPerson = (await as(north.key).post('/api/v1/tickets', { subject: 'Samples', priority: priorities()[0], person_id: personN }).expect(201)).body.ticket;
    expect(fromPerson).toMatchObject({ who: 'Hakan Öztürk', person_id: personN, person: 'Hakan Öztürk', customer_id: companyN, customer: 'Ticket Plastics' });
    const fromCaller = (await as(north.key).post('/api/v1/tickets', { subject: 'Laptop', priority: priorities()[0] }).expect(201)).body.ticket;
    expect(fromCaller).toMatchObject({ who: 'Nora North', customer_id: null });
    const assigned = (await as(north.key).post('/api/v1/tickets', { subject: 'Assigned', priority: priorities()[0], assignee_id: northMate.user.id, status: k().ticket_statuses[1] }).expect(201)).body.ticket;
    expect(assigned).toMatchObject({ assignee: expect.objectContaining({ id: northMate.user.id }), status: k().ticket_statuses[1] });
    const closed = (await as(north.key).post('/api/v1/tickets', { subject: 'Already done', priority: priorities()[0], status: k().ticket_closed_statuses[0] }).expect(201)).body.ticket;
    expect(closed.closed_at).toEqual(expect.any(String));
  });

  it('answers 400 naming the field', async () => {
    const bad = async (body: object, field: string) => {
      const res = await as(north.key).post('/api/v1/tickets', { subject: 'S', priority: priorities()[0], ...body }).expect(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid', field });
    };
    expect((await as(north.key).post('/api/v1/tickets', { priority: priorities()[0] }).expect(400)).body.field).toBe('subject');
    expect((await as(north.key).post('/api/v1/tickets', { subject: 'S' }).expect(400)).body.field).toBe('priority');
    await bad({ subject: '   ' }, 'subject');
    await bad({ subject: 'x'.repeat(301) }, 'subject');
    await bad({ priority: 'Whenever' }, 'priority');
    await bad({ status: 'Limbo' }, 'status');
    await bad({ customer_id: 999999 }, 'customer_id');
    await bad({ person_id: 999999 }, 'person_id');
    await bad({ assignee_id: 999999 }, 'assignee_id');
    await bad({ who: 'w'.repeat(201) }, 'who');
    const otherCompany = (await as(north.key).post('/api/v1/companies', { name: 'Not Hakan Co' }).expect(201)).body.company.id;
    await bad({ customer_id: otherCompany, person_id: personN }, 'person_id');
    const southCompany = (await as(south.key).post('/api/v1/companies', { name: 'South Tickets' }).expect(201)).body.company.id;
    await bad({ customer_id: southCompany }, 'customer_id');
    expect((await as(north.key).post('/api/v1/tickets', { subject: 'S', priority: priorities()[0], colour: 'red' }).expect(400)).body.message).toContain('colour');
  });
});

describe('GET /api/v1/tickets and /tickets/{id}', () => {
  it('lists with status and priority filters and keyset paging', async () => {
    const fresh = await createWorkspace(t, 'tickets-list');
    const asF = api(t, fresh.host, fresh.adminKey);
    const p = Object.keys(fresh.ws.app.ticket_sla_hours);
    const ids: number[] = [];
    for (const [i, pr] of [p[0], p[1], p[1], p[2]].entries()) {
      ids.push((await asF.post('/api/v1/tickets', { subject: `T${i}`, priority: pr }).expect(201)).body.ticket.id);
    }
    await asF.patch(`/api/v1/tickets/${ids[2]}`, { status: fresh.ws.constants.ticket_closed_statuses[0] }).expect(200);
    const all = await asF.get('/api/v1/tickets?limit=3').expect(200);
    expect(all.body.items.map((x: { id: number }) => x.id)).toEqual([ids[3], ids[2], ids[1]]);
    const rest = await asF.get(`/api/v1/tickets?limit=3&cursor=${all.body.next_cursor}`).expect(200);
    expect(rest.body).toEqual({ ok: true, items: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    expect((await asF.get(`/api/v1/tickets?priority=${encodeURIComponent(p[1]!)}`).expect(200)).body.items.map((x: { id: number }) => x.id)).toEqual([ids[2], ids[1]]);
    const closedStatus = encodeURIComponent(fresh.ws.constants.ticket_closed_statuses[0]!);
    expect((await asF.get(`/api/v1/tickets?status=${closedStatus}`).expect(200)).body.items.map((x: { id: number }) => x.id)).toEqual([ids[2]]);
    expect((await asF.get('/api/v1/tickets?status=Limbo').expect(400)).body.field).toBe('status');
    expect((await asF.get('/api/v1/tickets?priority=Whenever').expect(400)).body.field).toBe('priority');
    expect((await asF.get(`/api/v1/tickets/${ids[1]}`).expect(200)).body.ticket).toMatchObject({ id: ids[1], subject: 'T1' });
    await asF.get('/api/v1/tickets/999999').expect(404);
  });

  it('marks a ticket past its due time overdue unless closed', async () => {
    const tk = await newTicket(north.key);
    await db(t).update(Ticket, { workspaceId: a.ws.id, id: tk.id }, { dueAt: new Date(Date.now() - 60_000) });
    expect((await as(north.key).get(`/api/v1/tickets/${tk.id}`).expect(200)).body.ticket.overdue).toBe(true);
    await as(north.key).patch(`/api/v1/tickets/${tk.id}`, { status: k().ticket_closed_statuses[0] }).expect(200);
    expect((await as(north.key).get(`/api/v1/tickets/${tk.id}`).expect(200)).body.ticket.overdue).toBe(false);
  });
});

describe('PATCH /api/v1/tickets/{id}', () => {
  it('changes status (closed_at follows), priority (due_at recomputed from created_at) and assignee', async () => {
    const tk = await newTicket(north.key, { priority: priorities()[0] });
    const closedStatus = k().ticket_closed_statuses[0]!;
    const closed = (await as(north.key).patch(`/api/v1/tickets/${tk.id}`, { status: closedStatus }).expect(200)).body.ticket;
    expect(closed).toMatchObject({ status: closedStatus, closed_at: expect.any(String) });
    const reopened = (await as(north.key).patch(`/api/v1/tickets/${tk.id}`, { status: k().ticket_new_status }).expect(200)).body.ticket;
    expect(reopened.closed_at).toBeNull();

    const urgent = priorities()[priorities().length - 1]!;
    const changed = (await as(north.key).patch(`/api/v1/tickets/${tk.id}`, { priority: urgent }).expect(200)).body.ticket;
    expect(changed).toMatchObject({ priority: urgent, sla_hours: sla()[urgent] });
    expect(hoursBetween(changed.created_at, changed.due_at)).toBe(sla()[urgent]);

    const assigned = (await as(north.key).patch(`/api/v1/tickets/${tk.id}`, { assignee_id: northMate.user.id }).expect(200)).body.ticket;
    expect(assigned.assignee).toMatchObject({ id: northMate.user.id, full_name: 'Nils North' });
    expect((await as(north.key).patch(`/api/v1/tickets/${tk.id}`, { assignee_id: null }).expect(200)).body.ticket.assignee).toBeNull();
    const same = (await as(north.key).patch(`/api/v1/tickets/${tk.id}`, {}).expect(200)).body.ticket;
    expect(same).toMatchObject({ priority: urgent, status: k().ticket_new_status });
  });

  it('answers 400 naming the field and 404 for an unknown ticket', async () => {
    const tk = await newTicket(north.key);
    const bad = async (body: object, field: string) => expect((await as(north.key).patch(`/api/v1/tickets/${tk.id}`, body).expect(400)).body).toMatchObject({ error: 'invalid', field });
    await bad({ status: 'Limbo' }, 'status');
    await bad({ status: null }, 'status');
    await bad({ priority: 'Whenever' }, 'priority');
    await bad({ priority: null }, 'priority');
    await bad({ assignee_id: 999999 }, 'assignee_id');
    await bad({ assignee_id: 'me' }, 'assignee_id');
    await bad({ subject: 'no' }, 'subject');
    await as(north.key).patch('/api/v1/tickets/999999', { status: k().ticket_new_status }).expect(404);
  });
});

describe('visibility, workspaces, credentials and the module', () => {
  it("hides another team's tickets (404); the assignee sees and changes them; teammates read but may not change (403)", async () => {
    const tk = await newTicket(north.key);
    expect((await as(south.key).get(`/api/v1/tickets/${tk.id}`).expect(404)).body.error).toBe('not_found');
    await as(south.key).patch(`/api/v1/tickets/${tk.id}`, { status: k().ticket_new_status }).expect(404);
    expect((await as(south.key).get('/api/v1/tickets?limit=200').expect(200)).body.items.some((x: { id: number }) => x.id === tk.id)).toBe(false);

    expect((await as(northMate.key).get(`/api/v1/tickets/${tk.id}`).expect(200)).body.ticket.can_edit).toBe(false);
    expect((await as(northMate.key).patch(`/api/v1/tickets/${tk.id}`, { status: k().ticket_statuses[1] }).expect(403)).body.error).toBe('forbidden');

    await as(north.key).patch(`/api/v1/tickets/${tk.id}`, { assignee_id: south.user.id }).expect(200);
    expect((await as(south.key).get(`/api/v1/tickets/${tk.id}`).expect(200)).body.ticket.can_edit).toBe(true);
    await as(south.key).patch(`/api/v1/tickets/${tk.id}`, { status: k().ticket_statuses[1] }).expect(200);
    expect((await as(south.key).get('/api/v1/tickets?limit=200').expect(200)).body.items.some((x: { id: number }) => x.id === tk.id)).toBe(true);
    await asAdmin().patch(`/api/v1/tickets/${tk.id}`, { priority: priorities()[0] }).expect(200);
  });

  it("keeps workspaces apart: another workspace's ticket is 404", async () => {
    const tk = await newTicket(north.key);
    const asB = api(t, b.host, b.adminKey);
    await asB.get(`/api/v1/tickets/${tk.id}`).expect(404);
    await asB.patch(`/api/v1/tickets/${tk.id}`, { status: b.ws.constants.ticket_new_status }).expect(404);
    expect((await asB.get('/api/v1/tickets').expect(200)).body.items).toEqual([]);
    expect((await asB.post('/api/v1/tickets', { subject: 'B', priority: priorities()[0], customer_id: companyN }).expect(400)).body.field).toBe('customer_id');
  });

  it('needs a credential, crm.write for changes, and the Support module', async () => {
    const tk = await newTicket(north.key);
    await api(t, a.host).get('/api/v1/tickets').expect(401);
    await api(t, a.host).post('/api/v1/tickets', { subject: 'S', priority: priorities()[0] }).expect(401);
    const readOnly = await issueKey(t, a, 'oauth', north.user.id, ['crm.read']);
    await as(readOnly).get(`/api/v1/tickets/${tk.id}`).expect(200);
    expect((await as(readOnly).post('/api/v1/tickets', { subject: 'S', priority: priorities()[0] }).expect(403)).body.error).toBe('insufficient_scope');
    expect((await as(readOnly).patch(`/api/v1/tickets/${tk.id}`, { status: k().ticket_new_status }).expect(403)).body.error).toBe('insufficient_scope');

    const off = await createUser(t, a, { department: 'North', modules: [MODULES.customers] });
    for (const r of [
      as(off.key).get('/api/v1/tickets'),
      as(off.key).get(`/api/v1/tickets/${tk.id}`),
      as(off.key).post('/api/v1/tickets', { subject: 'S', priority: priorities()[0] }),
      as(off.key).patch(`/api/v1/tickets/${tk.id}`, { status: k().ticket_new_status }),
    ]) {
      expect((await r.expect(403)).body.error).toBe('module');
    }
  });
});
