import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { insertCompany } from '../../helpers/crm-fixtures';
import { captureQueries, requestQueryCount } from '../../helpers/query-log';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The opportunity list filtered by ids (`ids=95,96`): what the caller may see of those records, combined with the
 * other filters and paged, a bad list 400 `invalid`, and the page still read by its keys.
 */
let t: TestApp;
let a: Fixture;
type Seller = { user: { id: number }; key: string };
let north1: Seller;
let north2: Seller;
const ids: Record<string, number> = {};

async function seed(f: Fixture, name: string, ownerId: number, isOpen = true): Promise<number> {
  const customerId = (await insertCompany(t, f, ownerId)).id;
  const stage = isOpen ? f.ws.constants.open_stages[0] : f.ws.constants.stages.find((s) => f.ws.constants.stage_roles[s] === 'lost')!;
  const o = await db(t).save(db(t).create(Opportunity, { workspaceId: f.ws.id, name, customerId, ownerId, currency: f.ws.app.currency_base, stage, isOpen, startDate: '2026-10-01', closeDate: '2026-12-01' } as Opportunity));
  return o.id;
}

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'oppids');
  north1 = await createUser(t, a, { department: 'North' });
  north2 = await createUser(t, a, { department: 'North' });
  const south1 = await createUser(t, a, { department: 'South' });
  ids.alpha = await seed(a, 'Deal Alpha', north1.user.id);
  ids.bravo = await seed(a, 'Deal Bravo', north1.user.id, false);
  ids.charlie = await seed(a, 'Deal Charlie', north2.user.id);
  ids.south = await seed(a, 'Deal South', south1.user.id);
  for (let i = 0; i < 30; i++) await seed(a, `Filler ${i}`, north1.user.id);
  const b = await createWorkspace(t, 'oppidsb');
  ids.other = await seed(b, 'Deal Elsewhere', b.admin.id);
});
afterAll(() => t.close());

const names = async (key: string, query: string) => (await api(t, a.host, key).get(`/api/v1/opportunities?${query}`).expect(200)).body.items.map((o: { name: string }) => o.name);
const list = (...keys: string[]) => keys.map((k) => ids[k]).join(',');

describe('GET /api/v1/opportunities?ids=', () => {
  it('lists the records of those ids the caller may see; unknown, invisible and other workspaces\' ids are simply absent', async () => {
    const query = `ids=${list('alpha', 'bravo', 'charlie', 'south', 'other')},2147483647`;
    expect(await names(north2.key, query)).toEqual(['Deal Charlie', 'Deal Bravo', 'Deal Alpha']);
    expect(await names(a.adminKey, query)).toEqual(['Deal South', 'Deal Charlie', 'Deal Bravo', 'Deal Alpha']);
    expect(await names(a.adminKey, `ids=${ids.other}`)).toEqual([]);
  });

  it('combines with the other filters and pages', async () => {
    const all = `ids=${list('alpha', 'bravo', 'charlie', 'south')}`;
    expect(await names(a.adminKey, `${all}&status=closed`)).toEqual(['Deal Bravo']);
    expect(await names(a.adminKey, `${all}&owner_id=${north1.user.id}`)).toEqual(['Deal Bravo', 'Deal Alpha']);
    expect(await names(a.adminKey, `${all}&q=charl`)).toEqual(['Deal Charlie']);
    const first = (await api(t, a.host, a.adminKey).get(`/api/v1/opportunities?${all}&limit=3`).expect(200)).body;
    expect(first.items.map((o: { name: string }) => o.name)).toEqual(['Deal South', 'Deal Charlie', 'Deal Bravo']);
    const second = (await api(t, a.host, a.adminKey).get(`/api/v1/opportunities?${all}&limit=3&cursor=${encodeURIComponent(first.next_cursor)}`).expect(200)).body;
    expect(second.items.map((o: { name: string }) => o.name)).toEqual(['Deal Alpha']);
    expect(second.next_cursor).toBeNull();
  });

  it('takes at most 100 ids (repeats counted once)', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => ids.alpha + i).join(',');
    expect((await api(t, a.host, a.adminKey).get(`/api/v1/opportunities?ids=${hundred},${ids.alpha}&limit=200`).expect(200)).body.items.length).toBeGreaterThan(30);
    const r = await api(t, a.host, a.adminKey).get(`/api/v1/opportunities?ids=${hundred},${ids.alpha + 100}`).expect(400);
    expect(r.body).toMatchObject({ error: 'invalid', field: 'ids' });
  });

  it.each(['', 'abc', '1,,2', '0', '-1', '1.5', '4294967296', '12345678901', '1;2', ' ,'])('ids=%p is 400 invalid', async (bad) => {
    const r = await api(t, a.host, a.adminKey).get(`/api/v1/opportunities?ids=${encodeURIComponent(bad)}`).expect(400);
    expect(r.body.error).toBe('invalid');
    expect(r.body.message).toContain('ids');
  });

  it('is not an export filter', async () => {
    expect((await api(t, a.host, a.adminKey).get(`/api/v1/opportunities/export?ids=${ids.alpha}`).expect(400)).body.error).toBe('invalid');
  });

  it('reads the page by its keys: the statements of any page, the ids bound as parameters', async () => {
    const plain = await requestQueryCount(() => api(t, a.host, north2.key).get('/api/v1/opportunities?limit=20').expect(200));
    const byIds = await requestQueryCount(() => api(t, a.host, north2.key).get(`/api/v1/opportunities?ids=${list('alpha', 'charlie')}`).expect(200));
    expect(byIds).toBeLessThanOrEqual(plain);
    const { queries } = await captureQueries(() => api(t, a.host, north2.key).get(`/api/v1/opportunities?ids=${list('alpha', 'charlie')}`).expect(200));
    const page = queries.find((q) => /"?po"?\."?id"?\s+IN\s*\(/.test(q.text));
    expect(page?.values).toEqual(expect.arrayContaining([ids.alpha, ids.charlie]));
  });
});
