import { In } from 'typeorm';
import { DeletedRecord } from '../../../src/domain/crm/sync/deleted-record.entity';
import { User } from '../../../src/domain/identity/user.entity';
import { MODULES } from '../../../src/domain/workspace/defaults';
import { Workspace } from '../../../src/domain/workspace/workspace.entity';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * Sync: updated_since in workspace local time, updated_at on every list item, keyset paging on
 * (updated_at, id) with equal timestamps, and the deleted-record feed.
 */
let t: TestApp;
let tokyo: Fixture;
let ny: Fixture;

const LOCAL_TS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;
let seq = 0;
const uniq = (p: string) => `${p} ${++seq}${process.pid}`;

type Item = { id: number; updated_at: string };
type ListBody = { ok: boolean; items: Item[]; next_cursor: string | null };

/** Pages a list with `limit` and the cursor until the end; every page's items in order. */
async function pageAll(f: Fixture, key: string, path: string, qs: string, limit: number): Promise<{ items: Item[]; pages: number }> {
  const items: Item[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `${path}?${qs}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api(t, f.host, key).get(url).expect(200);
    const body = res.body as ListBody;
    expect(body.items.length).toBeLessThanOrEqual(limit);
    items.push(...body.items);
    cursor = body.next_cursor;
    pages++;
    if (pages > 100) throw new Error('paging does not end');
  } while (cursor);
  return { items, pages };
}

/** Sets updated_at of rows directly (fixture write; bypasses TypeORM's automatic update date). */
async function forceUpdatedAt(table: string, f: Fixture, ids: number[], at: string): Promise<void> {
  await db(t).query(`UPDATE "${table}" SET updated_at = $1 WHERE workspace_id = $2 AND id = ANY($3)`, [at, f.ws.id, ids]);
}

async function setTimezone(f: Fixture, tz: string): Promise<void> {
  await db(t).update(Workspace, { id: f.ws.id }, { timezone: tz });
  f.ws.timezone = tz;
}

beforeAll(async () => {
  t = await startApp();
  tokyo = await createWorkspace(t, `synctokyo${process.pid}`);
  ny = await createWorkspace(t, `syncny${process.pid}`);
  await setTimezone(tokyo, 'Asia/Tokyo');
  await setTimezone(ny, 'America/New_York');
});
afterAll(() => t.close());

describe('updated_since is workspace local time', () => {
  let tag: string;
  let early: number;
  let late: number;
  beforeAll(async () => {
    tag = uniq('Tz');
    early = (await api(t, tokyo.host, tokyo.adminKey).post('/api/v1/companies', { name: `${tag} early` }).expect(201)).body.company.id;
    late = (await api(t, tokyo.host, tokyo.adminKey).post('/api/v1/companies', { name: `${tag} late` }).expect(201)).body.company.id;
    // 09:30 and 10:30 in Tokyo (UTC+9)
    await forceUpdatedAt('companies', tokyo, [early], '2026-03-01T00:30:00Z');
    await forceUpdatedAt('companies', tokyo, [late], '2026-03-01T01:30:00Z');
  });
  const ids = async (since: string) =>
    (await api(t, tokyo.host, tokyo.adminKey).get(`/api/v1/companies?q=${encodeURIComponent(tag)}&sort=update&updated_since=${encodeURIComponent(since)}`).expect(200)).body.items.map(
      (i: Item) => i.id,
    );

  it('returns updated_at in local time and reads an updated_since without offset as local time', async () => {
    const all = (await api(t, tokyo.host, tokyo.adminKey).get(`/api/v1/companies?q=${encodeURIComponent(tag)}&sort=update`).expect(200)).body.items;
    expect(all.map((i: Item) => [i.id, i.updated_at])).toEqual([
      [early, '2026-03-01T09:30:00'],
      [late, '2026-03-01T10:30:00'],
    ]);
    // read as UTC, 10:00 would be after both rows; as Tokyo time it is between them
    expect(await ids('2026-03-01T10:00:00')).toEqual([late]);
    expect(await ids('2026-03-01T10:00')).toEqual([late]);
    expect(await ids('2026-03-01T09:30:00')).toEqual([early, late]);
    // passing back the last updated_at seen includes that row again (never skips it)
    expect(await ids('2026-03-01T10:30:00')).toEqual([late]);
    expect(await ids('2026-03-01T10:30:01')).toEqual([]);
    // a date alone is the start of that local day
    expect(await ids('2026-03-01')).toEqual([early, late]);
    expect(await ids('2026-03-02')).toEqual([]);
  });

  it('honours Z and explicit offsets', async () => {
    expect(await ids('2026-03-01T01:00:00Z')).toEqual([late]);
    expect(await ids('2026-03-01T01:00:00.000Z')).toEqual([late]);
    expect(await ids('2026-03-01T10:00:00+09:00')).toEqual([late]);
    expect(await ids('2026-03-01T02:00:00+01:00')).toEqual([late]);
    expect(await ids('2026-02-28T20:00:00-05:00')).toEqual([late]);
    expect(await ids('2026-03-01T00:00:00Z')).toEqual([early, late]);
    expect(await ids('2026-03-01T01:30:00.001Z')).toEqual([]);
  });

  it('refuses a malformed updated_since with 400 invalid naming the field, on every list', async () => {
    for (const bad of ['yesterday', '2026-13-01T00:00:00', '2026-02-30T00:00:00', '2026-03-01T25:00:00', '2026-03-01T10:00:00+99:00', '2026-03-01Z', '1234', '0001-01-01T00:00:00', '2026-03-01T10:00:00 junk']) {
      for (const path of ['companies', 'people', 'opportunities', 'activities', 'tasks']) {
        const res = await api(t, tokyo.host, tokyo.adminKey).get(`/api/v1/${path}?sort=update&updated_since=${encodeURIComponent(bad)}`);
        expect([path, bad, res.status, res.body.error]).toEqual([path, bad, 400, 'invalid']);
        expect(res.body.message).toContain('updated_since');
      }
    }
  });
});

describe('every list item carries updated_at (workspace local time)', () => {
  it('companies, people, opportunities, activities, tasks, calendar entries, products', async () => {
    const as = api(t, tokyo.host, tokyo.adminKey);
    const co = (await as.post('/api/v1/companies', { name: uniq('Lists') }).expect(201)).body.company;
    await as.post('/api/v1/people', { name: uniq('Person'), customer_id: co.id }).expect(201);
    await as.post('/api/v1/opportunities', { name: uniq('Deal'), customer_id: co.id }).expect(201);
    await as.post('/api/v1/activities', { type: 'Call', date: '2026-03-02', customer_id: co.id }).expect(201);
    await as.post('/api/v1/tasks', { title: 'Call back' }).expect(201);
    await as.post('/api/v1/calendar', { title: 'Meeting', start: '2026-03-02T10:00:00', end: '2026-03-02T11:00:00' }).expect(201);
    await as.post('/api/v1/products', { code: uniq('P').replace(' ', '-'), name: 'Film' }).expect(201);
    for (const path of ['companies', 'people', 'opportunities', 'activities', 'tasks', 'calendar?from=2026-03-01&to=2026-03-03', 'products', 'companies?sort=update', 'opportunities?sort=update']) {
      const items = (await as.get(`/api/v1/${path}`).expect(200)).body.items as Item[];
      expect([path, items.length > 0]).toEqual([path, true]);
      for (const i of items) expect([path, i.id, i.updated_at]).toEqual([path, i.id, expect.stringMatching(LOCAL_TS)]);
    }
  });
});

describe('keyset on (updated_at, id)', () => {
  it('splits rows sharing one updated_at at page boundaries: none dropped, none repeated (every list)', async () => {
    const as = api(t, tokyo.host, tokyo.adminKey);
    const tag = uniq('Same');
    const co = (await as.post('/api/v1/companies', { name: `${tag} anchor` }).expect(201)).body.company;
    const made: Record<string, number[]> = { companies: [co.id], people: [], opportunities: [], activities: [], tasks: [] };
    for (let i = 0; i < 7; i++) {
      if (i < 6) made.companies!.push((await as.post('/api/v1/companies', { name: `${tag} ${i}` }).expect(201)).body.company.id);
      made.people!.push((await as.post('/api/v1/people', { name: `${tag} ${i}`, customer_id: co.id }).expect(201)).body.person.id);
      made.opportunities!.push((await as.post('/api/v1/opportunities', { name: `${tag} ${i}`, customer_id: co.id }).expect(201)).body.opp.id);
      made.activities!.push((await as.post('/api/v1/activities', { type: 'Call', date: '2026-03-02', customer_id: co.id }).expect(201)).body.activity.id);
      made.tasks!.push((await as.post('/api/v1/tasks', { title: `${tag} ${i}`, customer_id: co.id }).expect(201)).body.task.id);
    }
    const filter: Record<string, string> = {
      companies: `q=${encodeURIComponent(tag)}`,
      people: `q=${encodeURIComponent(tag)}`,
      opportunities: `customer_id=${co.id}`,
      activities: `customer_id=${co.id}`,
      tasks: `customer_id=${co.id}`,
    };
    for (const [table, ids] of Object.entries(made)) {
      expect(ids.length).toBe(7);
      await forceUpdatedAt(table, tokyo, ids, '2026-04-01T03:00:00.123Z');
      const { items, pages } = await pageAll(tokyo, tokyo.adminKey, `/api/v1/${table}`, `${filter[table]}&sort=update`, 3);
      expect([table, pages]).toEqual([table, 3]);
      expect([table, items.map((i) => i.id)]).toEqual([table, [...ids].sort((x, y) => x - y)]);
      expect(new Set(items.map((i) => i.updated_at))).toEqual(new Set(['2026-04-01T12:00:00']));
    }
  });

  it('a client in New York that passes back the last updated_at it saw misses nothing, across the autumn fold', async () => {
    const as = api(t, ny.host, ny.adminKey);
    const tag = uniq('Fold');
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await as.post('/api/v1/companies', { name: `${tag} ${i}` }).expect(201)).body.company.id);
    const q = `q=${encodeURIComponent(tag)}&sort=update`;
    // 2026-11-01: clocks go back from 02:00 EDT to 01:00 EST, so 01:30 happens twice
    const times = [
      '2026-11-01T04:59:59Z', // 00:59:59 EDT
      '2026-11-01T05:30:00Z', // 01:30:00 EDT
      '2026-11-01T05:30:00Z',
      '2026-11-01T05:30:00Z',
      '2026-11-01T05:30:00.500Z', // 01:30:00 EDT, half a second later
      '2026-11-01T06:30:00Z', // 01:30:00 EST (the second 01:30)
      '2026-11-01T06:30:00Z',
      '2026-11-01T07:15:00Z', // 02:15 EST
    ];
    for (let i = 0; i < times.length; i++) await forceUpdatedAt('companies', ny, [ids[i]!], times[i]!);
    await forceUpdatedAt('companies', ny, ids.slice(times.length), '2026-10-31T12:00:00Z');

    // first sync: everything, paged
    const first = await pageAll(ny, ny.adminKey, '/api/v1/companies', q, 3);
    expect(first.items.map((i) => i.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(first.items.filter((i) => i.updated_at === '2026-11-01T01:30:00').length).toBe(6);

    // the client stopped after the row updated at the first 01:30 EDT; it passes that updated_at back
    const stopAt = first.items.findIndex((i) => i.id === ids[2]);
    const seen = new Set(first.items.slice(0, stopAt + 1).map((i) => i.id));
    const resume = first.items[stopAt]!.updated_at;
    expect(resume).toBe('2026-11-01T01:30:00');
    const rest = await pageAll(ny, ny.adminKey, '/api/v1/companies', `${q}&updated_since=${resume}`, 2);
    for (const i of rest.items) seen.add(i.id);
    expect([...seen].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    // the ambiguous wall time is read as its earlier instant (EDT): the rows after the resume point at the
    // first 01:30 (which a reading as 01:30 EST would skip) come again, as do those of the second 01:30
    expect(rest.items.map((i) => i.id)).toEqual([ids[1], ids[2], ids[3], ids[4], ids[5], ids[6], ids[7]]);

    // later changes: an incremental sync from the last updated_at seen gets each of them
    const last = first.items[first.items.length - 1]!.updated_at;
    expect(last).toBe('2026-11-01T02:15:00');
    await as.patch(`/api/v1/companies/${ids[9]}`, { note: 'changed' }).expect(200);
    await as.patch(`/api/v1/companies/${ids[0]}`, { note: 'changed' }).expect(200);
    const inc = await pageAll(ny, ny.adminKey, '/api/v1/companies', `${q}&updated_since=${last}`, 1);
    expect(inc.items.map((i) => i.id)).toEqual([ids[7], ids[9], ids[0]]);
  });

  it('sees archived companies and people through updated_at (active: false)', async () => {
    const as = api(t, tokyo.host, tokyo.adminKey);
    const tag = uniq('Archived');
    const co = (await as.post('/api/v1/companies', { name: `${tag} co` }).expect(201)).body.company;
    const p = (await as.post('/api/v1/people', { name: `${tag} person` }).expect(201)).body.person;
    await forceUpdatedAt('companies', tokyo, [co.id], '2026-01-01T00:00:00Z');
    await forceUpdatedAt('people', tokyo, [p.id], '2026-01-01T00:00:00Z');
    const since = '2026-06-01T00:00:00';
    const q = `q=${encodeURIComponent(tag)}&sort=update&updated_since=${since}`;
    expect((await as.get(`/api/v1/companies?${q}&active=false`).expect(200)).body.items).toEqual([]);
    await as.delete(`/api/v1/companies/${co.id}`).expect(200);
    await as.delete(`/api/v1/people/${p.id}`).expect(200);
    const companies = (await as.get(`/api/v1/companies?${q}&active=false`).expect(200)).body.items;
    expect(companies.map((i: { id: number; active: boolean }) => [i.id, i.active])).toEqual([[co.id, false]]);
    const people = (await as.get(`/api/v1/people?${q}&active=false`).expect(200)).body.items;
    expect(people.map((i: { id: number; active: boolean }) => [i.id, i.active])).toEqual([[p.id, false]]);
  });

  it('keeps the cursor of one sort for that sort only', async () => {
    const first = (await api(t, tokyo.host, tokyo.adminKey).get('/api/v1/companies?sort=update&limit=1').expect(200)).body;
    const res = await api(t, tokyo.host, tokyo.adminKey).get(`/api/v1/companies?limit=1&cursor=${first.next_cursor}`).expect(400);
    expect(res.body.message).toContain('cursor');
  });
});

describe('GET /api/v1/deleted', () => {
  let a: Fixture;
  let north: { user: User; key: string };
  let north2: { user: User; key: string };
  let south: { user: User; key: string };
  let noVisits: { user: User; key: string };
  let company: number;
  type Deleted = { type: string; id: number; deleted_at: string };
  const feed = async (key: string, qs = ''): Promise<Deleted[]> => (await api(t, a.host, key).get(`/api/v1/deleted${qs ? `?${qs}` : ''}`).expect(200)).body.items;
  const pairs = (items: Deleted[]) => items.map((i) => `${i.type}:${i.id}`);

  beforeAll(async () => {
    a = await createWorkspace(t, `syncdel${process.pid}`);
    await setTimezone(a, 'America/New_York');
    north = await createUser(t, a, { department: 'North' });
    north2 = await createUser(t, a, { department: 'North' });
    south = await createUser(t, a, { department: 'South' });
    noVisits = await createUser(t, a, { department: 'North', modules: [MODULES.customers, MODULES.opportunities] });
    company = (await api(t, a.host, north.key).post('/api/v1/companies', { name: uniq('Deleted co') }).expect(201)).body.company.id;
  });

  it('lists deleted activities, tasks and calendar entries with local deleted_at, in deletion order', async () => {
    const as = api(t, a.host, north.key);
    const before = (await db(t).query(`SELECT to_char(now() AT TIME ZONE 'America/New_York', 'YYYY-MM-DD"T"HH24:MI:SS') AS local`))[0].local as string;
    const act = (await as.post('/api/v1/activities', { type: 'Call', date: '2026-03-02', customer_id: company }).expect(201)).body.activity.id;
    const task = (await as.post('/api/v1/tasks', { title: 'Delete me' }).expect(201)).body.task.id;
    const entry = (await as.post('/api/v1/calendar', { title: 'Gone', start: '2026-03-02T10:00:00', end: '2026-03-02T11:00:00' }).expect(201)).body.entry.id;
    const kept = (await as.post('/api/v1/tasks', { title: 'Keep me' }).expect(201)).body.task.id;
    await as.delete(`/api/v1/tasks/${task}`).expect(200);
    await as.delete(`/api/v1/activities/${act}`).expect(200);
    await as.delete(`/api/v1/calendar/${entry}`).expect(200);

    const res = await as.get(`/api/v1/deleted?since=${before}`).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['items', 'next_cursor', 'ok']);
    expect(res.body.ok).toBe(true);
    expect(res.body.next_cursor).toBeNull();
    expect(pairs(res.body.items)).toEqual([`task:${task}`, `activity:${act}`, `calendar:${entry}`]);
    for (const i of res.body.items) {
      expect(Object.keys(i).sort()).toEqual(['deleted_at', 'id', 'type']);
      expect(i.deleted_at).toMatch(LOCAL_TS);
      expect(i.deleted_at >= before).toBe(true);
    }
    expect(pairs(await feed(north.key, `since=${before}&type=task`))).toEqual([`task:${task}`]);
    expect(pairs(await feed(north.key, `since=${before}&type=calendar`))).toEqual([`calendar:${entry}`]);
    expect(pairs(await feed(north.key, `since=${before}&type=activity`))).toEqual([`activity:${act}`]);
    expect(pairs(await feed(north.key))).not.toContain(`task:${kept}`);
    // the deleted record is gone, the tombstone stays
    await as.get(`/api/v1/tasks/${task}`).expect(404);
    // a later since leaves them out
    const after = res.body.items[2].deleted_at as string;
    const next = new Date(Date.parse(`${after}Z`) + 1000).toISOString().slice(0, 19);
    expect(await feed(north.key, `since=${next}`)).toEqual([]);
  });

  it('writes no tombstone when the delete is refused', async () => {
    const task = (await api(t, a.host, north.key).post('/api/v1/tasks', { title: 'Not yours' }).expect(201)).body.task.id;
    const n = await db(t).count(DeletedRecord, { where: { workspaceId: a.ws.id } });
    await api(t, a.host, north2.key).delete(`/api/v1/tasks/${task}`).expect(403);
    await api(t, a.host, south.key).delete(`/api/v1/tasks/${task}`).expect(404);
    expect(await db(t).count(DeletedRecord, { where: { workspaceId: a.ws.id } })).toBe(n);
  });

  it('shows a caller the tombstones of records they could see: own, team, assignee, attendee; admins all', async () => {
    const ownTask = (await api(t, a.host, south.key).post('/api/v1/tasks', { title: 'South only' }).expect(201)).body.task.id;
    const assigned = (await api(t, a.host, south.key).post('/api/v1/tasks', { title: 'For north', assignee_id: north.user.id }).expect(201)).body.task.id;
    const attended = (await api(t, a.host, south.key).post('/api/v1/calendar', { title: 'With north', start: '2026-03-03T10:00:00', end: '2026-03-03T11:00:00', attendee_ids: [north.user.id] }).expect(201)).body
      .entry.id;
    const teamAct = (await api(t, a.host, north2.key).post('/api/v1/activities', { type: 'Call', date: '2026-03-02', customer_id: company }).expect(201)).body.activity.id;
    for (const [key, path] of [
      [south.key, `tasks/${ownTask}`],
      [south.key, `tasks/${assigned}`],
      [south.key, `calendar/${attended}`],
      [north2.key, `activities/${teamAct}`],
    ] as const) {
      await api(t, a.host, key).delete(`/api/v1/${path}`).expect(200);
    }
    const northSees = pairs(await feed(north.key));
    expect(northSees).toEqual(expect.arrayContaining([`task:${assigned}`, `calendar:${attended}`, `activity:${teamAct}`]));
    expect(northSees).not.toContain(`task:${ownTask}`);
    const southSees = pairs(await feed(south.key));
    expect(southSees).toEqual(expect.arrayContaining([`task:${ownTask}`, `task:${assigned}`, `calendar:${attended}`]));
    expect(southSees).not.toContain(`activity:${teamAct}`);
    const adminSees = pairs(await feed(a.adminKey, 'limit=200'));
    expect(adminSees).toEqual(expect.arrayContaining([`task:${ownTask}`, `task:${assigned}`, `calendar:${attended}`, `activity:${teamAct}`]));
    // another workspace's tombstones never show
    expect((await api(t, ny.host, ny.adminKey).get('/api/v1/deleted?limit=200').expect(200)).body.items).toEqual([]);
    await api(t, a.host, ny.adminKey).get('/api/v1/deleted').expect(401);
  });

  it('pages on (deleted_at, id): equal deletion times split at page boundaries without loss or repeats', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await api(t, a.host, north.key).post('/api/v1/tasks', { title: `Bulk ${i}` }).expect(201)).body.task.id);
    for (const id of ids) await api(t, a.host, north.key).delete(`/api/v1/tasks/${id}`).expect(200);
    await db(t).update(DeletedRecord, { workspaceId: a.ws.id, recordType: 'task', recordId: In(ids) }, { deletedAt: new Date('2030-01-01T12:00:00.250Z') });
    const seen: Deleted[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/v1/deleted?type=task&since=2030-01-01T07:00:00&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body = (await api(t, a.host, north.key).get(url).expect(200)).body;
      seen.push(...body.items);
      cursor = body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((i) => i.id)).toEqual(ids);
    expect(new Set(seen.map((i) => i.deleted_at))).toEqual(new Set(['2030-01-01T07:00:00']));
    // since in New York local time: 07:00:01 is after them, 06:59:59 before
    expect(await feed(north.key, 'type=task&since=2030-01-01T07:00:01')).toEqual([]);
    expect((await feed(north.key, 'type=task&since=2030-01-01T12:00:00Z')).length).toBe(7);
  });

  it('needs the Visits / Activities module; refuses bad parameters naming them', async () => {
    expect((await api(t, a.host, noVisits.key).get('/api/v1/deleted').expect(403)).body.error).toBe('module');
    expect((await api(t, a.host, noVisits.key).get('/api/v1/deleted?type=task').expect(403)).body.error).toBe('module');
    for (const [qs, field] of [
      ['since=garbage', 'since'],
      ['since=2026-03-01T10:00:00%2B25:00', 'since'],
      ['type=company', 'type'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['cursor=nonsense', 'cursor'],
      ['bogus=1', 'bogus'],
    ]) {
      const res = await api(t, a.host, north.key).get(`/api/v1/deleted?${qs}`);
      expect([qs, res.status, res.body.error]).toEqual([qs, 400, 'invalid']);
      expect(res.body.message).toContain(field);
    }
    await api(t, a.host).get('/api/v1/deleted').expect(401);
  });
});

describe('OpenAPI document', () => {
  it('describes GET /deleted and types the Today customer card (next_visit_due nullable, last_visit not)', async () => {
    const doc = (await api(t, tokyo.host).get('/api/openapi.json').expect(200)).body;
    const op = doc.paths['/api/v1/deleted'].get;
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['cursor', 'limit', 'since', 'type']);
    const card = doc.components.schemas.CustomerCard.properties;
    expect(card.next_visit_due.nullable).toBe(true);
    expect(card.last_visit.nullable).toBeUndefined();
    expect(card.last_visit.format).toBe('date');
    expect(card.potential_kg.type).toBe('number');
    expect(doc.paths['/api/v1/today'].get.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/TodayResponse');
    const listParams = doc.paths['/api/v1/companies'].get.parameters.find((p: { name: string }) => p.name === 'updated_since');
    expect(listParams.description).toContain('local time');
  });
});
