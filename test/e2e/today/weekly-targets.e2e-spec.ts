import { todayIn } from '../../../src/platform/common/time';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { api, createUser, createWorkspace, db, startApp, type Fixture, type TestApp } from '../../helpers/test-app';

/**
 * The weekly visit and task targets are workspace constants that admins set (docs/decisions/reports.md, "Weekly
 * targets"): over REST (GET/PUT /api/v1/settings/weekly-targets, admins only for the write, audited), in `me`, and
 * read by Today's progress bars and the activity report; another workspace keeps its own.
 */
let t: TestApp;
let a: Fixture;
let b: Fixture;
let sales: { key: string };
const as = (f: Fixture, key: string) => api(t, f.host, key);

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'targetsa');
  b = await createWorkspace(t, 'targetsb');
  sales = await createUser(t, a, { department: 'North' });
});
afterAll(() => t.close());

describe('weekly targets', () => {
  it('start at the defaults, in the settings route, `me` and Today', async () => {
    expect((await as(a, sales.key).get('/api/v1/settings/weekly-targets').expect(200)).body).toEqual({ ok: true, visits: 10, tasks: 15 });
    const me = (await as(a, sales.key).get('/api/v1/me').expect(200)).body;
    expect([me.constants.weekly_visit_target, me.constants.weekly_task_target]).toEqual([10, 15]);
    const today = (await as(a, sales.key).get('/api/v1/today').expect(200)).body;
    expect([today.targets.visits.target, today.targets.tasks.target]).toEqual([10, 15]);
  });

  it('an admin sets them; Today, the activity report and `me` read them at once; audited; other workspaces keep theirs', async () => {
    const set = await as(a, a.adminKey).put('/api/v1/settings/weekly-targets', { visits: 4, tasks: 6 }).expect(200);
    expect(set.body).toEqual({ ok: true, visits: 4, tasks: 6 });
    // a field left out keeps its value
    expect((await as(a, a.adminKey).put('/api/v1/settings/weekly-targets', { tasks: 7 }).expect(200)).body).toEqual({ ok: true, visits: 4, tasks: 7 });
    const today = (await as(a, sales.key).get('/api/v1/today').expect(200)).body;
    expect([today.targets.visits.target, today.targets.tasks.target]).toEqual([4, 7]);
    const date = todayIn(a.ws.timezone);
    const report = (await as(a, sales.key).get(`/api/v1/reports/activity?from=${date}&to=${date}`).expect(200)).body;
    expect(report.targets).toEqual({ visits: 4, tasks: 7 });
    const me = (await as(a, sales.key).get('/api/v1/me').expect(200)).body;
    expect([me.constants.weekly_visit_target, me.constants.weekly_task_target]).toEqual([4, 7]);
    const audit = await db(t).query(`SELECT action, detail FROM audit_log WHERE workspace_id = $1 AND action = 'weekly_targets_set' ORDER BY id`, [a.ws.id]);
    expect(audit.map((r: { detail: unknown }) => r.detail)).toEqual([{ visits: 4, tasks: 6 }, { visits: 4, tasks: 7 }]);
    expect((await as(b, b.adminKey).get('/api/v1/settings/weekly-targets').expect(200)).body).toEqual({ ok: true, visits: 10, tasks: 15 });
    // the constants write validates them as the admin CLI's does
    expect((await t.get(WorkspaceService).getBySlug('targetsa')).constants.weekly_task_target).toBe(7);
  });

  it('refuses a sales user (403) and what is not a whole number from 0 to 1000 (400)', async () => {
    const before = (await as(a, a.adminKey).get('/api/v1/settings/weekly-targets').expect(200)).body;
    expect((await as(a, sales.key).put('/api/v1/settings/weekly-targets', { visits: 1 }).expect(403)).body.error).toBe('forbidden');
    for (const body of [{ visits: -1 }, { tasks: 2.5 }, { visits: 1001 }, { visits: '3' }]) {
      expect((await as(a, a.adminKey).put('/api/v1/settings/weekly-targets', body).expect(400)).body.error).toBe('invalid');
    }
    expect((await as(a, a.adminKey).get('/api/v1/settings/weekly-targets').expect(200)).body).toEqual(before);
  });
});
