import { CalendarEntry } from '../../../src/domain/crm/calendar/calendar-entry.entity';
import { Company } from '../../../src/domain/crm/companies/company.entity';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { Person } from '../../../src/domain/crm/people/person.entity';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp, db } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let b: Fixture;
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
  t = await startApp({ env: { DEFAULT_TIMEZONE: 'Europe/Berlin' } });
  a = await createWorkspace(t, 'calendar');
  b = await createWorkspace(t, 'calendarb');
  north = await createUser(t, a, { department: 'North', fullName: 'Nora North' });
  north2 = await createUser(t, a, { department: 'North', fullName: 'Ned North' });
  south = await createUser(t, a, { department: 'South', fullName: 'Sam South' });
  custOnly = await createUser(t, a, { department: 'North', modules: ['Customers'] });
});
afterAll(() => t.close());

describe('POST /api/v1/calendar', () => {
  it('creates an entry in local time and returns every field with its JSON type', async () => {
    expect(a.ws.timezone).toBe('Europe/Berlin');
    const c = await company(a, north.user.id, 'Meeting Co');
    const p = await person(a, north.user.id, c, 'Mia Meeting');
    const o = await opportunity(a, north.user.id, c, 'Meeting Opp');
    const res = await api(t, a.host, north.key)
      .post('/api/v1/calendar', {
        title: 'Offer meeting',
        start: '2026-02-10T09:00:00',
        end: '2026-02-10T10:30:00',
        location: 'Their office',
        note: 'Bring samples',
        attendee_ids: [south.user.id, north.user.id],
        person_ids: [p],
        customer_id: c,
        opp_id: o,
      })
      .expect(201);
    expect(Object.keys(res.body).sort()).toEqual(['entry', 'ok']);
    const e = res.body.entry;
    expect(Object.keys(e).sort()).toEqual(
      ['id', 'title', 'start', 'end', 'location', 'note', 'attendees', 'person_ids', 'people', 'customer_id', 'customer', 'opp_id', 'opp', 'owner', 'can_edit', 'created_at', 'updated_at'].sort(),
    );
    expect(e).toMatchObject({
      title: 'Offer meeting',
      start: '2026-02-10T09:00:00',
      end: '2026-02-10T10:30:00',
      location: 'Their office',
      note: 'Bring samples',
      person_ids: [p],
      people: [{ id: p, name: 'Mia Meeting' }],
      customer_id: c,
      customer: 'Meeting Co',
      opp_id: o,
      opp: 'Meeting Opp',
      can_edit: true,
    });
    expect(typeOf(e.id)).toBe('number');
    expect(e.attendees.map((u: { id: number }) => u.id)).toEqual([north.user.id, south.user.id]);
    expect(e.attendees[1]).toEqual({ id: south.user.id, username: expect.any(String), full_name: 'Sam South', role: 'sales', role_label: 'Sales' });
    expect(e.owner).toMatchObject({ id: north.user.id, full_name: 'Nora North' });
    expect(e.created_at).toMatch(TS);
    expect(e.updated_at).toMatch(TS);
    // stored as the instant: Berlin is UTC+1 in February
    const row = await db(t).getRepository(CalendarEntry).findOneByOrFail({ workspaceId: a.ws.id, id: e.id });
    expect(row.startAt.toISOString()).toBe('2026-02-10T08:00:00.000Z');
    expect(row.endAt.toISOString()).toBe('2026-02-10T09:30:00.000Z');
    const got = await api(t, a.host, north.key).get(`/api/v1/calendar/${e.id}`).expect(200);
    expect(got.body).toEqual(res.body);
  });

  it('converts across the DST change (summer time, and a time in the spring-forward gap)', async () => {
    const summer = await api(t, a.host, north.key).post('/api/v1/calendar', { title: 'Summer', start: '2026-07-01T09:00:00', end: '2026-07-01T10:00:00' }).expect(201);
    expect(summer.body.entry).toMatchObject({ start: '2026-07-01T09:00:00', end: '2026-07-01T10:00:00', attendees: [{ id: north.user.id }], person_ids: [], customer_id: null, opp_id: null, location: '', note: '' });
    expect((await db(t).getRepository(CalendarEntry).findOneByOrFail({ workspaceId: a.ws.id, id: summer.body.entry.id })).startAt.toISOString()).toBe('2026-07-01T07:00:00.000Z');
    // 2026-03-29 02:30 does not exist in Berlin: it becomes 03:30 CEST
    const gap = await api(t, a.host, north.key).post('/api/v1/calendar', { title: 'Night', start: '2026-03-29T01:30:00', end: '2026-03-29T02:30:00' }).expect(201);
    expect(gap.body.entry).toMatchObject({ start: '2026-03-29T01:30:00', end: '2026-03-29T03:30:00' });
    const row = await db(t).getRepository(CalendarEntry).findOneByOrFail({ workspaceId: a.ws.id, id: gap.body.entry.id });
    expect((row.endAt.getTime() - row.startAt.getTime()) / 60_000).toBe(60);
  });

  it('validates and names the field', async () => {
    const other = await company(a, north.user.id, 'Other Meeting Co');
    const foreignOpp = await opportunity(a, north.user.id, other, 'Foreign Meeting Opp');
    const c = await company(a, north.user.id, 'Own Meeting Co');
    const ok = { title: 'ok', start: '2026-02-10T09:00:00', end: '2026-02-10T10:00:00' };
    const cases: [object, string][] = [
      [{ ...ok, title: undefined }, 'title'],
      [{ ...ok, title: ' ' }, 'title'],
      [{ ...ok, title: 'x'.repeat(301) }, 'title'],
      [{ ...ok, start: undefined }, 'start'],
      [{ ...ok, start: '2026-02-10T09:00:00Z' }, 'start'],
      [{ ...ok, start: '2026-02-10 09:00:00' }, 'start'],
      [{ ...ok, start: '2026-02-30T09:00:00' }, 'start'],
      [{ ...ok, end: '2026-02-10T25:00:00' }, 'end'],
      [{ ...ok, end: '2026-02-10T08:00:00' }, 'end'],
      [{ ...ok, end: ok.start }, 'end'],
      [{ ...ok, location: 'x'.repeat(301) }, 'location'],
      [{ ...ok, note: 'x'.repeat(5001) }, 'note'],
      [{ ...ok, attendee_ids: [999999] }, 'attendee_ids'],
      [{ ...ok, attendee_ids: [b.admin.id] }, 'attendee_ids'],
      [{ ...ok, attendee_ids: 'all' }, 'attendee_ids'],
      [{ ...ok, person_ids: [999999] }, 'person_ids'],
      [{ ...ok, customer_id: 999999 }, 'customer_id'],
      [{ ...ok, customer_id: c, opp_id: foreignOpp }, 'opp_id'],
      [{ ...ok, owner_id: north2.user.id }, 'owner_id'],
    ];
    for (const [body, field] of cases) {
      const res = await api(t, a.host, north.key).post('/api/v1/calendar', body);
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.body.error).toBe('invalid');
      expect(res.body.message).toContain(field);
    }
  });

  it('needs a credential and the module', async () => {
    await api(t, a.host).get('/api/v1/calendar?from=2026-01-01&to=2026-01-31').expect(401);
    await api(t, a.host).post('/api/v1/calendar', {}).expect(401);
    for (const r of [
      api(t, a.host, custOnly.key).get('/api/v1/calendar?from=2026-01-01&to=2026-01-31'),
      api(t, a.host, custOnly.key).post('/api/v1/calendar', {}),
      api(t, a.host, custOnly.key).get('/api/v1/calendar/1'),
      api(t, a.host, custOnly.key).patch('/api/v1/calendar/1', {}),
      api(t, a.host, custOnly.key).delete('/api/v1/calendar/1'),
    ]) {
      expect((await r.expect(403)).body.error).toBe('module');
    }
  });
});

describe('GET /api/v1/calendar (range)', () => {
  let ranger: U;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ranger = await createUser(t, a, { department: 'Range', fullName: 'Rita Range' });
    const specs: [string, string, string][] = [
      ['spansStart', '2026-04-30T22:00:00', '2026-05-01T02:00:00'],
      ['endsAtStart', '2026-04-30T23:00:00', '2026-05-01T00:00:00'],
      ['mid', '2026-05-15T10:00:00', '2026-05-15T11:00:00'],
      ['early', '2026-05-15T08:00:00', '2026-05-15T09:00:00'],
      ['lastEvening', '2026-05-31T23:00:00', '2026-06-01T01:00:00'],
      ['nextMonth', '2026-06-01T00:00:00', '2026-06-01T01:00:00'],
      ['long', '2026-04-01T00:00:00', '2026-07-01T00:00:00'],
    ];
    for (const [key, start, end] of specs) {
      ids[key] = (await api(t, a.host, ranger.key).post('/api/v1/calendar', { title: key, start, end }).expect(201)).body.entry.id;
    }
  });

  it('returns entries overlapping the local days, ordered by start, including one spanning the range start', async () => {
    const res = await api(t, a.host, ranger.key).get('/api/v1/calendar?from=2026-05-01&to=2026-05-31').expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['items', 'ok']);
    expect(idsOf(res)).toEqual([ids.long, ids.spansStart, ids.early, ids.mid, ids.lastEvening]);
    expect(res.body.items[1]).toMatchObject({ title: 'spansStart', start: '2026-04-30T22:00:00', end: '2026-05-01T02:00:00' });
    const oneDay = await api(t, a.host, ranger.key).get('/api/v1/calendar?from=2026-05-15&to=2026-05-15').expect(200);
    expect(idsOf(oneDay)).toEqual([ids.long, ids.early, ids.mid]);
  });

  it('filters by user (owner or attendee)', async () => {
    const guest = await api(t, a.host, north.key)
      .post('/api/v1/calendar', { title: 'with Rita', start: '2026-05-20T10:00:00', end: '2026-05-20T11:00:00', attendee_ids: [ranger.user.id] })
      .expect(201);
    const res = await api(t, a.host, a.adminKey).get(`/api/v1/calendar?from=2026-05-20&to=2026-05-20&user_id=${ranger.user.id}`).expect(200);
    expect(idsOf(res)).toEqual([ids.long, guest.body.entry.id]);
    const nora = await api(t, a.host, a.adminKey).get(`/api/v1/calendar?from=2026-05-20&to=2026-05-20&user_id=${north.user.id}`).expect(200);
    expect(idsOf(nora)).toEqual([guest.body.entry.id]);
    // Rita attends, so she sees Nora's entry (attendee), but may not edit it
    const mine = await api(t, a.host, ranger.key).get('/api/v1/calendar?from=2026-05-20&to=2026-05-20').expect(200);
    expect(idsOf(mine)).toEqual([ids.long, guest.body.entry.id]);
    expect(mine.body.items[1].can_edit).toBe(false);
  });

  it('validates the range and names the field', async () => {
    for (const [q, field] of [
      ['to=2026-05-31', 'from'],
      ['from=2026-05-01', 'to'],
      ['from=2026-05-01&to=2026-04-30', 'to'],
      ['from=2026-01-01&to=2026-04-04', 'to'],
      ['from=2026-13-01&to=2026-05-31', 'from'],
      ['from=2026-05-01&to=31.05.2026', 'to'],
      ['from=2026-05-01&to=2026-05-31&user_id=x', 'user_id'],
      ['from=2026-05-01&to=2026-05-31&limit=5', 'limit'],
    ]) {
      const res = await api(t, a.host, ranger.key).get(`/api/v1/calendar?${q}`);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body.message).toContain(field);
    }
    // exactly 92 days apart is allowed, 93 is not
    await api(t, a.host, ranger.key).get('/api/v1/calendar?from=2026-01-01&to=2026-04-03').expect(200);
    const tooLong = await api(t, a.host, ranger.key).get('/api/v1/calendar?from=2026-01-01&to=2026-04-04').expect(400);
    expect(tooLong.body).toMatchObject({ ok: false, error: 'invalid', field: 'to' });
  });
});

describe('visibility and edit rights', () => {
  let entryId: number;
  beforeAll(async () => {
    entryId = (await api(t, a.host, north.key).post('/api/v1/calendar', { title: 'North only', start: '2026-08-03T09:00:00', end: '2026-08-03T10:00:00' }).expect(201)).body.entry.id;
  });

  it('hides an entry from another department (404)', async () => {
    expect((await api(t, a.host, south.key).get(`/api/v1/calendar/${entryId}`).expect(404)).body.error).toBe('not_found');
    await api(t, a.host, south.key).patch(`/api/v1/calendar/${entryId}`, { title: 'x' }).expect(404);
    await api(t, a.host, south.key).delete(`/api/v1/calendar/${entryId}`).expect(404);
    expect(idsOf(await api(t, a.host, south.key).get('/api/v1/calendar?from=2026-08-03&to=2026-08-03').expect(200))).toEqual([]);
  });

  it('shows it to a same-department colleague, who may not edit it (403)', async () => {
    expect((await api(t, a.host, north2.key).get(`/api/v1/calendar/${entryId}`).expect(200)).body.entry.can_edit).toBe(false);
    expect((await api(t, a.host, north2.key).patch(`/api/v1/calendar/${entryId}`, { title: 'x' }).expect(403)).body.error).toBe('forbidden');
    await api(t, a.host, north2.key).delete(`/api/v1/calendar/${entryId}`).expect(403);
    expect(idsOf(await api(t, a.host, north2.key).get('/api/v1/calendar?from=2026-08-03&to=2026-08-03').expect(200))).toEqual([entryId]);
  });

  it('lets an admin see and change it; adding an attendee makes it visible to the attendee', async () => {
    const res = await api(t, a.host, a.adminKey).patch(`/api/v1/calendar/${entryId}`, { attendee_ids: [south.user.id] }).expect(200);
    expect(res.body.entry.attendees.map((u: { id: number }) => u.id)).toEqual([north.user.id, south.user.id]);
    expect(res.body.entry.can_edit).toBe(true);
    expect((await api(t, a.host, south.key).get(`/api/v1/calendar/${entryId}`).expect(200)).body.entry.can_edit).toBe(false);
  });

  it('answers 404 for an unknown id and for another workspace', async () => {
    await api(t, a.host, a.adminKey).get('/api/v1/calendar/99999999').expect(404);
    const other = await api(t, b.host, b.adminKey).post('/api/v1/calendar', { title: 'Beta', start: '2026-02-10T09:00:00', end: '2026-02-10T10:00:00' }).expect(201);
    await api(t, a.host, a.adminKey).get(`/api/v1/calendar/${other.body.entry.id}`).expect(404);
    await api(t, a.host, a.adminKey).patch(`/api/v1/calendar/${other.body.entry.id}`, { title: 'x' }).expect(404);
    await api(t, a.host, a.adminKey).delete(`/api/v1/calendar/${other.body.entry.id}`).expect(404);
    expect(idsOf(await api(t, a.host, a.adminKey).get('/api/v1/calendar?from=2026-02-10&to=2026-02-10').expect(200))).not.toContain(other.body.entry.id);
  });
});

describe('PATCH and DELETE /api/v1/calendar/:id', () => {
  it('moves, clears and re-checks an entry', async () => {
    const c = await company(a, north.user.id, 'Patch Meeting Co');
    const created = await api(t, a.host, north.key)
      .post('/api/v1/calendar', { title: 'Patch me', start: '2026-09-01T09:00:00', end: '2026-09-01T10:00:00', customer_id: c, location: 'Room 1', attendee_ids: [north2.user.id] })
      .expect(201);
    const id = created.body.entry.id;
    expect((await api(t, a.host, north.key).patch(`/api/v1/calendar/${id}`, { end: '2026-09-01T08:00:00' }).expect(400)).body.message).toContain('end');
    expect((await api(t, a.host, north.key).patch(`/api/v1/calendar/${id}`, { start: '2026-09-01T10:00:00' }).expect(400)).body.message).toContain('end');
    for (const [body, field] of [
      [{ title: null }, 'title'],
      [{ start: null }, 'start'],
      [{ end: '2026-09-01' }, 'end'],
      [{ attendee_ids: [0] }, 'attendee_ids'],
    ] as [object, string][]) {
      const r = await api(t, a.host, north.key).patch(`/api/v1/calendar/${id}`, body);
      expect([field, r.status]).toEqual([field, 400]);
      expect(r.body.message).toContain(field);
    }
    const res = await api(t, a.host, north.key)
      .patch(`/api/v1/calendar/${id}`, { start: '2026-09-02T14:00:00', end: '2026-09-02T15:15:00', customer_id: null, location: null, attendee_ids: [], title: 'Moved' })
      .expect(200);
    expect(res.body.entry).toMatchObject({ title: 'Moved', start: '2026-09-02T14:00:00', end: '2026-09-02T15:15:00', customer_id: null, location: '' });
    expect(res.body.entry.attendees.map((u: { id: number }) => u.id)).toEqual([north.user.id]);
    const del = await api(t, a.host, north.key).delete(`/api/v1/calendar/${id}`).expect(200);
    expect(del.body).toEqual({ ok: true });
    await api(t, a.host, north.key).get(`/api/v1/calendar/${id}`).expect(404);
  });
});
