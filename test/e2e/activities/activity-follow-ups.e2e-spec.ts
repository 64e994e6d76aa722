import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { insertCompany } from '../../helpers/crm-fixtures';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * A visit's next step becomes work (activities/follow-up.ts): one task of the visit's owner, due on
 * next_date, on the company and opportunity, written with the visit and its visit_created event; editing
 * the visit changes that task and never makes a second one; undoing the visit takes the open task away.
 */
let t: TestApp;
let f: Fixture;
let rep: { user: { id: number }; key: string };
let admin: { user: { id: number }; key: string };

beforeAll(async () => {
  t = await startApp();
  f = await createWorkspace(t, 'followups');
  rep = await createUser(t, f, { department: 'North', fullName: 'Rana Rep' });
  admin = { user: { id: f.admin.id }, key: f.adminKey };
});
afterAll(() => t.close());

const as = (key = rep.key) => api(t, f.host, key);
const tasksOf = async (customerId: number) =>
  (await db(t).query('SELECT id, title, due_date::text AS due, assignee_id, customer_id, opp_id FROM tasks WHERE workspace_id = $1 AND customer_id = $2 ORDER BY id', [f.ws.id, customerId])) as {
    id: number; title: string; due: string | null; assignee_id: number; customer_id: number; opp_id: number | null;
  }[];

describe('a visit with a next step', () => {
  it('makes one task of the owner due on the date, linked to company and opportunity, with the event naming it', async () => {
    const c = await insertCompany(t, f, rep.user.id, { name: 'Marmara Ambalaj' });
    const opp = (await as().post('/api/v1/opportunities', { name: 'Film 2027', customer_id: c.id }).expect(201)).body.opp.id as number;
    const v = (
      await as(admin.key)
        .post('/api/v1/activities', { type: 'F2F', date: '2026-11-20', customer_id: c.id, opp_id: opp, owner_id: rep.user.id, next_action: 'Call', next_date: '2026-12-06', blocks: { next: { action: 'Call', date: '2026-12-06', note: 'Ask for the volume' } } })
        .expect(201)
    ).body.activity;
    expect(v.task_id).toEqual(expect.any(Number));
    expect(v.task).toBe('Call: Marmara Ambalaj');

    const task = (await as().get(`/api/v1/tasks/${v.task_id}`).expect(200)).body.task;
    expect(task).toMatchObject({ title: 'Call: Marmara Ambalaj', due_date: '2026-12-06', customer_id: c.id, opp_id: opp, description: 'Ask for the volume', assignee: expect.objectContaining({ id: rep.user.id }) });
    // on the owner's open tasks of that day (what Today and the calendar read)
    const due = (await as().get('/api/v1/tasks?due_after=2026-12-06&due_before=2026-12-06&open=true').expect(200)).body.items;
    expect(due.map((x: { id: number }) => x.id)).toEqual([v.task_id]);

    const events = await db(t).getRepository(OutboxEvent).findBy({ workspaceId: f.ws.id, event: 'visit_created', recordId: v.id });
    expect(events).toHaveLength(1);
    // spec 6.1 gives visit_created's fields exactly: the task is in the API's answer, not in the event
    expect(Object.keys(events[0]!.data as object).sort()).toEqual(['customer', 'date', 'id', 'next_action', 'note', 'type']);
    expect(events[0]!.data).toMatchObject({ id: v.id, next_action: 'Call' });
    expect(await tasksOf(c.id)).toHaveLength(1);
  });

  it('edits update that one task: a new date moves it, a cleared step removes it, a new step makes it again', async () => {
    const c = await insertCompany(t, f, rep.user.id, { name: 'Ege Plastik' });
    const v = (await as().post('/api/v1/activities', { type: 'Call', date: '2026-11-21', customer_id: c.id, next_action: 'Send offer', next_date: '2026-12-01' }).expect(201)).body.activity;
    const first = v.task_id as number;

    await as().patch(`/api/v1/activities/${v.id}`, { note: 'only the note' }).expect(200);
    const moved = (await as().patch(`/api/v1/activities/${v.id}`, { next_action: 'Visit', next_date: '2026-12-09' }).expect(200)).body.activity;
    expect(moved.task_id).toBe(first);
    expect(moved.task).toBe('Visit: Ege Plastik');
    expect(await tasksOf(c.id)).toEqual([expect.objectContaining({ id: first, title: 'Visit: Ege Plastik', due: '2026-12-09', assignee_id: rep.user.id })]);

    const cleared = (await as().patch(`/api/v1/activities/${v.id}`, { next_action: null, next_date: null }).expect(200)).body.activity;
    expect(cleared).toMatchObject({ task_id: null, task: null });
    expect(await tasksOf(c.id)).toEqual([]);

    const again = (await as().patch(`/api/v1/activities/${v.id}`, { next_action: 'Call', next_date: '2026-12-12' }).expect(200)).body.activity;
    expect(again.task_id).toEqual(expect.any(Number));
    expect(await tasksOf(c.id)).toEqual([expect.objectContaining({ id: again.task_id, due: '2026-12-12' })]);
  });

  it('leaves a finished task alone and does not make another when the visit is edited', async () => {
    const c = await insertCompany(t, f, rep.user.id, { name: 'Trakya Kimya' });
    const v = (await as().post('/api/v1/activities', { type: 'Call', date: '2026-11-22', customer_id: c.id, next_action: 'Call', next_date: '2026-12-02' }).expect(201)).body.activity;
    const me = (await as().get('/api/v1/me').expect(200)).body;
    const done = me.constants.task_done_status ?? me.constants.task_statuses.at(-1);
    await as().patch(`/api/v1/tasks/${v.task_id}`, { status: done }).expect(200);
    await as().patch(`/api/v1/activities/${v.id}`, { next_date: '2026-12-20' }).expect(200);
    const rows = await tasksOf(c.id);
    expect(rows).toEqual([expect.objectContaining({ id: v.task_id, due: '2026-12-02' })]);
  });

  it('a visit without a next step makes no task; deleting (undoing) a visit removes its open task', async () => {
    const c = await insertCompany(t, f, rep.user.id, { name: 'Karadeniz Gıda' });
    const plain = (await as().post('/api/v1/activities', { type: 'Call', date: '2026-11-23', customer_id: c.id }).expect(201)).body.activity;
    expect(plain).toMatchObject({ task_id: null, task: null });
    expect(await tasksOf(c.id)).toEqual([]);

    const v = (await as().post('/api/v1/activities', { type: 'Call', date: '2026-11-23', customer_id: c.id, next_action: 'Call', next_date: '2026-12-03' }).expect(201)).body.activity;
    await as().delete(`/api/v1/activities/${v.id}`).expect(200);
    expect(await tasksOf(c.id)).toEqual([]);
    await as().get(`/api/v1/tasks/${v.task_id}`).expect(404);
  });
});
