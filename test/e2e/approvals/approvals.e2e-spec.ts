import { Workspace } from '../../../src/domain/workspace/workspace.entity';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let other: Fixture;
let boss: { user: { id: number }; key: string };
let ali: { user: { id: number }; key: string };
let veli: { user: { id: number }; key: string };
let leaveId: number;
let purchaseId: number;

const LEAVE = {
  name: 'Leave request',
  fields: [
    { key: 'type', label: 'Leave type', type: 'leave_type', required: true, options: ['Annual leave', 'Sick leave', 'Unpaid leave'] },
    { key: 'start', label: 'First day', type: 'date' },
    { key: 'end', label: 'Last day', type: 'date' },
    { key: 'stand_in', label: 'Stand-in', type: 'person' },
    { key: 'handover_done', label: 'Handover done', type: 'checkbox' },
  ],
  working_days: { start: 'start', end: 'end' },
};

const PURCHASE = {
  name: 'Purchase approval',
  fields: [
    { key: 'item', label: 'Item', type: 'text', required: true },
    { key: 'amount', label: 'Amount (EUR)', type: 'number', required: true },
    { key: 'needed_by', label: 'Needed by', type: 'date' },
  ],
};

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  other = await createWorkspace(t);
  boss = await createUser(t, a, { department: 'Management', fullName: 'Büşra Boss' });
  ali = await createUser(t, a, { department: 'Sales', fullName: 'Ali Sales' });
  veli = await createUser(t, a, { department: 'Sales', fullName: 'Veli Sales' });
  leaveId = (await admin().post('/api/v1/approvals/forms', { ...LEAVE, approver_id: boss.user.id }).expect(201)).body.form.id;
  purchaseId = (await admin().post('/api/v1/approvals/forms', { ...PURCHASE, approver_id: a.admin.id }).expect(201)).body.form.id;
});
afterAll(() => t.close());

const admin = () => api(t, a.host, a.adminKey);
const as = (u: { key: string }) => api(t, a.host, u.key);
const leave = (start: string, end: string, extra: object = {}) => ({ values: { type: 'Annual leave', start, end, ...extra } });

describe('approval lists (forms)', () => {
  it('lists the lists with ids, fields, approver and the working-days pair', async () => {
    const r = await as(ali).get('/api/v1/approvals/forms').expect(200);
    expect(r.body.ok).toBe(true);
    const names = r.body.forms.map((f: { name: string }) => f.name);
    expect(names).toEqual(['Leave request', 'Purchase approval']);
    const l = r.body.forms.find((f: { id: number }) => f.id === leaveId);
    expect(l).toMatchObject({ id: leaveId, approver: { id: boss.user.id, full_name: 'Büşra Boss' }, working_days: { start: 'start', end: 'end' }, active: true });
    expect(l.fields[0]).toEqual({ key: 'type', label: 'Leave type', type: 'leave_type', required: true, options: ['Annual leave', 'Sick leave', 'Unpaid leave'] });
    // the working-days dates are required
    expect(l.fields.find((f: { key: string }) => f.key === 'start').required).toBe(true);
    expect(r.body.forms.find((f: { id: number }) => f.id === purchaseId).working_days).toBeNull();
  });

  it('only admins create and change lists; definitions are checked field by field', async () => {
    expect((await as(ali).post('/api/v1/approvals/forms', { ...PURCHASE, approver_id: boss.user.id }).expect(403)).body.error).toBe('forbidden');
    expect((await as(ali).patch(`/api/v1/approvals/forms/${purchaseId}`, { name: 'X' }).expect(403)).body.error).toBe('forbidden');
    const bad = await admin().post('/api/v1/approvals/forms', { name: 'Bad', approver_id: boss.user.id, fields: [{ key: 'Start Date', label: '', type: 'datetime' }] }).expect(400);
    expect(bad.body.fields).toEqual(['fields[0].key', 'fields[0].label', 'fields[0].type']);
    const noOptions = await admin().post('/api/v1/approvals/forms', { name: 'Bad', approver_id: boss.user.id, fields: [{ key: 'kind', label: 'Kind', type: 'leave_type' }] }).expect(400);
    expect(noOptions.body.field).toBe('fields[0].options');
    const days = await admin().post('/api/v1/approvals/forms', { name: 'Bad', approver_id: boss.user.id, fields: PURCHASE.fields, working_days: { start: 'item', end: 'needed_by' } }).expect(400);
    expect(days.body.field).toBe('working_days.start');
    expect((await admin().post('/api/v1/approvals/forms', { name: 'Bad', approver_id: 999999, fields: PURCHASE.fields }).expect(400)).body.field).toBe('approver_id');
    expect((await admin().post('/api/v1/approvals/forms', { name: 'Bad', fields: PURCHASE.fields }).expect(400)).body.field).toBe('approver_id');
    expect((await admin().post('/api/v1/approvals/forms', { name: 'Bad', approver_id: boss.user.id, fields: [] }).expect(400)).body.field).toBe('fields');

    const tmp = (await admin().post('/api/v1/approvals/forms', { name: 'Travel', approver_id: boss.user.id, fields: [{ key: 'city', label: 'City', type: 'text' }] }).expect(201)).body.form;
    const changed = await admin().patch(`/api/v1/approvals/forms/${tmp.id}`, { name: 'Business travel', approver_id: ali.user.id, active: false }).expect(200);
    expect(changed.body.form).toMatchObject({ name: 'Business travel', approver: { id: ali.user.id }, active: false });
    expect((await as(ali).get('/api/v1/approvals/forms').expect(200)).body.forms.map((f: { id: number }) => f.id)).not.toContain(tmp.id);
    expect((await admin().get('/api/v1/approvals/forms?all=true').expect(200)).body.forms.map((f: { id: number }) => f.id)).toContain(tmp.id);
    // an inactive list takes no entries
    expect((await as(ali).post(`/api/v1/approvals/forms/${tmp.id}`, { values: { city: 'Izmir' } }).expect(404)).body.error).toBe('not_found');
    expect((await admin().patch('/api/v1/approvals/forms/999999', { name: 'Nope' }).expect(404)).body.error).toBe('not_found');
  });
});

describe('submitting a request (4.10)', () => {
  it('answers {ok, item} with the new pending request and its working days', async () => {
    const r = await as(ali).post(`/api/v1/approvals/forms/${leaveId}`, { ...leave('2026-02-02', '2026-02-06', { stand_in: veli.user.id, handover_done: true }), note: 'family visit' }).expect(201);
    expect(r.body).toEqual({
      ok: true,
      item: {
        id: expect.any(Number),
        list_id: leaveId,
        list: 'Leave request',
        status: 'pending',
        approver: expect.objectContaining({ id: boss.user.id, full_name: 'Büşra Boss' }),
        requester: expect.objectContaining({ id: ali.user.id }),
        values: { type: 'Annual leave', start: '2026-02-02', end: '2026-02-06', stand_in: veli.user.id, handover_done: true },
        working_days: 5,
        holidays: [],
        note: 'family visit',
        decision_note: '',
        decided_by: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        decided_at: null,
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        can_decide: false,
      },
    });
  });

  it('counts working days before submitting, by the same rules', async () => {
    const r = await as(ali).get('/api/v1/approvals/working-days?start=2026-10-26&end=2026-10-30').expect(200);
    expect(r.body).toEqual({ ok: true, start: '2026-10-26', end: '2026-10-30', working_days: 4, holidays: [{ date: '2026-10-29', name: expect.stringContaining('Cumhuriyet') }] });
    const weekend = await as(ali).get('/api/v1/approvals/working-days?start=2026-10-31&end=2026-11-01').expect(200);
    expect(weekend.body).toMatchObject({ working_days: 0, holidays: [] });
    expect((await as(ali).get('/api/v1/approvals/working-days?start=2026-10-30&end=2026-10-26').expect(400)).body.field).toBe('end');
    expect((await as(ali).get('/api/v1/approvals/working-days?start=2026-02-30&end=2026-03-02').expect(400)).body.field).toBe('start');
    expect((await as(ali).get('/api/v1/approvals/working-days?start=2026-01-01&end=2027-01-02').expect(400)).body.field).toBe('end');
  });

  it('excludes Republic Day (29 October 2026) and the bayram days of 2026, but not the arife', async () => {
    const republic = await as(ali).post(`/api/v1/approvals/forms/${leaveId}`, leave('2026-10-26', '2026-10-30')).expect(201);
    expect(republic.body.item.working_days).toBe(4);
    expect(republic.body.item.holidays).toEqual([{ date: '2026-10-29', name: expect.stringContaining('Cumhuriyet') }]);
    // Ramazan Bayramı: arife Thu 19 March (counted), Fri 20 March a holiday
    const ramazan = await as(ali).post(`/api/v1/approvals/forms/${leaveId}`, leave('2026-03-16', '2026-03-20')).expect(201);
    expect(ramazan.body.item.working_days).toBe(4);
    // Kurban Bayramı: Wed 27 - Sat 30 May; arife Tue 26 May counted
    const kurban = await as(ali).post(`/api/v1/approvals/forms/${leaveId}`, leave('2026-05-25', '2026-06-05')).expect(201);
    expect(kurban.body.item.working_days).toBe(7);
    expect(kurban.body.item.holidays.map((h: { date: string }) => h.date)).toEqual(['2026-05-27', '2026-05-28', '2026-05-29']);
  });

  it("uses the workspace's holiday country", async () => {
    await expect(t.get(WorkspaceService).setConstants(other.ws.slug, { holiday_country: 'tr' })).rejects.toMatchObject({ code: 'invalid', extra: { field: 'holiday_country' } });
    await t.get(WorkspaceService).setConstants(other.ws.slug, { holiday_country: 'DE' });
    const boss2 = await createUser(t, other, { department: 'X' });
    const list = (await api(t, other.host, other.adminKey).post('/api/v1/approvals/forms', { ...LEAVE, approver_id: boss2.user.id }).expect(201)).body.form;
    const r = await api(t, other.host, other.adminKey).post(`/api/v1/approvals/forms/${list.id}`, leave('2026-10-26', '2026-10-30')).expect(201);
    expect(r.body.item.working_days).toBe(5);
    const ws = await db(t).findOneByOrFail(Workspace, { id: other.ws.id });
    expect(ws.constants.holiday_country).toBe('DE');
  });

  it('approves directly when the caller is the approver', async () => {
    const r = await as(boss).post(`/api/v1/approvals/forms/${leaveId}`, leave('2026-04-06', '2026-04-10')).expect(201);
    expect(r.body.item).toMatchObject({ status: 'approved', decided_by: { id: boss.user.id }, can_decide: false });
    expect(r.body.item.decided_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const p = await admin().post(`/api/v1/approvals/forms/${purchaseId}`, { values: { item: 'Laptop', amount: 1450.5 } }).expect(201);
    expect(p.body.item).toMatchObject({ status: 'approved', values: { item: 'Laptop', amount: 1450.5 }, working_days: null });
  });

  it('is 400 naming the field when values are missing or invalid', async () => {
    const post = (body: object) => as(ali).post(`/api/v1/approvals/forms/${leaveId}`, body);
    expect((await post({}).expect(400)).body).toMatchObject({ ok: false, error: 'invalid', field: 'values' });
    expect((await post({ values: 'x' }).expect(400)).body.field).toBe('values');
    expect((await post({ values: { type: 'Annual leave', end: '2026-02-06' } }).expect(400)).body.field).toBe('values.start');
    expect((await post(leave('2026-02-31', '2026-03-02')).expect(400)).body.field).toBe('values.start');
    expect((await post(leave('2026-02-06', '2026-02-02')).expect(400)).body.field).toBe('values.end');
    expect((await post(leave('2026-01-01', '2027-06-01')).expect(400)).body.field).toBe('values.end');
    expect((await post({ values: { type: 'Holiday', start: '2026-02-02', end: '2026-02-03' } }).expect(400)).body.field).toBe('values.type');
    expect((await post(leave('2026-02-02', '2026-02-03', { stand_in: 'Veli' })).expect(400)).body.field).toBe('values.stand_in');
    expect((await post(leave('2026-02-02', '2026-02-03', { stand_in: 999999 })).expect(400)).body.field).toBe('values.stand_in');
    expect((await post(leave('2026-02-02', '2026-02-03', { handover_done: 'yes' })).expect(400)).body.field).toBe('values.handover_done');
    expect((await post(leave('2026-02-02', '2026-02-03', { colour: 'red' })).expect(400)).body.field).toBe('values.colour');
    const multi = await post({ values: { start: 'x', end: 'y' } }).expect(400);
    expect(multi.body.fields).toEqual(['values.type', 'values.start', 'values.end']);
    const p = (body: object) => as(ali).post(`/api/v1/approvals/forms/${purchaseId}`, body);
    expect((await p({ values: { item: 'Desk', amount: '100' } }).expect(400)).body.field).toBe('values.amount');
    expect((await p({ values: { item: '   ', amount: 100 } }).expect(400)).body.field).toBe('values.item');
    expect((await p({ values: { item: 'x'.repeat(2001), amount: 100 } }).expect(400)).body.field).toBe('values.item');
    expect((await p({ values: { item: 'Desk', amount: 100 }, note: 5 }).expect(400)).body.field).toBe('note');
  });

  it('is 404 for an unknown list and for a list of another workspace', async () => {
    expect((await as(ali).post('/api/v1/approvals/forms/999999', leave('2026-02-02', '2026-02-03')).expect(404)).body.error).toBe('not_found');
    const theirs = (await api(t, other.host, other.adminKey).post('/api/v1/approvals/forms', { ...PURCHASE, approver_id: other.admin.id }).expect(201)).body.form;
    expect((await admin().post(`/api/v1/approvals/forms/${theirs.id}`, { values: { item: 'x', amount: 1 } }).expect(404)).body.error).toBe('not_found');
    expect((await admin().patch(`/api/v1/approvals/forms/${theirs.id}`, { name: 'mine' }).expect(404)).body.error).toBe('not_found');
    expect((await admin().get('/api/v1/approvals/forms').expect(200)).body.forms.map((f: { id: number }) => f.id)).not.toContain(theirs.id);
  });
});

describe('deciding', () => {
  it('lists pending requests for the approver, lets only the approver (or an admin) decide, once', async () => {
    const item = (await as(veli).post(`/api/v1/approvals/forms/${leaveId}`, leave('2026-07-06', '2026-07-10')).expect(201)).body.item;
    const pending = await as(boss).get('/api/v1/approvals?status=pending').expect(200);
    expect(pending.body.items.map((i: { id: number }) => i.id)).toContain(item.id);
    expect(pending.body.items.every((i: { status: string; approver: { id: number } }) => i.status === 'pending' && i.approver.id === boss.user.id)).toBe(true);
    expect(pending.body.items.find((i: { id: number }) => i.id === item.id).can_decide).toBe(true);

    // the requester sees it but may not decide: 403; another sales user does not see it: 404
    expect((await as(veli).get(`/api/v1/approvals/${item.id}`).expect(200)).body.item.id).toBe(item.id);
    expect((await as(veli).post(`/api/v1/approvals/${item.id}/approve`, {}).expect(403)).body.error).toBe('forbidden');
    expect((await as(ali).get(`/api/v1/approvals/${item.id}`).expect(404)).body.error).toBe('not_found');
    expect((await as(ali).post(`/api/v1/approvals/${item.id}/approve`, {}).expect(404)).body.error).toBe('not_found');
    expect((await as(ali).post(`/api/v1/approvals/${item.id}/reject`, {}).expect(404)).body.error).toBe('not_found');

    const ok = await as(boss).post(`/api/v1/approvals/${item.id}/approve`, { note: 'enjoy' }).expect(200);
    expect(ok.body.item).toMatchObject({ status: 'approved', decision_note: 'enjoy', decided_by: { id: boss.user.id }, can_decide: false });
    expect((await as(boss).post(`/api/v1/approvals/${item.id}/approve`, {}).expect(409)).body.error).toBe('conflict');
    expect((await as(boss).post(`/api/v1/approvals/${item.id}/reject`, {}).expect(409)).body.error).toBe('conflict');
    expect((await as(boss).get('/api/v1/approvals?status=pending').expect(200)).body.items.map((i: { id: number }) => i.id)).not.toContain(item.id);
    expect((await as(boss).get('/api/v1/approvals?status=approved').expect(200)).body.items.map((i: { id: number }) => i.id)).toContain(item.id);
  });

  it('lets an admin reject, with a note', async () => {
    const item = (await as(veli).post(`/api/v1/approvals/forms/${leaveId}`, leave('2026-08-03', '2026-08-04')).expect(201)).body.item;
    expect((await admin().get(`/api/v1/approvals/${item.id}`).expect(200)).body.item.can_decide).toBe(true);
    const r = await admin().post(`/api/v1/approvals/${item.id}/reject`, { note: 'busy season' }).expect(200);
    expect(r.body.item).toMatchObject({ status: 'rejected', decision_note: 'busy season', decided_by: { id: a.admin.id } });
    expect((await as(veli).get(`/api/v1/approvals/${item.id}`).expect(200)).body.item.status).toBe('rejected');
  });

  it('shows requesters their own requests, approvers theirs, admins all; pages with a cursor', async () => {
    const mine = await as(ali).get('/api/v1/approvals?role=requester&limit=2').expect(200);
    expect(mine.body.items).toHaveLength(2);
    expect(mine.body.next_cursor).toEqual(expect.any(String));
    const rest = await as(ali).get(`/api/v1/approvals?role=requester&limit=200&cursor=${mine.body.next_cursor}`).expect(200);
    const all = [...mine.body.items, ...rest.body.items];
    expect(all.every((i: { requester: { id: number } }) => i.requester.id === ali.user.id)).toBe(true);
    expect(new Set(all.map((i: { id: number }) => i.id)).size).toBe(all.length);
    // Ali approves nothing
    expect((await as(ali).get('/api/v1/approvals').expect(200)).body.items).toEqual([]);
    // all = own and assigned; admin: everything
    const veliAll = (await as(veli).get('/api/v1/approvals?role=all&limit=200').expect(200)).body.items;
    expect(veliAll.every((i: { requester: { id: number } }) => i.requester.id === veli.user.id)).toBe(true);
    const adminAll = (await admin().get('/api/v1/approvals?role=all&limit=200').expect(200)).body.items;
    expect(new Set(adminAll.map((i: { requester: { id: number } }) => i.requester.id))).toEqual(new Set([ali.user.id, veli.user.id, boss.user.id, a.admin.id]));
    expect((await admin().get(`/api/v1/approvals?role=all&list_id=${purchaseId}`).expect(200)).body.items.every((i: { list_id: number }) => i.list_id === purchaseId)).toBe(true);
    expect((await admin().get('/api/v1/approvals?status=done').expect(400)).body.field).toBe('status');
    expect((await admin().get('/api/v1/approvals?role=boss').expect(400)).body.field).toBe('role');
    expect((await admin().get('/api/v1/approvals?cursor=nonsense').expect(400)).body.field).toBe('cursor');
  });

  it("keeps another workspace's requests out (404)", async () => {
    const list = (await api(t, other.host, other.adminKey).post('/api/v1/approvals/forms', { ...PURCHASE, approver_id: other.admin.id }).expect(201)).body.form;
    const u = await createUser(t, other, {});
    const theirs = (await api(t, other.host, u.key).post(`/api/v1/approvals/forms/${list.id}`, { values: { item: 'ZQX', amount: 1 } }).expect(201)).body.item;
    expect((await admin().get(`/api/v1/approvals/${theirs.id}`).expect(404)).body.error).toBe('not_found');
    expect((await admin().post(`/api/v1/approvals/${theirs.id}/approve`, {}).expect(404)).body.error).toBe('not_found');
    expect((await admin().get('/api/v1/approvals?role=all&limit=200').expect(200)).text).not.toContain('ZQX');
    expect((await api(t, other.host, other.adminKey).get(`/api/v1/approvals/${theirs.id}`).expect(200)).body.item.status).toBe('pending');
  });
});

describe('access', () => {
  it('needs a credential, crm.write for writes and the Approvals module', async () => {
    await api(t, a.host).get('/api/v1/approvals/forms').expect(401);
    await api(t, a.host).post(`/api/v1/approvals/forms/${leaveId}`, leave('2026-02-02', '2026-02-03')).expect(401);
    const readOnly = await issueKey(t, a, 'oauth', ali.user.id, ['crm.read']);
    await api(t, a.host, readOnly).get('/api/v1/approvals/forms').expect(200);
    expect((await api(t, a.host, readOnly).post(`/api/v1/approvals/forms/${leaveId}`, leave('2026-02-02', '2026-02-03')).expect(403)).body.error).toBe('insufficient_scope');
    expect((await api(t, a.host, readOnly).post('/api/v1/approvals/1/approve', {}).expect(403)).body.error).toBe('insufficient_scope');
    const noModule = await createUser(t, a, { modules: ['Customers'] });
    expect((await as(noModule).get('/api/v1/approvals/forms').expect(403)).body.error).toBe('module');
    expect((await as(noModule).post(`/api/v1/approvals/forms/${leaveId}`, leave('2026-02-02', '2026-02-03')).expect(403)).body.error).toBe('module');
    expect((await as(noModule).get('/api/v1/approvals').expect(403)).body.error).toBe('module');
  });
});
