import { DemoSeedService } from '../../src/domain/demo/demo-seed.service';
import { OutboxEvent } from '../../src/platform/outbox/outbox-event.entity';
import { api, createWorkspace, Fixture, startApp, TestApp, db } from '../helpers/test-app';

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
});
