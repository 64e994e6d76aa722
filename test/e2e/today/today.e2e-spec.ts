import { addDays, todayIn } from '../../../src/platform/common/time';
import { Activity } from '../../../src/domain/crm/activities/activity.entity';
import { CalendarEntry } from '../../../src/domain/crm/calendar/calendar-entry.entity';
import { Company } from '../../../src/domain/crm/companies/company.entity';
import { RecordOpen } from '../../../src/domain/crm/record-opens/record-open.entity';
import { Task } from '../../../src/domain/crm/tasks/task.entity';
import { weekStartOf } from '../../../src/domain/crm/today/today.service';
import { User } from '../../../src/domain/identity/user.entity';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp, db } from '../../helpers/test-app';
import { requestQueryCount } from '../../helpers/query-log';

let t: TestApp;
let a: Fixture;
let me: { user: User; key: string };
let mate: { user: User; key: string };
let other: { user: User; key: string };
let today: string;

type Rec = { id: number; name: string };
const as = (key: string) => api(t, a.host, key);
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const ids = (items: { id: number }[]) => items.map((i) => i.id);
let seq = 0;
const company = async (key: string, body: Record<string, unknown> = {}): Promise<Rec> =>
  (await as(key).post('/api/v1/companies', { name: `Co ${++seq}`, ...body }).expect(201)).body.company;
const person = async (key: string, body: Record<string, unknown> = {}): Promise<Rec> =>
  (await as(key).post('/api/v1/people', { name: `Person ${++seq}`, ...body }).expect(201)).body.person;
const setCompany = (id: number, patch: Partial<Company>) => db(t).getRepository(Company).update({ workspaceId: a.ws.id, id }, patch);
/** A timestamp at local time `time` on `date` in the workspace's zone. */
const localAt = async (date: string, time: string): Promise<Date> =>
  (await db(t).query('SELECT ((CAST($1 AS date)::timestamp + CAST($2 AS interval)) AT TIME ZONE $3) AS at', [date, time, a.ws.timezone]))[0].at;
const getToday = async (key: string) => (await as(key).get('/api/v1/today').expect(200)).body;

const CUSTOMER_CARD = [
  'id', 'rid', 'name', 'initials', 'city', 'sector', 'status', 'status_label', 'unit', 'currency', 'currency_default', 'phone', 'active', 'at_risk',
  'last_visit', 'next_visit_due', 'open_opps', 'period', 'visit_overdue_days', 'pending_state', 'visit_state', 'potential_kg', 'main_contact', 'owner',
].sort();
const CONTACT_CARD = ['id', 'customer_id', 'customer', 'department', 'email', 'is_former', 'is_main', 'name', 'note', 'phone', 'rid', 'title', 'wa'].sort();

// fixtures
let mineNull: Rec, mineLater: Rec, mineOverdue: Rec, mineArchived: Rec, mineGiven: Rec;
let mate1: Rec, mate2: Rec, otherCo: Rec;
let pMine1: Rec, pMine2: Rec, pMate: Rec, pOther: Rec;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'todaya');
  today = todayIn(a.ws.timezone);
  me = await createUser(t, a, { department: 'North', fullName: 'Mia Me' });
  mate = await createUser(t, a, { department: 'North' });
  other = await createUser(t, a, { department: 'South' });

  mineNull = await company(me.key, { city: 'Bursa', sector: 'Food', phone: '1', potential_kg: 50, unit: 'kg', currency: 'EUR' });
  mineLater = await company(me.key);
  mineOverdue = await company(me.key, { status: 'Active' });
  mineArchived = await company(me.key);
  mineGiven = await company(me.key);
  await setCompany(mineNull.id, { nextVisitDue: null });
  await setCompany(mineLater.id, { nextVisitDue: addDays(today, 10) });
  await setCompany(mineOverdue.id, { nextVisitDue: addDays(today, -2), lastVisit: addDays(today, -23) });
  await as(me.key).delete(`/api/v1/companies/${mineArchived.id}`).expect(200);
  mate1 = await company(mate.key);
  mate2 = await company(mate.key);
  await setCompany(mate1.id, { nextVisitDue: addDays(today, 5) });
  await setCompany(mate2.id, { nextVisitDue: addDays(today, 1) });
  otherCo = await company(other.key);

  pMine1 = await person(me.key, { customer_id: mineLater.id, title: 'Buyer', is_main: true, email: 'p1@x.test' });
  pMine2 = await person(me.key);
  pMate = await person(mate.key, { customer_id: mate1.id });
  pOther = await person(other.key);

  // recently opened: mineGiven (then given away), mate1, mineLater (newest); people: pMate
  await as(me.key).get(`/api/v1/companies/${mineGiven.id}`).expect(200);
  await as(me.key).get(`/api/v1/companies/${mate1.id}`).expect(200);
  await as(me.key).get(`/api/v1/companies/${mineLater.id}`).expect(200);
  await as(me.key).get(`/api/v1/people/${pMate.id}`).expect(200);
  await as(a.adminKey).patch(`/api/v1/companies/${mineGiven.id}`, { owner_id: other.user.id }).expect(200);
  // an open of a record that is not visible (written directly) is left out too
  await db(t).getRepository(RecordOpen).insert({ workspaceId: a.ws.id, userId: me.user.id, recordType: 'company', recordId: otherCo.id, openedAt: new Date(Date.now() + 1000) });
});
afterAll(() => t.close());

describe('GET /api/v1/today', () => {
  it('has the documented shape', async () => {
    const d = await getToday(me.key);
    expect(Object.keys(d).sort()).toEqual(['actions', 'cards', 'date', 'meetings', 'ok', 'overdue', 'targets']);
    expect(d.ok).toBe(true);
    expect(d.date).toBe(today);
    expect(Object.keys(d.cards).sort()).toEqual(['contacts', 'customers', 'leads']);
    for (const k of ['contacts', 'customers', 'leads']) {
      expect(Object.keys(d.cards[k]).sort()).toEqual(['mine', 'n', 'recent', 'team']);
      expect(Object.keys(d.cards[k].n).sort()).toEqual(['mine', 'recent', 'team']);
      for (const n of Object.values(d.cards[k].n)) expect(Number.isInteger(n)).toBe(true);
    }
    expect(d.cards.leads).toEqual({ mine: [], team: [], recent: [], n: { mine: 0, recent: 0, team: 0 } });
    expect(Object.keys(d.overdue).sort()).toEqual(['tasks', 'visits']);
    expect(Object.keys(d.targets).sort()).toEqual(['tasks', 'visits', 'week_start']);
  });

  it('customer cards: mine by next visit (nulls last), team of the same department, visible recent opens', async () => {
    const c = (await getToday(me.key)).cards.customers;
    expect(ids(c.mine)).toEqual([mineOverdue.id, mineLater.id, mineNull.id]);
    expect(ids(c.team)).toEqual([mate2.id, mate1.id]);
    expect(ids(c.recent)).toEqual([mineLater.id, mate1.id]);
    expect(c.n).toEqual({ mine: 3, recent: 2, team: 2 });
    for (const item of [...c.mine, ...c.team, ...c.recent]) expect(Object.keys(item).sort()).toEqual(CUSTOMER_CARD);

    const x = c.mine.find((i: Rec) => i.id === mineNull.id);
    expect(x).toMatchObject({
      rid: `C-${mineNull.id}`,
      initials: `C${mineNull.name.split(' ')[1][0]}`,
      city: 'Bursa',
      sector: 'Food',
      status: 'Prospect',
      status_label: 'Prospect',
      unit: 'kg',
      currency: 'EUR',
      currency_default: 'EUR',
      phone: '1',
      active: true,
      at_risk: false,
      last_visit: today, // never visited: the creation date
      next_visit_due: null,
      open_opps: 0,
      period: 30,
      visit_overdue_days: 0,
      pending_state: 'none',
      visit_state: 'never',
      potential_kg: 50,
      main_contact: null,
      owner: { id: me.user.id, full_name: 'Mia Me', role: 'sales' },
    });
    for (const k of ['id', 'rid', 'name', 'initials', 'city', 'sector', 'status', 'status_label', 'unit', 'currency', 'currency_default', 'phone', 'pending_state', 'visit_state']) {
      expect([k, typeOf(x[k])]).toEqual([k, k === 'id' ? 'number' : 'string']);
    }
    const later = c.mine.find((i: Rec) => i.id === mineLater.id);
    expect(later.main_contact).toEqual({ email: 'p1@x.test', name: pMine1.name, phone: '', wa: '' });
    expect(later.next_visit_due).toBe(addDays(today, 10));
    const overdue = c.mine.find((i: Rec) => i.id === mineOverdue.id);
    expect(overdue).toMatchObject({ visit_state: 'overdue', visit_overdue_days: 2, period: 21, last_visit: addDays(today, -23), at_risk: false });
  });

  it('contact cards: mine, team and recent, with exactly the card fields', async () => {
    const c = (await getToday(me.key)).cards.contacts;
    expect(ids(c.mine).sort()).toEqual([pMine1.id, pMine2.id].sort());
    expect(ids(c.team)).toEqual([pMate.id]);
    expect(ids(c.recent)).toEqual([pMate.id]);
    expect(c.n).toEqual({ mine: 2, recent: 1, team: 1 });
    expect(ids([...c.mine, ...c.team, ...c.recent])).not.toContain(pOther.id);
    for (const item of [...c.mine, ...c.team, ...c.recent]) expect(Object.keys(item).sort()).toEqual(CONTACT_CARD);
    expect(c.mine.find((i: Rec) => i.id === pMine1.id)).toEqual({
      id: pMine1.id,
      customer_id: mineLater.id,
      customer: mineLater.name,
      department: '',
      email: 'p1@x.test',
      is_former: false,
      is_main: true,
      name: pMine1.name,
      note: '',
      phone: '',
      rid: `P-${pMine1.id}`,
      title: 'Buyer',
      wa: '',
    });
    expect(c.team[0]).toMatchObject({ customer_id: mate1.id, customer: mate1.name });
  });

  it('counts the full sets while returning at most 20 items', async () => {
    const busy = await createUser(t, a, { department: 'Busy' });
    for (let i = 0; i < 22; i++) await company(busy.key);
    const d = await getToday(busy.key);
    expect(d.cards.customers.mine).toHaveLength(20);
    expect(d.cards.customers.n).toEqual({ mine: 22, recent: 0, team: 0 });
    expect(d.cards.customers.team).toEqual([]);
  });

  it('has an empty team for a user without a department, and other teams see nothing of mine', async () => {
    const loner = await createUser(t, a, { department: '' });
    await company(loner.key);
    const d = await getToday(loner.key);
    expect(d.cards.customers.n).toEqual({ mine: 1, recent: 0, team: 0 });
    expect(d.cards.contacts.n).toEqual({ mine: 0, recent: 0, team: 0 });
    const o = await getToday(other.key);
    expect(ids(o.cards.customers.team)).toEqual([]);
    expect(ids(o.cards.customers.mine).sort()).toEqual([otherCo.id, mineGiven.id].sort());
  });

  it('lists my overdue visits as customer card items', async () => {
    const d = await getToday(me.key);
    expect(ids(d.overdue.visits)).toEqual([mineOverdue.id]);
    expect(Object.keys(d.overdue.visits[0]).sort()).toEqual(CUSTOMER_CARD);
    expect(d.overdue.visits[0].visit_state).toBe('overdue');
  });

  it('lists meetings starting today in the workspace time zone that I own or attend', async () => {
    const m = db(t);
    const entry = async (title: string, ownerId: number, date: string, time: string, attendeeIds: number[] = []) => {
      const startAt = await localAt(date, time);
      const r = await m.insert(CalendarEntry, { workspaceId: a.ws.id, title, startAt, endAt: new Date(startAt.getTime() + 3600_000), location: 'Office', attendeeIds, customerId: mineLater.id, ownerId });
      return r.identifiers[0].id as number;
    };
    const own = await entry('Own', me.user.id, today, '10:00');
    const attending = await entry('Attending', other.user.id, today, '09:00', [other.user.id, me.user.id]);
    const midnight = await entry('Midnight', me.user.id, today, '00:00');
    await entry('Tomorrow', me.user.id, addDays(today, 1), '00:00');
    await entry('Yesterday late', me.user.id, addDays(today, -1), '23:59');
    await entry('Not mine', other.user.id, today, '11:00', [other.user.id]);
    const d = await getToday(me.key);
    expect(ids(d.meetings)).toEqual([midnight, attending, own]);
    expect(d.meetings[2]).toEqual({ id: own, title: 'Own', start: `${today}T10:00:00`, end: `${today}T11:00:00`, location: 'Office', customer_id: mineLater.id });
  });

  it('lists open actions due within action_soon_days and overdue tasks', async () => {
    const m = db(t);
    const task = async (title: string, dueDate: string | null, status = 'Open', assigneeId = me.user.id, doneAt: Date | null = null) => {
      const r = await m.insert(Task, { workspaceId: a.ws.id, title, dueDate, priority: 'High', status, assigneeId, ownerId: assigneeId, customerId: mineLater.id, doneAt });
      return r.identifiers[0].id as number;
    };
    const dueToday = await task('Due today', today);
    const inThree = await task('In three days', addDays(today, 3), 'In progress');
    await task('In four days', addDays(today, 4));
    await task('Done today', today, 'Done');
    await task('Cancelled', addDays(today, -1), 'Cancelled');
    await task('No date', null);
    await task('Mate', today, 'Open', mate.user.id);
    const late = await task('Late', addDays(today, -1));
    const veryLate = await task('Very late', addDays(today, -30));
    const d = await getToday(me.key);
    expect(ids(d.actions)).toEqual([dueToday, inThree]);
    expect(d.actions[0]).toEqual({ id: dueToday, title: 'Due today', due_date: today, priority: 'High', status: 'Open', customer_id: mineLater.id, opp_id: null, overdue: false });
    expect(ids(d.overdue.tasks)).toEqual([veryLate, late]);
    expect(d.overdue.tasks[1]).toEqual({ id: late, title: 'Late', due_date: addDays(today, -1), priority: 'High', status: 'Open', customer_id: mineLater.id, opp_id: null, overdue: true });
    // the company now has open work
    expect(d.cards.customers.mine.find((i: Rec) => i.id === mineLater.id).pending_state).toBe('open_tasks');
  });

  it('reports weekly targets: my visits dated this week and my tasks done this week', async () => {
    const weekStart = weekStartOf(today);
    const m = db(t);
    const before = (await getToday(me.key)).targets;
    expect(before.week_start).toBe(weekStart);
    expect(new Date(`${weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    const visit = (ownerId: number, date: string) => m.insert(Activity, { workspaceId: a.ws.id, type: 'F2F', date, customerId: mineLater.id, ownerId });
    await visit(me.user.id, today);
    await visit(me.user.id, weekStart);
    await visit(me.user.id, addDays(weekStart, -1));
    await visit(mate.user.id, today);
    const task = (assigneeId: number, doneAt: Date | null) =>
      m.insert(Task, { workspaceId: a.ws.id, title: 'T', priority: 'Normal', status: doneAt ? 'Done' : 'Open', assigneeId, ownerId: assigneeId, doneAt });
    await task(me.user.id, new Date());
    await task(me.user.id, await localAt(weekStart, '00:00'));
    await task(me.user.id, await localAt(addDays(weekStart, -1), '23:59'));
    await task(mate.user.id, new Date());
    const after = (await getToday(me.key)).targets;
    expect(after).toEqual({
      week_start: weekStart,
      visits: { target: 10, done: before.visits.done + 2 },
      tasks: { target: 15, done: before.tasks.done + 2 },
    });
  });

  it('uses a fixed number of queries whatever the amount of data', async () => {
    await getToday(me.key);
    const first = await requestQueryCount(() => getToday(me.key));
    for (let i = 0; i < 4; i++) {
      const c = await company(me.key);
      await person(me.key, { customer_id: c.id, is_main: true });
      await person(mate.key);
      await company(mate.key);
    }
    expect(await requestQueryCount(() => getToday(me.key))).toBe(first);
    expect(first).toBeLessThan(40);
  });

  it('needs a token but no module', async () => {
    expect((await as('').get('/api/v1/today').expect(401)).body.error).toBe('unauthorized');
    const limited = await createUser(t, a, { modules: ['Opportunities'] });
    await as(limited.key).get('/api/v1/today').expect(200);
  });
});

describe('GET /api/v1/today shows only the parts whose modules the user has', () => {
  const ALL = ['Customers', 'Opportunities', 'Visits / Activities', 'Fair leads'];
  const EMPTY_CARD = { mine: [], team: [], recent: [], n: { mine: 0, recent: 0, team: 0 } };

  /** A user with `modules` owning a company (overdue visit, an open opportunity, an open task), a contact, a task due today and a meeting today. */
  async function dayOf(modules: string[]) {
    const u = await createUser(t, a, { department: `Mods ${++seq}`, modules });
    const admin = as(a.adminKey);
    const co = (await admin.post('/api/v1/companies', { name: `Mod co ${++seq}`, owner_id: u.user.id }).expect(201)).body.company;
    await setCompany(co.id, { nextVisitDue: addDays(today, -3) });
    await admin.post('/api/v1/people', { name: `Mod person ${++seq}`, customer_id: co.id, owner_id: u.user.id }).expect(201);
    await admin.post('/api/v1/opportunities', { name: `Mod deal ${++seq}`, customer_id: co.id }).expect(201);
    await admin.post('/api/v1/tasks', { title: 'Call them', customer_id: co.id, assignee_id: u.user.id, due_date: today }).expect(201);
    await admin.post('/api/v1/calendar', { title: 'Meet them', start: `${today}T10:00:00`, end: `${today}T11:00:00`, attendee_ids: [u.user.id] }).expect(201);
    return { co, day: await getToday(u.key) };
  }

  it('all modules: every part, with opportunity and task figures on the customer card', async () => {
    const { co, day } = await dayOf(ALL);
    expect(ids(day.cards.customers.mine)).toEqual([co.id]);
    expect(day.cards.customers.mine[0]).toMatchObject({ open_opps: 1, pending_state: 'open_tasks' });
    expect(day.cards.contacts.n.mine).toBe(1);
    expect(day.meetings.length).toBe(1);
    expect(day.actions.length).toBe(1);
    expect(ids(day.overdue.visits)).toEqual([co.id]);
    expect(day.targets.visits.target).toBe(10);
    expect(day.targets.tasks.target).toBe(15);
  });

  it('Customers only: customer and contact cards without opportunity or task figures; no visits, tasks or meetings', async () => {
    const { co, day } = await dayOf(['Customers']);
    expect(ids(day.cards.customers.mine)).toEqual([co.id]);
    expect(day.cards.customers.mine[0]).toMatchObject({ open_opps: 0, pending_state: 'none', visit_state: 'overdue' });
    expect(day.cards.contacts.n.mine).toBe(1);
    expect(day.cards.leads).toEqual(EMPTY_CARD);
    expect(day.meetings).toEqual([]);
    expect(day.actions).toEqual([]);
    expect(day.overdue).toEqual({ tasks: [], visits: [] });
    expect(day.targets.visits).toEqual({ target: 0, done: 0 });
    expect(day.targets.tasks).toEqual({ target: 0, done: 0 });
  });

  it('Customers and Opportunities: open_opps counts, task figures stay off', async () => {
    const { day } = await dayOf(['Customers', 'Opportunities']);
    expect(day.cards.customers.mine[0]).toMatchObject({ open_opps: 1, pending_state: 'none' });
    expect(day.actions).toEqual([]);
  });

  it('Visits / Activities only: meetings and actions, empty customer and contact cards', async () => {
    const { day } = await dayOf(['Visits / Activities']);
    expect(day.cards.customers).toEqual(EMPTY_CARD);
    expect(day.cards.contacts).toEqual(EMPTY_CARD);
    expect(day.cards.leads).toEqual(EMPTY_CARD);
    expect(day.meetings.map((m: { title: string }) => m.title)).toEqual(['Meet them']);
    expect(day.actions.map((x: { title: string }) => x.title)).toEqual(['Call them']);
    // overdue visits are company cards: they need Customers too
    expect(day.overdue.visits).toEqual([]);
    expect(day.targets.visits.target).toBe(10);
  });

  it('keeps the response shape whatever the modules', async () => {
    const { day } = await dayOf([]);
    expect(Object.keys(day).sort()).toEqual(['actions', 'cards', 'date', 'meetings', 'ok', 'overdue', 'targets']);
    for (const k of ['contacts', 'customers', 'leads']) expect(day.cards[k]).toEqual(EMPTY_CARD);
    expect(day.meetings).toEqual([]);
  });
});

describe('customer card numbers and dates are typed as the spec says', () => {
  it('potential_kg is a number (0 when unknown); last_visit a date (the creation date when never visited)', async () => {
    const u = await createUser(t, a, { department: `Typed ${++seq}` });
    const unknown = await company(u.key);
    const known = await company(u.key, { potential_kg: 12.5 });
    const visited = await company(u.key);
    await as(u.key).post('/api/v1/activities', { type: 'Call', date: addDays(today, -4), customer_id: visited.id }).expect(201);
    const cards = (await getToday(u.key)).cards.customers.mine as Record<string, unknown>[];
    const byId = new Map(cards.map((c) => [c.id, c]));
    expect(byId.get(unknown.id)).toMatchObject({ potential_kg: 0, last_visit: today, visit_state: 'never' });
    expect(byId.get(known.id)).toMatchObject({ potential_kg: 12.5 });
    expect(byId.get(visited.id)).toMatchObject({ last_visit: addDays(today, -4), visit_state: 'ok' });
    for (const c of cards) {
      expect(typeOf(c.potential_kg)).toBe('number');
      expect(c.last_visit).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(c.next_visit_due).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
  });
});
