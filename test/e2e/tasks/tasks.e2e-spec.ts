import { addDays, todayIn } from '../../../src/platform/common/time';
import { Company } from '../../../src/domain/crm/companies/company.entity';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { Person } from '../../../src/domain/crm/people/person.entity';
import { UsersService } from '../../../src/domain/identity/users.service';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp, db } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let today: string;
type U = { user: { id: number }; key: string };
let north: U;
let north2: U;
let south: U;
let custOnly: U;

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const idsOf = (res: { body: { items: { id: number }[] } }) => res.body.items.map((x) => x.id);

async function company(f: Fixture, ownerId: number, name: string): Promise<number> {
  const r = await db(t).insert(Company, { workspaceId: f.ws.id, name, nameNorm: name.toLowerCase(), status: 'Active', ownerId });
  return r.identifiers[0]!.id as number;
}
async function person(f: Fixture, ownerId: number, customerId: number | null, name: string): Promise<number> {
  const r = await db(t).insert(Person, { workspaceId: f.ws.id, name, nameNorm: name.toLowerCase(), ownerId, customerId });
  return r.identifiers[0]!.id as number;
}
async function opportunity(f: Fixture, ownerId: number, customerId: number, name: string): Promise<number> {
  const r = await db(t).insert(Opportunity, { workspaceId: f.ws.id, name, customerId, ownerId, stage: 'Qualify', isOpen: true, currency: 'EUR', startDate: '2026-01-01' });
  return r.identifiers[0]!.id as number;
}

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'tasks');
  b = await createWorkspace(t, 'tasksb');
  today = todayIn(a.ws.timezone);
  north = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  north2 = await createUser(t, a, { department: 'North', fullName: 'Ned North' });
  south = await createUser(t, a, { department: 'South', fullName: 'Sam South' });
  custOnly = await createUser(t, a, { department: 'North', modules: ['Customers'] });
});
afterAll(() => t.close());

describe('POST /api/v1/tasks', () => {
  it('creates a task and returns every field with its JSON type', async () => {
    const c = await company(a, north.user.id, 'Task Co');
    const p = await person(a, north.user.id, c, 'Tina Task');
    const o = await opportunity(a, north.user.id, c, 'Task Opp');
    const res = await api(t, a.host, north.key)
      .post('/api/v1/tasks', {
        title: 'Send the offer',
        description: 'With the new prices',
        due_date: addDays(today, 10),
        priority: 'High',
        status: 'In progress',
        assignee_id: north2.user.id,
        customer_id: c,
        person_id: p,
        opp_id: o,
      })
      .expect(201);
    expect(Object.keys(res.body).sort()).toEqual(['ok', 'task']);
    const v = res.body.task;
    expect(Object.keys(v).sort()).toEqual(
      ['id', 'title', 'description', 'due_date', 'priority', 'status', 'assignee', 'owner', 'customer_id', 'customer', 'person_id', 'person', 'opp_id', 'opp', 'done_at', 'overdue', 'due_soon', 'can_edit', 'created_at', 'updated_at'].sort(),
    );
    expect(v).toMatchObject({
      title: 'Send the offer',
      description: 'With the new prices',
      due_date: addDays(today, 10),
      priority: 'High',
      status: 'In progress',
      customer_id: c,
      customer: 'Task Co',
      person_id: p,
      person: 'Tina Task',
      opp_id: o,
      opp: 'Task Opp',
      done_at: null,
      overdue: false,
      due_soon: false,
      can_edit: true,
    });
    expect(typeOf(v.id)).toBe('number');
    expect(v.assignee).toEqual({ id: north2.user.id, username: expect.any(String), full_name: 'Ned North', role: 'sales', role_label: 'Sales' });
    expect(v.owner).toMatchObject({ id: north.user.id, full_name: 'Nora North' });
    expect(v.created_at).toMatch(TS);
    expect(v.updated_at).toMatch(TS);
    const got = await api(t, a.host, north.key).get(`/api/v1/tasks/${v.id}`).expect(200);
    expect(got.body).toEqual(res.body);
  });

  it('defaults priority, status and assignee; takes the company from the opportunity', async () => {
    const c = await company(a, north.user.id, 'Default Co');
    const o = await opportunity(a, north.user.id, c, 'Default Opp');
    const res = await api(t, a.host, north.key).post('/api/v1/tasks', { title: 'Call back', opp_id: o }).expect(201);
    expect(res.body.task).toMatchObject({
      description: '',
      due_date: null,
      priority: 'Normal',
      status: 'Open',
      assignee: { id: north.user.id },
      owner: { id: north.user.id },
      customer_id: c,
      person_id: null,
      opp_id: o,
      overdue: false,
      due_soon: false,
    });
  });

  it('validates and names the field', async () => {
    const c = await company(a, north.user.id, 'Valid Task Co');
    const other = await company(a, north.user.id, 'Other Task Co');
    const foreignPerson = await person(a, north.user.id, other, 'Foreign');
    const foreignOpp = await opportunity(a, north.user.id, other, 'Foreign Opp');
    const southCompany = await company(a, south.user.id, 'South Task Co');
    const gone = await createUser(t, a, { department: 'North' });
    await t.get(UsersService).deactivate(a.ws.id, gone.user.id);
    const cases: [object, string][] = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 5 }, 'title'],
      [{ title: 'x'.repeat(301) }, 'title'],
      [{ title: 'ok', description: 'x'.repeat(5001) }, 'description'],
      [{ title: 'ok', due_date: '2026-02-30' }, 'due_date'],
      [{ title: 'ok', priority: 'Whenever' }, 'priority'],
      [{ title: 'ok', status: 'Someday' }, 'status'],
      [{ title: 'ok', assignee_id: 999999 }, 'assignee_id'],
      [{ title: 'ok', assignee_id: gone.user.id }, 'assignee_id'],
      [{ title: 'ok', assignee_id: 'me' }, 'assignee_id'],
      [{ title: 'ok', customer_id: southCompany }, 'customer_id'],
      [{ title: 'ok', customer_id: c, person_id: foreignPerson }, 'person_id'],
      [{ title: 'ok', customer_id: c, opp_id: foreignOpp }, 'opp_id'],
      [{ title: 'ok', person_id: 999999 }, 'person_id'],
      [{ title: 'ok', owner_id: north2.user.id }, 'owner_id'],
    ];
    for (const [body, field] of cases) {
      const res = await api(t, a.host, north.key).post('/api/v1/tasks', body);
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.body.error).toBe('invalid');
      expect(res.body.message).toContain(field);
    }
  });

  it('needs a credential and the module', async () => {
    await api(t, a.host).post('/api/v1/tasks', { title: 'x' }).expect(401);
    await api(t, a.host).get('/api/v1/tasks').expect(401);
    for (const r of [
      api(t, a.host, custOnly.key).get('/api/v1/tasks'),
      api(t, a.host, custOnly.key).post('/api/v1/tasks', { title: 'x' }),
      api(t, a.host, custOnly.key).get('/api/v1/tasks/1'),
      api(t, a.host, custOnly.key).patch('/api/v1/tasks/1', {}),
      api(t, a.host, custOnly.key).delete('/api/v1/tasks/1'),
    ]) {
      const res = await r.expect(403);
      expect(res.body.error).toBe('module');
    }
  });
});

describe('status, done_at, overdue and due_soon', () => {
  it('sets done_at on Done and clears it when reopened', async () => {
    const res = await api(t, a.host, north.key).post('/api/v1/tasks', { title: 'Finish me', due_date: addDays(today, -3) }).expect(201);
    const id = res.body.task.id;
    expect(res.body.task).toMatchObject({ overdue: true, due_soon: false, done_at: null });
    const done = await api(t, a.host, north.key).patch(`/api/v1/tasks/${id}`, { status: 'Done' }).expect(200);
    expect(done.body.task.done_at).toMatch(TS);
    expect(done.body.task).toMatchObject({ status: 'Done', overdue: false, due_soon: false });
    const again = await api(t, a.host, north.key).patch(`/api/v1/tasks/${id}`, { status: 'Done', title: 'Finished' }).expect(200);
    expect(again.body.task.done_at).toBe(done.body.task.done_at);
    const reopened = await api(t, a.host, north.key).patch(`/api/v1/tasks/${id}`, { status: 'Open' }).expect(200);
    expect(reopened.body.task).toMatchObject({ status: 'Open', done_at: null, overdue: true });
    const created = await api(t, a.host, north.key).post('/api/v1/tasks', { title: 'Born done', status: 'Done' }).expect(201);
    expect(created.body.task.done_at).toMatch(TS);
  });

  it('flags overdue and due soon against today in the workspace time zone', async () => {
    const soon = a.ws.constants.action_soon_days;
    const mk = async (title: string, due: string | null, status?: string) =>
      (await api(t, a.host, north.key).post('/api/v1/tasks', { title, due_date: due, ...(status ? { status } : {}) }).expect(201)).body.task;
    expect(await mk('yesterday', addDays(today, -1))).toMatchObject({ overdue: true, due_soon: false });
    expect(await mk('today', today)).toMatchObject({ overdue: false, due_soon: true });
    expect(await mk('edge', addDays(today, soon))).toMatchObject({ overdue: false, due_soon: true });
    expect(await mk('later', addDays(today, soon + 1))).toMatchObject({ overdue: false, due_soon: false });
    expect(await mk('no date', null)).toMatchObject({ overdue: false, due_soon: false });
    expect(await mk('cancelled', addDays(today, -1), 'Cancelled')).toMatchObject({ overdue: false, due_soon: false });
    expect(await mk('done soon', today, 'Done')).toMatchObject({ overdue: false, due_soon: false });
  });
});

describe('visibility and edit rights', () => {
  let own: number;
  let assigned: number;
  let fromSouth: number;
  beforeAll(async () => {
    own = (await api(t, a.host, north.key).post('/api/v1/tasks', { title: 'North own' }).expect(201)).body.task.id;
    assigned = (await api(t, a.host, north.key).post('/api/v1/tasks', { title: 'For Ned', assignee_id: north2.user.id }).expect(201)).body.task.id;
    fromSouth = (await api(t, a.host, south.key).post('/api/v1/tasks', { title: 'South asks Nora', assignee_id: north.user.id }).expect(201)).body.task.id;
  });

  it('hides a task from another department (404) unless its assignee or owner is in the team', async () => {
    for (const id of [own, assigned]) {
      const res = await api(t, a.host, south.key).get(`/api/v1/tasks/${id}`).expect(404);
      expect(res.body.error).toBe('not_found');
      await api(t, a.host, south.key).patch(`/api/v1/tasks/${id}`, { title: 'x' }).expect(404);
      await api(t, a.host, south.key).delete(`/api/v1/tasks/${id}`).expect(404);
    }
    const list = await api(t, a.host, south.key).get('/api/v1/tasks?limit=200').expect(200);
    expect(idsOf(list)).not.toContain(own);
    expect(idsOf(list)).toContain(fromSouth);
    // the assignee and the assignee's team see the task south created
    expect((await api(t, a.host, north.key).get(`/api/v1/tasks/${fromSouth}`).expect(200)).body.task.can_edit).toBe(true);
    expect((await api(t, a.host, north2.key).get(`/api/v1/tasks/${fromSouth}`).expect(200)).body.task.can_edit).toBe(false);
  });

  it('shows a colleague task (can_edit false, PATCH 403) but lets the assignee edit', async () => {
    const res = await api(t, a.host, north2.key).get(`/api/v1/tasks/${own}`).expect(200);
    expect(res.body.task.can_edit).toBe(false);
    expect((await api(t, a.host, north2.key).patch(`/api/v1/tasks/${own}`, { title: 'x' }).expect(403)).body.error).toBe('forbidden');
    await api(t, a.host, north2.key).delete(`/api/v1/tasks/${own}`).expect(403);
    const mine = await api(t, a.host, north2.key).patch(`/api/v1/tasks/${assigned}`, { status: 'Done' }).expect(200);
    expect(mine.body.task).toMatchObject({ status: 'Done', can_edit: true });
    const byAssignee = await api(t, a.host, north.key).patch(`/api/v1/tasks/${fromSouth}`, { priority: 'Urgent' }).expect(200);
    expect(byAssignee.body.task.priority).toBe('Urgent');
  });

  it('lets an admin see and change everything', async () => {
    for (const id of [own, assigned, fromSouth]) {
      expect((await api(t, a.host, a.adminKey).get(`/api/v1/tasks/${id}`).expect(200)).body.task.can_edit).toBe(true);
    }
    const res = await api(t, a.host, a.adminKey).patch(`/api/v1/tasks/${own}`, { assignee_id: south.user.id }).expect(200);
    expect(res.body.task.assignee.id).toBe(south.user.id);
    // now south (assignee) sees and may edit it
    expect((await api(t, a.host, south.key).get(`/api/v1/tasks/${own}`).expect(200)).body.task.can_edit).toBe(true);
  });

  it('lets an assignee hand a task back, after which it is out of their sight', async () => {
    const id = (await api(t, a.host, south.key).post('/api/v1/tasks', { title: 'Back to Sam', assignee_id: north.user.id }).expect(201)).body.task.id;
    const res = await api(t, a.host, north.key).patch(`/api/v1/tasks/${id}`, { assignee_id: south.user.id }).expect(200);
    expect(res.body.task).toMatchObject({ assignee: { id: south.user.id }, can_edit: false });
    await api(t, a.host, north.key).get(`/api/v1/tasks/${id}`).expect(404);
    expect((await api(t, a.host, south.key).get(`/api/v1/tasks/${id}`).expect(200)).body.task.assignee.id).toBe(south.user.id);
  });

  it('answers 404 for an unknown id and for another workspace', async () => {
    await api(t, a.host, a.adminKey).get('/api/v1/tasks/99999999').expect(404);
    await api(t, a.host, a.adminKey).get('/api/v1/tasks/0').expect(400);
    const other = await api(t, b.host, b.adminKey).post('/api/v1/tasks', { title: 'Beta task' }).expect(201);
    await api(t, a.host, a.adminKey).get(`/api/v1/tasks/${other.body.task.id}`).expect(404);
    await api(t, a.host, a.adminKey).patch(`/api/v1/tasks/${other.body.task.id}`, { title: 'x' }).expect(404);
    await api(t, a.host, a.adminKey).delete(`/api/v1/tasks/${other.body.task.id}`).expect(404);
    const res = await api(t, a.host, a.adminKey).post('/api/v1/tasks', { title: 'x', assignee_id: b.admin.id }).expect(400);
    expect(res.body.message).toContain('assignee_id');
  });
});

describe('PATCH and DELETE /api/v1/tasks/:id', () => {
  it('changes and clears fields, refuses nulls for required ones', async () => {
    const c = await company(a, north.user.id, 'Patch Task Co');
    const p = await person(a, north.user.id, c, 'Patch Person');
    const created = await api(t, a.host, north.key).post('/api/v1/tasks', { title: 'Patch me', customer_id: c, person_id: p, due_date: today, description: 'd' }).expect(201);
    const id = created.body.task.id;
    const res = await api(t, a.host, north.key).patch(`/api/v1/tasks/${id}`, { due_date: null, description: null, person_id: null, title: '  Trimmed  ' }).expect(200);
    expect(res.body.task).toMatchObject({ due_date: null, description: '', person_id: null, customer_id: c, title: 'Trimmed', due_soon: false });
    expect(res.body.task.updated_at >= created.body.task.updated_at).toBe(true);
    for (const [body, field] of [
      [{ title: null }, 'title'],
      [{ status: null }, 'status'],
      [{ priority: null }, 'priority'],
      [{ assignee_id: null }, 'assignee_id'],
      [{ status: 'Later' }, 'status'],
      [{ due_date: 'tomorrow' }, 'due_date'],
      [{ owner_id: 1 }, 'owner_id'],
    ] as [object, string][]) {
      const r = await api(t, a.host, north.key).patch(`/api/v1/tasks/${id}`, body);
      expect([field, r.status]).toEqual([field, 400]);
      expect(r.body.message).toContain(field);
    }
    // a company that does not match the person
    const other = await company(a, north.user.id, 'Mismatch Co');
    await api(t, a.host, north.key).patch(`/api/v1/tasks/${id}`, { person_id: p }).expect(200);
    expect((await api(t, a.host, north.key).patch(`/api/v1/tasks/${id}`, { customer_id: other }).expect(400)).body.message).toContain('customer_id');
    const del = await api(t, a.host, north.key).delete(`/api/v1/tasks/${id}`).expect(200);
    expect(del.body).toEqual({ ok: true });
    await api(t, a.host, north.key).get(`/api/v1/tasks/${id}`).expect(404);
  });
});

describe('GET /api/v1/tasks', () => {
  let pager: U;
  let c: number;
  let o: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    pager = await createUser(t, a, { department: 'Paging', fullName: 'Paul Pager' });
    c = await company(a, pager.user.id, 'List Co');
    o = await opportunity(a, pager.user.id, c, 'List Opp');
    const specs: [string, object][] = [
      ['overdue', { due_date: addDays(today, -2) }],
      ['today', { due_date: today, customer_id: c }],
      ['later', { due_date: addDays(today, 20), opp_id: o }],
      ['done', { due_date: addDays(today, -5), status: 'Done' }],
      ['nodate', {}],
    ];
    for (const [key, body] of specs) {
      ids[key] = (await api(t, a.host, pager.key).post('/api/v1/tasks', { title: key, ...body }).expect(201)).body.task.id;
    }
  });
  const list = async (q: string) => idsOf(await api(t, a.host, pager.key).get(`/api/v1/tasks?${q}`).expect(200));

  it('filters by overdue, open, status, company, opportunity, assignee and due dates', async () => {
    expect(await list('overdue=true')).toEqual([ids.overdue]);
    expect(await list('overdue=false')).toEqual([ids.nodate, ids.done, ids.later, ids.today]);
    expect(await list('open=true')).toEqual([ids.nodate, ids.later, ids.today, ids.overdue]);
    expect(await list('open=false')).toEqual([ids.done]);
    expect(await list('status=Done')).toEqual([ids.done]);
    expect(await list(`customer_id=${c}`)).toEqual([ids.later, ids.today]);
    expect(await list(`opp_id=${o}`)).toEqual([ids.later]);
    expect(await list(`assignee_id=${pager.user.id}`)).toHaveLength(5);
    expect(await list(`assignee_id=${north.user.id}`)).toEqual([]);
    expect(await list(`due_before=${today}`)).toEqual([ids.done, ids.today, ids.overdue]);
    expect(await list(`due_after=${today}`)).toEqual([ids.later, ids.today]);
    expect(await list(`due_after=${addDays(today, -2)}&due_before=${today}&open=true`)).toEqual([ids.today, ids.overdue]);
    const res = await api(t, a.host, pager.key).get('/api/v1/tasks?overdue=true').expect(200);
    expect(res.body.items[0]).toMatchObject({ title: 'overdue', overdue: true, owner: { full_name: 'Paul Pager' }, assignee: { full_name: 'Paul Pager' } });
  });

  it('validates the query', async () => {
    for (const [q, field] of [
      ['overdue=yes', 'overdue'],
      ['open=1', 'open'],
      ['due_before=2026-02-30', 'due_before'],
      ['due_after=x', 'due_after'],
      ['assignee_id=-1', 'assignee_id'],
      ['due_after=2026-03-02&due_before=2026-03-01', 'due_before'],
      ['owner=1', 'owner'],
    ]) {
      const res = await api(t, a.host, pager.key).get(`/api/v1/tasks?${q}`);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body.message).toContain(field);
    }
  });

  it('pages newest first, stable under inserts', async () => {
    const p1 = await api(t, a.host, pager.key).get('/api/v1/tasks?limit=2').expect(200);
    expect(idsOf(p1)).toEqual([ids.nodate, ids.done]);
    await api(t, a.host, pager.key).post('/api/v1/tasks', { title: 'inserted between pages' }).expect(201);
    const p2 = await api(t, a.host, pager.key).get(`/api/v1/tasks?limit=2&cursor=${p1.body.next_cursor}`).expect(200);
    expect(idsOf(p2)).toEqual([ids.later, ids.today]);
    const p3 = await api(t, a.host, pager.key).get(`/api/v1/tasks?limit=2&cursor=${p2.body.next_cursor}`).expect(200);
    expect(idsOf(p3)).toEqual([ids.overdue]);
    expect(p3.body.next_cursor).toBeNull();
  });

  it('syncs with sort=update and updated_since', async () => {
    await new Promise((r) => setTimeout(r, 20));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await api(t, a.host, pager.key).patch(`/api/v1/tasks/${ids.today}`, { priority: 'High' }).expect(200);
    await api(t, a.host, pager.key).patch(`/api/v1/tasks/${ids.overdue}`, { priority: 'High' }).expect(200);
    const p1 = await api(t, a.host, pager.key).get(`/api/v1/tasks?sort=update&updated_since=${since}&limit=1`).expect(200);
    expect(idsOf(p1)).toEqual([ids.today]);
    const p2 = await api(t, a.host, pager.key).get(`/api/v1/tasks?sort=update&updated_since=${since}&limit=1&cursor=${p1.body.next_cursor}`).expect(200);
    expect(idsOf(p2)).toEqual([ids.overdue]);
    expect(p2.body.next_cursor).toBeNull();
  });
});

describe('linked names and visibility', () => {
  it("names a task's company, person and opportunity only to a reader who may open them", async () => {
    const c = await company(a, north.user.id, 'Hidden North Co');
    const p = await person(a, north.user.id, c, 'Hanna Hidden');
    const o = await opportunity(a, north.user.id, c, 'Hidden North Deal');
    const id = (await api(t, a.host, north.key).post('/api/v1/tasks', { title: 'For Sam', assignee_id: south.user.id, customer_id: c, person_id: p, opp_id: o }).expect(201)).body.task.id;
    const names = (body: { task: { customer: string | null; person: string | null; opp: string | null } }) => [body.task.customer, body.task.person, body.task.opp];
    expect(names((await api(t, a.host, north.key).get(`/api/v1/tasks/${id}`).expect(200)).body)).toEqual(['Hidden North Co', 'Hanna Hidden', 'Hidden North Deal']);
    // the assignee sees the task, not the other department's records: ids stay, names do not
    const asSouth = (await api(t, a.host, south.key).get(`/api/v1/tasks/${id}`).expect(200)).body;
    expect([asSouth.task.customer_id, asSouth.task.person_id, asSouth.task.opp_id]).toEqual([c, p, o]);
    expect(names(asSouth)).toEqual(['', '', '']);
    await api(t, a.host, south.key).get(`/api/v1/companies/${c}`).expect(404);
    expect(names((await api(t, a.host, a.adminKey).get(`/api/v1/tasks/${id}`).expect(200)).body)).toEqual(['Hidden North Co', 'Hanna Hidden', 'Hidden North Deal']);
  });
});
