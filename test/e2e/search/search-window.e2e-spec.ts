import { SEARCH_WINDOW } from '../../../src/domain/crm/shared/paging';
import { insertCompany } from '../../helpers/crm-fixtures';
import { captureQueries } from '../../helpers/query-log';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * A text search newest first (`applySearch`: companies, people, opportunities, leads) reads the newest SEARCH_WINDOW rows before the cursor first and
 * asks the trigram index only for what they do not fill. The page must be the same as a plain "newest
 * matches" answer wherever the matches lie: inside the window, below it, on both sides of it, and for a
 * sales user who sees only the team's rows. Rows are seeded by SQL, in id order.
 */
let t: TestApp;
let f: Fixture;
let seller: { key: string; id: number };
let other: { key: string; id: number };
let customerId: number;
const query = (sql: string, params: unknown[]) => db(t).query(sql, params);

beforeAll(async () => {
  t = await startApp();
  f = await createWorkspace(t);
  const s = await createUser(t, f, { department: 'North' });
  const o = await createUser(t, f, { department: 'South' });
  seller = { key: s.key, id: s.user.id };
  other = { key: o.key, id: o.user.id };
  customerId = (await insertCompany(t, f, f.admin.id, { name: 'Window customer' })).id;
});
afterAll(() => t?.close());

const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id));

/** Inserts `n` companies named `<prefix> <g>` owned by `ownerId`, oldest first; returns their ids in order. */
async function companies(prefix: string, n: number, ownerId: number): Promise<number[]> {
  return ids(
    await query(
      `INSERT INTO companies (workspace_id, name, name_norm, status, owner_id, city)
       SELECT $1, $2 || ' ' || g, lower($2 || ' ' || g), 'Active', $3, 'Izmir' FROM generate_series(1, $4::int) g ORDER BY g RETURNING id`,
      [f.ws.id, prefix, ownerId, n],
    ),
  ).sort((x, y) => x - y);
}

async function people(prefix: string, n: number, ownerId: number): Promise<number[]> {
  return ids(
    await query(
      `INSERT INTO people (workspace_id, name, name_norm, email, owner_id)
       SELECT $1, $2 || ' ' || g, lower($2 || ' ' || g), lower($2) || g || '@mail.example', $3 FROM generate_series(1, $4::int) g ORDER BY g RETURNING id`,
      [f.ws.id, prefix, ownerId, n],
    ),
  ).sort((x, y) => x - y);
}

async function opportunities(prefix: string, n: number, ownerId: number): Promise<number[]> {
  const stage = f.ws.constants.open_stages[0];
  return ids(
    await query(
      `INSERT INTO opportunities (workspace_id, name, customer_id, owner_id, stage, is_open, currency, start_date, close_date)
       SELECT $1, $2 || ' ' || g, $3, $4, $5, true, 'EUR', DATE '2026-01-01', DATE '2026-06-30' FROM generate_series(1, $6::int) g ORDER BY g RETURNING id`,
      [f.ws.id, prefix, customerId, ownerId, stage, n],
    ),
  ).sort((x, y) => x - y);
}

async function leads(prefix: string, n: number, ownerId: number): Promise<number[]> {
  return ids(
    await query(
      `INSERT INTO leads (workspace_id, company, status, owner_id) SELECT $1, $2 || ' ' || g, $3, $4 FROM generate_series(1, $5::int) g ORDER BY g RETURNING id`,
      [f.ws.id, prefix, f.ws.constants.lead_statuses[0], ownerId, n],
    ),
  ).sort((x, y) => x - y);
}

/** Every id a search returns, page after page (limit 3), and the number of pages. */
async function walk(key: string, list: string, q: string, limit = 3): Promise<{ seen: number[]; pages: number }> {
  const seen: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: { body: { items: { id: number }[]; next_cursor: string | null } } = await api(t, f.host, key)
      .get(`/api/v1/${list}?q=${encodeURIComponent(q)}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
      .expect(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    seen.push(...ids(res.body.items));
    cursor = res.body.next_cursor;
    pages++;
  } while (cursor && pages < 50);
  return { seen, pages };
}

const newestFirst = (xs: number[]) => [...xs].sort((x, y) => y - x);

describe.each([
  ['companies', companies],
  ['people', people],
  ['opportunities', opportunities],
  ['leads', leads],
] as const)('GET /api/v1/%s?q= across the window of newest rows', (list, insert) => {
  let old: number[];
  let recent: number[];
  let filler: number[];
  const word = `Zq${list.slice(0, 3)}`;

  beforeAll(async () => {
    old = await insert(`${word} old`, 4, seller.id); // below the window
    filler = await insert(`Filler ${list}`, SEARCH_WINDOW + 20, other.id);
    recent = await insert(`${word} new`, 2, seller.id); // inside it
  });

  it('pages through matches inside and below the window, each once, newest first', async () => {
    const { seen, pages } = await walk(f.adminKey, list, word);
    expect(seen).toEqual(newestFirst([...old, ...recent]));
    expect(pages).toBe(2);
  });

  it('fills the page of a common word from the newest rows, on the first page and after a cursor', async () => {
    const first = await api(t, f.host, f.adminKey).get(`/api/v1/${list}?q=${encodeURIComponent(`Filler ${list}`)}&limit=50`).expect(200);
    expect(ids(first.body.items)).toEqual(newestFirst(filler).slice(0, 50));
    // a cursor deep in the list: the window starts there
    const deep = newestFirst(filler)[SEARCH_WINDOW - 10]!;
    const cursor = Buffer.from(JSON.stringify([deep])).toString('base64url');
    const res = await api(t, f.host, f.adminKey).get(`/api/v1/${list}?q=Filler&limit=50&cursor=${cursor}`).expect(200);
    expect(ids(res.body.items)).toEqual(newestFirst(filler).filter((id) => id < deep).slice(0, 50));
  });

  it('does not start the rest below the window when the window fills the page, even in a parallel plan', async () => {
    const { queries } = await captureQueries(() => api(t, f.host, f.adminKey).get(`/api/v1/${list}?q=${encodeURIComponent(`Filler ${list}`)}&limit=50`).expect(200));
    const statement = queries.find((x) => x.text.includes('pg_win'));
    expect(statement).toBeDefined();
    // parallel plans made cheap, as the planner finds them on a large table: a Gather below the rest's
    // conditions launched its workers (about 40 ms on 1M rows) before the branch read that it had nothing to do
    const plan = await db(t).transaction(async (m) => {
      for (const setting of ['parallel_setup_cost = 0', 'parallel_tuple_cost = 0', 'min_parallel_table_scan_size = 0', 'min_parallel_index_scan_size = 0']) await m.query(`SET LOCAL ${setting}`);
      const rows: { 'QUERY PLAN': unknown }[] = await m.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement!.text}`, statement!.values);
      return JSON.stringify(rows[0]!['QUERY PLAN']);
    });
    // the rest below the window is the UNION's member that is not the scan of pg_near; in it (leaving out the
    // init plans that compute the gate) nothing runs: its sort by `id + 0` has no loop, no worker is launched
    type PlanNode = { 'Node Type': string; 'Parent Relationship'?: string; 'CTE Name'?: string; 'Actual Loops'?: number; 'Sort Key'?: string[]; 'Workers Launched'?: number; Plans?: PlanNode[] };
    const all: PlanNode[] = [];
    const collect = (n: PlanNode, into: PlanNode[], skipInit: boolean) => {
      into.push(n);
      for (const c of n.Plans ?? []) if (!(skipInit && c['Parent Relationship'] === 'InitPlan')) collect(c, into, skipInit);
    };
    collect((JSON.parse(plan) as { Plan: PlanNode }[])[0]!.Plan, all, false);
    const union = all.find((n) => n['Node Type'] === 'Append');
    const rest = (union?.Plans ?? []).filter((c) => c['Parent Relationship'] === 'Member' && c['CTE Name'] !== 'pg_near');
    expect(rest).toHaveLength(1);
    const branch: PlanNode[] = [];
    collect(rest[0]!, branch, true);
    const restSorts = branch.filter((n) => (n['Sort Key'] ?? []).some((k) => k.includes('+ 0')));
    expect(restSorts.length).toBeGreaterThan(0);
    expect(restSorts.map((n) => n['Actual Loops'])).toEqual(restSorts.map(() => 0));
    expect(branch.map((n) => n['Workers Launched'] ?? 0).filter((w) => w > 0)).toEqual([]);
  });

  it("a sales user's search finds only the team's rows, on both sides of the window", async () => {
    expect((await walk(seller.key, list, word)).seen).toEqual(newestFirst([...old, ...recent]));
    expect((await walk(other.key, list, word)).seen).toEqual([]);
  });
});
