import { DemoSeedService } from '../../../src/domain/demo/demo-seed.service';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { addDays, daysBetween, todayIn } from '../../../src/platform/common/time';
import { workingDays } from '../../../src/domain/crm/approvals/working-days';
import { api, createWorkspace, Fixture, startApp, TestApp, db } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'seeded');
});
afterAll(() => t.close());

describe('demo:seed', () => {
  it('creates realistic sample data in every stage, flagged as sample, raising no events; a second run adds nothing', async () => {
    const first = await t.get(DemoSeedService).seed(a.ws);
    expect(first).toMatchObject({ ok: true, products: 5, users: 3, companies: 8, opportunities: 8 });
    expect(first.people).toBeGreaterThan(8);
    expect(first.activities).toBeGreaterThan(0);
    expect(first.tasks).toBeGreaterThan(0);
    expect(first).toMatchObject({ approval_lists: 2, approval_requests: 4, forms: 1, mailboxes: 1 });
    const again = await t.get(DemoSeedService).seed(a.ws);
    expect(again).toMatchObject({ ok: true, products: 0, users: 0, companies: 0, opportunities: 0, approval_lists: 0, approval_requests: 0, forms: 0 });
    // the admin the start-up banner prints lands on a Today with their own companies and work
    const today = (await api(t, a.host, a.adminKey).get('/api/v1/today').expect(200)).body;
    expect(today.cards.customers.mine.length).toBeGreaterThan(0);
    expect(today.cards.contacts.mine.length).toBeGreaterThan(0);
    expect(today.actions.length + today.overdue.tasks.length + today.meetings.length).toBeGreaterThan(0);
    const forms = (await api(t, a.host, a.adminKey).get('/api/v1/approvals/forms').expect(200)).body.forms;
    expect(forms.map((f: { name: string }) => f.name)).toEqual(['Leave request', 'Purchase approval']);
    const pending = (await api(t, a.host, a.adminKey).get('/api/v1/approvals?status=pending').expect(200)).body.items;
    expect(pending).toHaveLength(2);
    const republic = (await api(t, a.host, a.adminKey).get('/api/v1/approvals?status=approved').expect(200)).body.items[0];
    expect(republic.working_days).toBe(4);
    expect((await api(t, a.host, a.adminKey).get('/api/v1/forms').expect(200)).body.items).toHaveLength(1);

    const opps = (await api(t, a.host, a.adminKey).get('/api/v1/opportunities?limit=200').expect(200)).body.items;
    expect(new Set(opps.map((o: { stage: string }) => o.stage))).toEqual(new Set(['Qualify', 'Viable', 'Present Solution', 'Negotiation', 'Expect to Close', 'Win', 'Lost', 'Cancel']));
    const won = opps.find((o: { stage: string }) => o.stage === 'Win');
    const detail = (await api(t, a.host, a.adminKey).get(`/api/v1/opportunities/${won.id}`).expect(200)).body.opp;
    expect(detail.logs[0].from).toBeNull();
    expect(detail.logs.at(-1).to).toBe('Win');
    expect(detail.closed_at).not.toBeNull();

    const flags = await db(t).query(
      `SELECT (SELECT bool_and(is_sample) FROM companies WHERE workspace_id = $1) AS c, (SELECT bool_and(is_sample) FROM opportunities WHERE workspace_id = $1) AS o, (SELECT bool_and(is_sample) FROM people WHERE workspace_id = $1) AS p`,
      [a.ws.id],
    );
    expect(flags[0]).toEqual({ c: true, o: true, p: true });
    expect(await db(t).getRepository(OutboxEvent).count({ where: { workspaceId: a.ws.id } })).toBe(0);
  });

  it('is believable: one company a person, meetings in working hours on working days, health that agrees with the stage SLA, a stage history that agrees with the days in stage', async () => {
    // runs after the first test seeded the workspace (a second seed adds nothing)
    await t.get(DemoSeedService).seed(a.ws);
    const http = api(t, a.host, a.adminKey);
    const tz = a.ws.timezone;
    const today = todayIn(tz);
    const country = a.ws.constants.holiday_country ?? 'TR';
    const isWorkingDay = (d: string) => workingDays(d, d, country).working_days === 1;

    const people = (await http.get('/api/v1/people?limit=200').expect(200)).body.items as { name: string; customer_id: number }[];
    expect(people.length).toBeGreaterThan(8);
    expect(new Set(people.map((p) => p.name)).size).toBe(people.length);

    const meetings = (await http.get(`/api/v1/calendar?from=${today}&to=${addDays(today, 30)}`).expect(200)).body.items as { start: string; end: string; customer: string | null }[];
    expect(meetings.length).toBeGreaterThan(0);
    for (const e of meetings) {
      expect(isWorkingDay(e.start.slice(0, 10))).toBe(true);
      expect(e.start.slice(11, 16) >= '08:00' && e.end.slice(11, 16) <= '18:00').toBe(true);
      expect(e.customer).toBeTruthy(); // the calendar names the company
    }

    const opps = (await http.get('/api/v1/opportunities?limit=200').expect(200)).body.items as {
      id: number; is_open: boolean; health: { grade: string; label: string }; sla_days: number; sla_left: number; days_in_stage: number;
    }[];
    const open = opps.filter((o) => o.is_open);
    expect(open.length).toBeGreaterThan(0);
    for (const o of open) {
      if (o.sla_left < 0) expect(o.health.grade).not.toBe('A');
    }
    expect(open.filter((o) => o.health.grade === 'A').length).toBeGreaterThan(0);
    for (const o of opps) {
      const detail = (await http.get(`/api/v1/opportunities/${o.id}`).expect(200)).body.opp as { logs: { date: string; to: string }[]; stage: string; start_date: string | null };
      const last = detail.logs.at(-1)!;
      expect(last.to).toBe(detail.stage);
      // the stage was entered on the day the days-in-stage count from
      if (o.is_open) expect(daysBetween(last.date.slice(0, 10), today)).toBe(o.days_in_stage);
      const dates = detail.logs.map((l) => l.date);
      expect([...dates].sort()).toEqual(dates);
      expect(new Set(dates.map((d) => d.slice(0, 10))).size).toBe(dates.length);
      for (const d of dates) expect(isWorkingDay(d.slice(0, 10))).toBe(true);
    }
  });
});
