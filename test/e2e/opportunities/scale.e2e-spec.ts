import { keepNewestOpen, seedDirectory, seedOpportunities, seedRecords } from '../../../scripts/bench/seed.js';
import { DataSource } from 'typeorm';
import type { Company } from '../../../src/domain/crm/companies/company.entity';
import { SEARCH_WINDOW } from '../../../src/domain/crm/shared/paging';
import { insertCompany } from '../../helpers/crm-fixtures';
import { captureQueries, LoggedQuery } from '../../helpers/query-log';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * Scale: one workspace, one sales owner with 8 companies and a long history of opportunities (a bounded
 * open pipeline of 2,000, the rest closed; seed: scripts/bench/seed.js), plus other owners' companies,
 * people, tasks and calendar entries. Proves with EXPLAIN of the SQL each request really runs (captured
 * from the pg driver) that
 * - the aggregates of the company list, a company record and Today read only open opportunities, so they
 *   do not grow with history (and their time at the large size stays near the small size);
 * - the `q` searches, the calendar range and tasks by owner use their indexes, no sequential scan.
 * Runs on PostgreSQL and on PGlite (DATABASE_URL=). Sizes: SCALE_ROWS (default 200k, 100k embedded).
 * Indexes: docs/crm-rules.md; figures at 1M: docs/performance.md (npm run bench).
 */
const EMBEDDED = !process.env.DATABASE_URL;
const SMALL = 10_000;
const LARGE = Number(process.env.SCALE_ROWS ?? (EMBEDDED ? 100_000 : 200_000));
const OPEN = 2_000;
const DIR = EMBEDDED ? { companies: 10_000, people: 20_000, tasks: 20_000, calendar: 20_000 } : { companies: 20_000, people: 50_000, tasks: 50_000, calendar: 50_000 };
/** Activities, leads, orders, tickets and fairs each. */
const RECORDS = EMBEDDED ? 10_000 : 20_000;
/** Every seeded table is padded to about this size (1,700 pages, over PAGE_BOUND: a scan of it fails the bound). */
const TABLE_BYTES = 14_000_000;

let t: TestApp;
let a: Fixture;
let seller: { key: string; id: number };
let companies: Company[];
let stages: { openStages: string[]; closedStages: string[] };

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** `EXPLAIN (<options>, FORMAT JSON)` of a statement: its one plan (PostgreSQL answers JSON, PGlite its text). */
async function explainJson(options: string, text: string, values?: unknown[]): Promise<{ Plan: PlanNode & Record<string, number>; 'Execution Time': number }> {
  const [row] = await db(t).query(`EXPLAIN (${options}FORMAT JSON) ${text}`, values);
  const json = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
  return json[0];
}

async function explain(q: LoggedQuery, analyze = false): Promise<PlanNode[]> {
  return nodes((await explainJson(analyze ? 'ANALYZE, ' : '', q.text, q.values)).Plan);
}

/** The SELECTs over `table` that one GET request runs. */
async function selectsOf(key: string, path: string, table: string): Promise<LoggedQuery[]> {
  const { queries } = await captureQueries(() => api(t, a.host, key).get(path).expect(200));
  return queries.filter((q) => /^\s*SELECT/i.test(q.text) && new RegExp(`\\b"?${table}"?\\b`).test(q.text));
}

const seqScans = (ns: PlanNode[], table: string) => ns.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table);
const indexNames = (ns: PlanNode[]) => ns.map((n) => n['Index Name']).filter((n): n is string => !!n);
/** Rows a plan read from `table` (returned plus filtered out). */
const rowsRead = (ns: PlanNode[], table: string) =>
  ns
    .filter((n) => n['Relation Name'] === table)
    .reduce((s, n) => s + (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1) + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0), 0);

/** Best of n (the machine is shared: load only ever adds time, so the minimum is the steadiest figure). */
async function best(key: string, path: string, n = 15): Promise<number> {
  await api(t, a.host, key).get(path).expect(200); // warm
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    await api(t, a.host, key).get(path).expect(200);
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return Math.min(...ms);
}

/**
 * Cost of the request's statements over opportunities (EXPLAIN (ANALYZE, BUFFERS)): execution time, best
 * of `n`, and the pages they touched (shared hit + read; the same on every run, so it does not depend on
 * the load of the machine the way time does).
 */
async function dbCost(key: string, path: string, n = 3): Promise<{ ms: number; pages: number }> {
  const selects = await selectsOf(key, path, 'opportunities');
  const runs: number[] = [];
  let pages = 0;
  for (let i = 0; i < n; i++) {
    let sum = 0;
    pages = 0;
    for (const q of selects) {
      const plan = await explainJson('ANALYZE, BUFFERS, ', q.text, q.values);
      sum += plan['Execution Time'];
      pages += (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
    }
    runs.push(sum);
  }
  return { ms: Math.min(...runs), pages };
}

/**
 * How slow the machine is at this moment: the execution time of a fixed amount of database work (best of `n`).
 * The other jest workers and Chromium share the cores, so a time measured under load is compared with one measured
 * unloaded only after dividing by the ratio of this figure then and now.
 */
async function pace(n = 3): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < n; i++) {
    runs.push((await explainJson('ANALYZE, ', 'SELECT sum(g) FROM generate_series(1, 50000) g'))['Execution Time']);
  }
  return Math.min(...runs);
}

const query = (sql: string, params?: unknown[]) => db(t).query(sql, params);
/**
 * A statement of the seed (and its VACUUM): without the service's statement timeout (30 s on PostgreSQL,
 * data-source-options.ts), which a loaded machine made one INSERT of 200,000 rows outlast. The seed is not what is
 * measured; the reads are. Its own connection, so the setting never reaches the pool's other statements.
 */
async function seed(sql: string, params?: unknown[]) {
  const runner = t.get(DataSource).createQueryRunner();
  try {
    await runner.query('SET statement_timeout = 0');
    return await runner.query(sql, params);
  } finally {
    await runner.query('RESET statement_timeout').catch(() => undefined);
    await runner.release();
  }
}

/** The first page (50 rows) of each list, by default sort and by sort=update where the list has it. */
const LISTS = [
  ...['opportunities', 'companies', 'people', 'activities', 'tasks', 'leads', 'orders', 'tickets', 'fairs'].flatMap((l) => [
    `/api/v1/${l}?limit=50`,
    `/api/v1/${l}?limit=50&sort=update`,
  ]),
  '/api/v1/deleted?limit=50&since=2020-01-01T00:00:00Z',
];
/**
 * Searches whose word many rows carry (1 in 8 opportunity names; every seeded company, person and lead): the page
 * fills from the newest rows (applySearch), so the first page touches O(window) pages, not every match.
 */
const COMMON_SEARCHES = ['/api/v1/opportunities?limit=50&q=bubble', '/api/v1/companies?limit=50&q=Trading', '/api/v1/people?limit=50&q=person', '/api/v1/leads?limit=50&q=company'];
const PAGE = 50;
/** Pages (shared buffers hit + read) a list's first page may touch: a few index probes per row, not per row of the table. */
const PAGE_BOUND = 20 * PAGE + 200;
/** A search's first page: the window of newest rows (SEARCH_WINDOW key probes of a few pages each) and the page. */
const SEARCH_PAGE_BOUND = 5 * SEARCH_WINDOW + PAGE_BOUND;
/**
 * The table each list reads: a first page touching fewer pages than the table has proves it does not scan it
 * (the seed pads rows so that every table is larger than PAGE_BOUND; checked below, so the bound can fail).
 */
const TABLE_OF: Record<string, string> = { opportunities: 'opportunities', companies: 'companies', people: 'people', activities: 'activities', tasks: 'tasks', leads: 'leads', orders: 'orders', tickets: 'tickets', fairs: 'fairs' };

/** Shared buffers (hit + read) every SELECT of one GET request touches, run with EXPLAIN (ANALYZE, BUFFERS). */
async function pagesOf(key: string, path: string): Promise<{ pages: number; worst: string; counted: number; plans: PlanNode[] }> {
  let counted = 0;
  const { queries } = await captureQueries(async () => {
    const res = await api(t, a.host, key).get(path).expect(200);
    // a company card counts its open opportunities exactly (spec: open_opps): one index entry, and without a
    // visibility map (autovacuum is off here) one heap visit, per open opportunity of the page's companies
    counted = (res.body.items as { open_opps?: number }[]).reduce((n, x) => n + (x.open_opps ?? 0), 0);
  });
  let pages = 0;
  let worst = { pages: -1, text: '' };
  const plans: PlanNode[] = [];
  for (const q of queries.filter((x) => /^\s*SELECT/i.test(x.text) && !/"credentials"|"workspaces"/.test(x.text))) {
    const { Plan: top } = await explainJson('ANALYZE, BUFFERS, ', q.text, q.values);
    const n = (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0);
    pages += n;
    plans.push(...nodes(top));
    const plan = nodes(top)
      .map((x) => `${x['Node Type']} ${x['Index Name'] ?? x['Relation Name'] ?? ''} rows=${x['Actual Rows']}x${x['Actual Loops']} pages=${(x['Shared Hit Blocks'] ?? 0) + (x['Shared Read Blocks'] ?? 0)}`)
      .join('; ');
    if (process.env.SHOW_PLANS && n > 100) process.stderr.write(`  ${path}: ${n} pages: ${q.text.replace(/SELECT .*? FROM/s, 'SELECT … FROM').slice(0, 300)}\n    ${plan.slice(0, 600)}\n`);
    if (n > worst.pages) worst = { pages: n, text: `${q.text.replace(/SELECT .*? FROM/s, 'SELECT … FROM')}\n  plan: ${plan}` };
  }
  return { pages, worst: worst.text, counted, plans };
}

/**
 * Forgets the planner's statistics of this database's tables and indexes, as if never analyzed (autovacuum
 * is off where the tests run, so a table a test fills has none until ANALYZE): no column statistics, and
 * row counts unknown (reltuples -1: the planner estimates them from the file size).
 */
async function forgetStatistics(): Promise<void> {
  const rels = `SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')`;
  await query(`DELETE FROM pg_statistic WHERE starelid IN (${rels})`);
  await query(`UPDATE pg_class SET reltuples = -1, relpages = 0, relallvisible = 0 WHERE oid IN (${rels})`);
}
const listPages: Record<'none' | 'analyzed', Record<string, { pages: number; worst: string; counted: number; plans: PlanNode[] }>> = { none: {}, analyzed: {} };
const tablePages: Record<string, number> = {};
const aggregatePaths = () => ['/api/v1/companies?limit=50', `/api/v1/companies/${companies[0]!.id}`, '/api/v1/today'];
const small: Record<string, { http: number; db: { ms: number; pages: number }; pace: number }> = {};
/** Searches and the calendar range: the table they read and the indexes their plans must use. */
const SEARCHES: [string, () => string, string, string[]][] = [
  ['opportunities, a PO number', () => `/api/v1/opportunities?limit=50&q=PO-${LARGE - 17}`, 'opportunities', ['IDX_opportunities_name_fold']],
  ['opportunities, a product word', () => '/api/v1/opportunities?limit=50&q=bubble', 'opportunities', []],
  ['companies, a name', () => '/api/v1/companies?limit=50&q=Trading 1234', 'companies', ['IDX_companies_name_fold']],
  ['companies, 2 characters (a prefix)', () => '/api/v1/companies?limit=50&q=Zy', 'companies', ['IDX_companies_name_fold']],
  ['people, an e-mail', () => '/api/v1/people?limit=50&q=person4321@', 'people', ['IDX_people_name_fold', 'IDX_people_email_trgm']],
  ['global search, a task\'s text', () => '/api/v1/search?q=Task%204321', 'tasks', ['IDX_tasks_text_fold']],
  ['global search, a visit\'s text', () => '/api/v1/search?q=makine', 'activities', ['IDX_activities_text_fold']],
  ['global search, a PO number', () => '/api/v1/search?q=4500012345', 'orders', ['IDX_orders_po_fold']],
  ['calendar, a month', () => '/api/v1/calendar?from=2026-06-01&to=2026-06-30', 'calendar_entries', ['IDX_calendar_entries_range']],
];
/** The global search for a word every seeded task carries: each of its six kinds reads its window, not every match. */
const GLOBAL_SEARCH = '/api/v1/search?q=Task&limit=20';
/** The plans of SEARCHES without statistics (by name). */
const searchPlans: Record<string, PlanNode[]> = {};

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'scale');
  const s = await createUser(t, a, { department: 'North' });
  const mate = await createUser(t, a, { department: 'North' });
  const south = await Promise.all([1, 2, 3].map(() => createUser(t, a, { department: 'South' })));
  seller = { key: s.key, id: s.user.id };
  const c = a.ws.constants;
  stages = { openStages: c.open_stages, closedStages: c.stages.filter((x) => !c.open_stages.includes(x)) };
  companies = [];
  for (let i = 0; i < 8; i++) companies.push(await insertCompany(t, a, seller.id, { name: `Seller Customer ${i}`, status: c.customer_statuses[1] }));
  await seedDirectory(seed, {
    workspaceId: a.ws.id,
    ownerIds: south.map((x) => x.user.id),
    n: DIR,
    companyStatus: c.customer_statuses[1]!,
    taskStatuses: c.task_statuses,
    taskPriority: c.task_priorities[0]!,
    tableBytes: TABLE_BYTES,
  });
  await seedRecords(seed, {
    workspaceId: a.ws.id,
    ownerIds: south.map((x) => x.user.id),
    customerIds: companies.map((x) => x.id),
    n: RECORDS,
    activityType: c.visit_types[0]!,
    leadStatus: c.lead_statuses[0]!,
    order: { currency: a.ws.app.currencies[0]!, unit: a.ws.app.units[0]!, kind: c.order_kinds[0]!, status: c.order_statuses[0]! },
    ticket: { priority: Object.keys(a.ws.app.ticket_sla_hours ?? {})[0] ?? 'normal', status: c.ticket_statuses[0]! },
    tableBytes: TABLE_BYTES,
  });
  // a few tasks the seller's team owns (assigned to someone else): the seller's task list finds them by owner
  await seed(
    `INSERT INTO tasks (workspace_id, title, priority, status, assignee_id, owner_id) SELECT $1, 'Team task ' || g, $2, $3, $4, $5 FROM generate_series(1, 50) g`,
    [a.ws.id, c.task_priorities[0], c.task_statuses[0], south[0]!.user.id, mate.user.id],
  );
  const opp = { workspaceId: a.ws.id, ownerId: seller.id, companyIds: companies.map((x) => x.id), ...stages };
  await seedOpportunities(seed, { ...opp, from: 1, to: SMALL });
  await keepNewestOpen(seed, { ...opp, openKeep: OPEN });
  await seed('VACUUM ANALYZE');
  for (const path of aggregatePaths()) small[path] = { pace: await pace(), http: await best(seller.key, path), db: await dbCost(seller.key, path) };
  await seedOpportunities(seed, { ...opp, from: SMALL + 1, to: LARGE });
  await keepNewestOpen(seed, { ...opp, openKeep: OPEN });
  // stage changes: one per opportunity, a second for the newest 1,000 (the list shows the last one)
  await seed(
    `INSERT INTO opp_logs (workspace_id, opp_id, from_stage, to_stage, user_id)
     SELECT workspace_id, id, NULL, stage, owner_id FROM opportunities WHERE workspace_id = $1
     UNION ALL (SELECT workspace_id, id, stage, stage, owner_id FROM opportunities WHERE workspace_id = $1 ORDER BY id DESC LIMIT 1000)`,
    [a.ws.id],
  );
  for (const table of Object.values(TABLE_OF)) {
    const [{ n }] = await query(`SELECT (pg_relation_size($1) / current_setting('block_size')::int)::int AS n`, [table]);
    tablePages[table] = n;
  }
  await forgetStatistics();
  for (const [name, path, table] of SEARCHES) searchPlans[name] = (await Promise.all((await selectsOf(a.adminKey, path(), table)).map((q) => explain(q)))).flat();
  for (const path of [...LISTS, ...COMMON_SEARCHES, GLOBAL_SEARCH]) listPages.none[path] = await pagesOf(a.adminKey, path);
  await seed('VACUUM ANALYZE');
  for (const path of [...LISTS, ...COMMON_SEARCHES, GLOBAL_SEARCH]) listPages.analyzed[path] = await pagesOf(a.adminKey, path);
}, 900_000);
afterAll(() => t?.close());

describe(`scale: ${LARGE} opportunities of one owner (${OPEN} open) on ${EMBEDDED ? 'PGlite' : 'PostgreSQL'}`, () => {
  it('has the rows', async () => {
    const [r] = await query('SELECT count(*)::int AS n, count(*) FILTER (WHERE is_open)::int AS open FROM opportunities WHERE workspace_id = $1', [a.ws.id]);
    expect(r).toEqual({ n: LARGE, open: OPEN });
  });

  it.each(['/api/v1/companies?limit=50', 'company record', '/api/v1/today'])('%s: its opportunity aggregates read only open rows', async (name) => {
    const path = name === 'company record' ? `/api/v1/companies/${companies[0]!.id}` : name;
    const selects = await selectsOf(seller.key, path, 'opportunities');
    expect(selects.length).toBeGreaterThan(0);
    for (const q of selects) {
      const ns = await explain(q, true);
      expect(seqScans(ns, 'opportunities')).toEqual([]);
      expect(indexNames(ns)).toContain('IDX_opportunities_open_customer');
      // the open rows of the companies asked for: all 8 of the seller's (list, Today) or the one record's
      const [{ open }] = await query('SELECT count(*)::int AS open FROM opportunities WHERE workspace_id = $1 AND is_open AND customer_id = ANY($2::int[])', [
        a.ws.id,
        name === 'company record' ? [companies[0]!.id] : companies.map((c) => c.id),
      ]);
      expect(rowsRead(ns, 'opportunities')).toBeLessThanOrEqual(open);
    }
  });

  it('an open-pipeline aggregate per owner (count and sum) reads only open rows', async () => {
    const ns = await explain(
      { text: 'SELECT count(*)::int AS n, coalesce(sum(value), 0) AS total FROM opportunities WHERE workspace_id = $1 AND owner_id = $2 AND is_open', values: [a.ws.id, seller.id] },
      true,
    );
    expect(seqScans(ns, 'opportunities')).toEqual([]);
    expect(rowsRead(ns, 'opportunities')).toBeLessThanOrEqual(OPEN);
  });

  it('the company list, a company record and Today take about as long as at 10k', async () => {
    for (const path of aggregatePaths()) {
      const x = small[path]!;
      // The pages the aggregates touch are the steady measure: with the partial index they follow the open
      // pipeline, not the history (17 -> 35 on PostgreSQL for 20x the history, where the open rows' heap pages
      // spread; 5 -> 5 on PGlite; without the partial index: the pages of every row of the companies, 1000s).
      // Time is load-bound on a shared machine (the other jest workers and Chromium on the same cores, PGlite in
      // this thread): each figure is divided by how much slower the machine is now than when the small size was
      // measured (pace, taken beside it), and a figure over the bound is measured again, up to 4 more times,
      // keeping the best (load only ever adds time).
      const measure = async (n?: number) => {
        const load = Math.max(1, (await pace()) / x.pace);
        const http = await best(seller.key, path);
        const cost = await dbCost(seller.key, path, n);
        return { load, http: http / load, db: { ms: cost.ms / load, pages: cost.pages } };
      };
      const large = await measure();
      const msBound = x.db.ms * 1.5 + (EMBEDDED ? 5 : 2);
      const httpBound = x.http * 3 + 30;
      for (let retry = 0; retry < 4 && (large.db.ms > msBound || large.http > httpBound); retry++) {
        await new Promise((r) => setTimeout(r, 2000));
        const again = await measure(5);
        large.db.ms = Math.min(large.db.ms, again.db.ms);
        large.http = Math.min(large.http, again.http);
        large.load = again.load;
      }
      process.stderr.write(
        `${path}: opportunity statements ${x.db.ms.toFixed(2)} ms / ${x.db.pages} pages at ${SMALL}, ${large.db.ms.toFixed(2)} ms / ${large.db.pages} pages at ${LARGE}; request (best of 15) ${x.http.toFixed(1)} ms, ${large.http.toFixed(1)} ms (times at ${LARGE} divided by the load, last ${large.load.toFixed(2)}x)\n`,
      );
      if (process.env.SHOW_PLANS) {
        const { queries } = await captureQueries(() => api(t, a.host, seller.key).get(path).expect(200));
        for (const q of queries.filter((y) => /^\s*SELECT/i.test(y.text))) {
          process.stderr.write(`  ${(await explainJson('ANALYZE, ', q.text, q.values))['Execution Time'].toFixed(2)} ms ${q.text.slice(0, 160)}\n`);
        }
      }
      // slack for heap visits of the open opportunities counted, which vary with the visibility map (autovacuum off)
      expect(large.db.pages).toBeLessThanOrEqual(x.db.pages * 3 + 50);
      // time: ~1.5x with slack (without the partial index: 30+ ms at 200k on PostgreSQL)
      expect(large.db.ms).toBeLessThanOrEqual(msBound);
      // and the whole request stays in the same range (loose: the machine is shared)
      expect(large.http).toBeLessThanOrEqual(httpBound);
    }
  }, 120_000);

  // Without statistics a search is answered through a btree index on workspace_id and a recheck of every
  // row of the workspace (O(table), not the trigram index): open work, docs/performance.md. Held to no
  // sequential scan there.
  it.each(SEARCHES)('q / range: %s uses its index, no sequential scan (without statistics: no sequential scan)', async (name, path, table, expected) => {
    const selects = await selectsOf(a.adminKey, path(), table);
    expect(selects.length).toBeGreaterThan(0);
    const ns = (await Promise.all(selects.map((q) => explain(q)))).flat();
    const none = searchPlans[name]!;
    if (process.env.SHOW_PLANS) process.stderr.write(`${name}: ${indexNames(ns).join(', ')}; without statistics: ${indexNames(none).join(', ')}\n`);
    expect(seqScans(ns, table)).toEqual([]);
    for (const index of expected) expect(indexNames(ns)).toContain(index);
    expect(seqScans(none, table)).toEqual([]);
  });

  it.each(LISTS)('%s: the first page touches O(page) pages, with and without statistics', (path) => {
    const none = listPages.none[path]!;
    const analyzed = listPages.analyzed[path]!;
    process.stderr.write(`${path}: ${none.pages} pages without statistics, ${analyzed.pages} analyzed (bound ${PAGE_BOUND} + ${none.counted} open opportunities counted; table ${tablePages[TABLE_OF[/\/api\/v1\/(\w+)/.exec(path)![1]!] ?? ''] ?? '-'} pages)\n`);
    if (process.env.SHOW_PLANS) process.stderr.write(`  worst statement without statistics: ${none.worst.slice(0, 1500)}\n`);
    const table = TABLE_OF[/\/api\/v1\/(\w+)/.exec(path)![1]!];
    if (table) expect(tablePages[table]).toBeGreaterThan(PAGE_BOUND);
    // the bound grows with what the page shows (its companies' open opportunities, a bounded pipeline), never with history
    expect(none.pages).toBeLessThanOrEqual(PAGE_BOUND + none.counted);
    expect(analyzed.pages).toBeLessThanOrEqual(PAGE_BOUND + analyzed.counted);
  });

  it.each(COMMON_SEARCHES)('%s (a word many rows carry): the first page reads the newest rows, not every match', async (path) => {
    const none = listPages.none[path]!;
    const analyzed = listPages.analyzed[path]!;
    const table = TABLE_OF[/\/api\/v1\/(\w+)/.exec(path)![1]!]!;
    const rows = rowsRead(analyzed.plans, table);
    process.stderr.write(`${path}: ${none.pages} pages without statistics, ${analyzed.pages} analyzed, ${rows} ${table} rows read\n`);
    if (process.env.SHOW_PLANS) process.stderr.write(`  worst statement without statistics: ${none.worst.slice(0, 2500)}\n  analyzed: ${analyzed.worst.slice(0, 2500)}\n`);
    const res = await api(t, a.host, a.adminKey).get(path).expect(200);
    expect(res.body.items).toHaveLength(PAGE);
    // the window's rows counted in its id range and read, a key probe for each, the page's rows: not the
    // 20,000-25,000 matches
    expect(rows).toBeLessThanOrEqual(3 * SEARCH_WINDOW + 2 * PAGE + 10);
    expect(analyzed.pages).toBeLessThanOrEqual(SEARCH_PAGE_BOUND + analyzed.counted);
    // without statistics too: the window is found by id ranges (paging.ts windowCtes), not by a scan of the
    // workspace that the planner chose for `ORDER BY id DESC LIMIT 1000` (the table is larger than the bound)
    const rowsNone = rowsRead(none.plans, table);
    const [{ n: tableRows }] = await db(t).query(`SELECT count(*)::int AS n FROM ${table} WHERE workspace_id = $1`, [a.ws.id]);
    process.stderr.write(`  without statistics: ${rowsNone} ${table} rows read of ${tableRows}\n`);
    expect(tableRows).toBeGreaterThan(2 * (4 * SEARCH_WINDOW + 2 * PAGE + 10));
    expect(rowsNone).toBeLessThanOrEqual(4 * SEARCH_WINDOW + 2 * PAGE + 10);
  });

  it(`${GLOBAL_SEARCH} (a word every task carries): each kind reads its newest rows, not every match, with and without statistics`, async () => {
    const none = listPages.none[GLOBAL_SEARCH]!;
    const analyzed = listPages.analyzed[GLOBAL_SEARCH]!;
    const res = await api(t, a.host, a.adminKey).get(GLOBAL_SEARCH).expect(200);
    expect(res.body.items.filter((i: { kind: string }) => i.kind === 'task')).toHaveLength(20);
    const rows = { none: rowsRead(none.plans, 'tasks'), analyzed: rowsRead(analyzed.plans, 'tasks') };
    process.stderr.write(`${GLOBAL_SEARCH}: ${none.pages} pages without statistics, ${analyzed.pages} analyzed; tasks rows read ${rows.none} / ${rows.analyzed}\n`);
    if (process.env.SHOW_PLANS) process.stderr.write(`  worst statement without statistics: ${none.worst.slice(0, 2500)}\n`);
    // six kinds (companies, people, opportunities, tasks, activities, orders), each a window and its page
    expect(analyzed.pages).toBeLessThanOrEqual(6 * SEARCH_PAGE_BOUND);
    expect(none.pages).toBeLessThanOrEqual(6 * SEARCH_PAGE_BOUND);
    expect(rows.analyzed).toBeLessThanOrEqual(3 * SEARCH_WINDOW + 2 * PAGE + 10);
    expect(rows.none).toBeLessThanOrEqual(4 * SEARCH_WINDOW + 2 * PAGE + 10);
  });

  it('tasks: a sales user sees tasks assigned to or owned by the team, found by index', async () => {
    const res = await api(t, a.host, seller.key).get('/api/v1/tasks?limit=50').expect(200);
    expect(res.body.items).toHaveLength(50);
    const ns = (await Promise.all((await selectsOf(seller.key, '/api/v1/tasks?limit=50', 'tasks')).map((q) => explain(q)))).flat();
    expect(seqScans(ns, 'tasks')).toEqual([]);
    expect(indexNames(ns)).toContain('IDX_tasks_owner');
  });

  it('q of 1-2 characters matches the start of the name, 3+ characters anywhere in it', async () => {
    const names = async (q: string) =>
      ((await api(t, a.host, seller.key).get(`/api/v1/companies?limit=50&q=${encodeURIComponent(q)}`).expect(200)).body.items as { name: string }[]).map((c) => c.name);
    expect(await names('Se')).toHaveLength(8);
    expect(await names('ll')).toEqual([]);
    expect(await names('ller Cust')).toHaveLength(8);
  });

  it('calendar: the range answer is right (entries overlapping the window, not only starting in it)', async () => {
    const res = await api(t, a.host, a.adminKey).get('/api/v1/calendar?from=2026-06-01&to=2026-06-01').expect(200);
    const items = res.body.items ?? res.body;
    // one entry per 30 min, 1 h long: 48 start that day, one more started 23:30 the day before (workspace timezone)
    expect(items.length).toBeGreaterThanOrEqual(48);
    expect(items.length).toBeLessThanOrEqual(50);
  });
});
