import { User } from '../../../src/domain/identity/user.entity';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * The teams a caller may report on (GET /api/v1/reports/teams): every department of the active users for an admin,
 * a sales user's own, never another workspace's; and the guards every report route has.
 */
let t: TestApp;
let a: Fixture;
type Seller = { user: { id: number }; key: string };
let north1: Seller;
let south1: Seller;
let loner: Seller;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'reportteams');
  await db(t).update(User, { workspaceId: a.ws.id, id: a.admin.id }, { department: '' });
  north1 = await createUser(t, a, { department: 'North' });
  await createUser(t, a, { department: 'North' });
  south1 = await createUser(t, a, { department: 'South' });
  loner = await createUser(t, a, { department: '' });
  // an inactive user's department is no team to pick, nor is an inactive colleague counted
  const gone = await createUser(t, a, { department: 'Gone' });
  const goneNorth = await createUser(t, a, { department: 'North' });
  await db(t).update(User, { workspaceId: a.ws.id, id: gone.user.id }, { active: false });
  await db(t).update(User, { workspaceId: a.ws.id, id: goneNorth.user.id }, { active: false });
  const b = await createWorkspace(t, 'reportteamsb');
  await createUser(t, b, { department: 'Elsewhere' });
  await createUser(t, b, { department: 'North' });
});
afterAll(() => t.close());

const teams = async (key: string) => (await api(t, a.host, key).get('/api/v1/reports/teams').expect(200)).body;

describe('GET /api/v1/reports/teams', () => {
  it("an admin: every department of the workspace's active users, by name, with their users", async () => {
    expect(await teams(a.adminKey)).toEqual({ ok: true, items: [{ name: 'North', users: 2 }, { name: 'South', users: 1 }] });
  });

  it('a sales user: their own department only; without one, none', async () => {
    expect((await teams(north1.key)).items).toEqual([{ name: 'North', users: 2 }]);
    expect((await teams(south1.key)).items).toEqual([{ name: 'South', users: 1 }]);
    expect((await teams(loner.key)).items).toEqual([]);
  });

  it('a team it lists is one the reports take; one it does not list gives a sales user zeros', async () => {
    for (const name of (await teams(north1.key)).items.map((x: { name: string }) => x.name)) {
      await api(t, a.host, north1.key).get(`/api/v1/reports/funnel?team=${encodeURIComponent(name)}`).expect(200);
    }
    const other = (await api(t, a.host, north1.key).get('/api/v1/reports/win-rate?team=South').expect(200)).body;
    expect(other.won.count + other.lost.count + other.open.count).toBe(0);
  });

  it('needs a credential, the crm.read scope and the opportunities module', async () => {
    expect((await api(t, a.host).get('/api/v1/reports/teams').expect(401)).body.error).toBe('unauthorized');
    const noScope = await issueKey(t, a, 'oauth', a.admin.id, ['profile']);
    expect((await api(t, a.host, noScope).get('/api/v1/reports/teams').expect(403)).body.error).toBe('insufficient_scope');
    const noModule = await createUser(t, a, { department: 'North', modules: ['Customers'] });
    expect((await api(t, a.host, noModule.key).get('/api/v1/reports/teams').expect(403)).body.error).toBe('module');
  });
});
