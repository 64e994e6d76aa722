'use strict';
/**
 * Reports part of `npm run bench` (`--reports` runs only this part; add `--explain` for the plans). Method and
 * figures: docs/performance.md ("Reports").
 *
 * REPORT_OPPS (100,000) opportunities over 10 users of two departments, each with REPORT_ROWS (10) history rows
 * (1,000,000 rows; REPORT_ROWS=100 for 10x the history), seeded by SQL: created evenly over the three years up to 90
 * days ago, ten steps 9 days apart (stage moves, a move back, close-date edits, an owner change for one in 7), the
 * rows beyond ten spread over those 90 days as value edits within a step, nine in ten closed by their last row
 * (won, lost or cancelled: the workspace's closed stages), one in ten left open. The links of the rows (valid_to,
 * prev_stage, prev_role, stage_since) are written by the seed itself, the trigger that keeps them being off while it runs.
 * Then every report, as the admin (every record) and as a sales user (their department), this quarter and the
 * same quarter a year ago: REPORT_RUNS (7) sequential requests after one warm-up, median and max, and the
 * target (<= 300 ms).
 */
const http = require('node:http');

const OPPS = Number(process.env.REPORT_OPPS || 100_000);
/** History rows per opportunity (at least 10): 100 gives 10x the history of the same records and periods. */
const ROWS = Math.max(10, Number(process.env.REPORT_ROWS || 10));
const RUNS = Number(process.env.REPORT_RUNS || 7);
const TARGET_MS = 300;

function get(port, path, headers) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, body, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const roleOf = (c, s) => (c.stage_roles && c.stage_roles[s]) || (c.open_stages.includes(s) ? 'open' : 'cancelled');

async function seedReports(query, { ws, ownerIds, companyIds }) {
  const c = ws.constants;
  const open = c.open_stages;
  const closed = c.stages.filter((s) => !open.includes(s));
  const L = open.length;
  // the open path of rows 0..8 (row 9 closes, or stays in the last open stage for one in ten)
  const path = [0, 0, 1, 1, 2, Math.min(3, L - 1), 1, L - 1, L - 1].map((i) => open[Math.min(i, L - 1)]);
  // per step b (0..9), the first step of the run of its stage (equal stages in a row: one run); step 9 closes (a
  // new run) or, for one in ten, stays in step 8's stage
  const runOf = (stages) => stages.map((st, b) => { let k = b; while (k > 0 && stages[k - 1] === st) k--; return k; });
  const runClosed = runOf([...path, '\u0000closed']);
  const runOpen = runOf([...path, path[8]])[9];
  const stages = c.stages;
  const roles = stages.map((s) => roleOf(c, s));
  const fcs = stages.map((s) => (c.stage_fc && c.forecast_cats.includes(c.stage_fc[s]) ? c.stage_fc[s] : c.forecast_cats[0] || ''));
  const probs = stages.map((s) => Math.min(9, c.stage_prob[s] ?? (roleOf(c, s) === 'won' ? 1 : 0)));
  const [{ base }] = await query(`SELECT COALESCE(max(id), 0) AS base FROM opportunities WHERE workspace_id = $1`, [ws.id]);
  const [{ cur }] = await query(`SELECT app->>'currency_base' AS cur FROM workspaces WHERE id = $1`, [ws.id]);
  await query(
    `INSERT INTO opportunities (workspace_id, name, customer_id, owner_id, stage, is_open, currency, value, potential_kg,
                                start_date, close_date, closed_at, stage_changed_at, last_activity_at, created_at, updated_at)
     SELECT $1, 'Report deal ' || g, ($3::int[])[1 + g % cardinality($3::int[])], ($2::int[])[1 + g % cardinality($2::int[])],
            $4, true, $6, 0, 0, current_date, current_date, NULL, now(), now(), now(), now()
     FROM generate_series(1, $5::int) AS g`,
    [ws.id, ownerIds, companyIds, open[0], OPPS, cur],
  );
  // one statement: opportunity g (its rank), row j of R, in step b (0..9: the last row is step 9, the others spread
  // evenly over steps 0..8); times from three years ago to 90 days ago, + 90 days / R per row (9 days for R = 10)
  await query('ALTER TABLE opp_history DISABLE TRIGGER opp_history_link');
  await query(
    `INSERT INTO opp_history (workspace_id, opp_id, at, kind, user_id, stage, role, value, currency, value_base, close_date, owner_id, fc, prob, valid_to, prev_stage, prev_role, stage_since)
     SELECT $1, o.id, t.at, CASE WHEN j = 0 THEN 'created' ELSE 'update' END, NULL, st.stage, ($7::text[])[st.i], t.v, $10, t.v, t.close, t.owner,
            ($8::text[])[st.i], ($9::numeric[])[st.i],
            CASE WHEN j = $12::int - 1 THEN 'infinity' ELSE t.at + t.step END, pr.stage, ($7::text[])[pr.i], t.t0 + run.first * t.step
       FROM opportunities o
       CROSS JOIN generate_series(0, $12::int - 1) AS j
       CROSS JOIN LATERAL (SELECT o.id - $2::int AS g, CASE WHEN j = $12::int - 1 THEN 9 ELSE j * 9 / ($12::int - 1) END AS b,
                                  CASE WHEN j = 0 THEN NULL ELSE (j - 1) * 9 / ($12::int - 1) END AS pb) AS x
       CROSS JOIN LATERAL (SELECT now() - interval '3 years' + (x.g * ((interval '3 years' - interval '90 days') / $3::int)) AS t0, interval '90 days' / $12::int AS step) AS t0
       CROSS JOIN LATERAL (SELECT t0.t0, t0.step, t0.t0 + j * t0.step AS at,
                                  ((x.g % 1000) * 100 + j * 50)::numeric AS v,
                                  t0.t0::date + 60 + CASE WHEN x.b >= 3 THEN 30 ELSE 0 END AS close,
                                  CASE WHEN x.b >= 5 AND x.g % 7 = 0 THEN ($11::int[])[1 + (x.g + 1) % cardinality($11::int[])] ELSE o.owner_id END AS owner) AS t
       CROSS JOIN LATERAL (SELECT CASE WHEN x.b < 9 THEN ($4::text[])[x.b + 1] WHEN x.g % 10 = 0 THEN ($4::text[])[9] ELSE ($5::text[])[1 + x.g % cardinality($5::text[])] END AS stage) AS s0
       CROSS JOIN LATERAL (SELECT s0.stage, array_position($6::text[], s0.stage) AS i) AS st
       CROSS JOIN LATERAL (SELECT ($4::text[])[x.pb + 1] AS stage) AS p0
       CROSS JOIN LATERAL (SELECT p0.stage, array_position($6::text[], p0.stage) AS i) AS pr
       -- the first row of the run of the stage: its first step's first row (step k begins at row ceil(k (R - 1) / 9))
       CROSS JOIN LATERAL (SELECT CASE WHEN x.b = 9 AND x.g % 10 = 0 THEN $14::int ELSE ($13::int[])[x.b + 1] END AS k) AS rk
       CROSS JOIN LATERAL (SELECT CASE WHEN rk.k = 9 THEN $12::int - 1 ELSE (rk.k * ($12::int - 1) + 8) / 9 END AS first) AS run
      WHERE o.workspace_id = $1 AND o.id > $2::int`,
    [ws.id, Number(base), OPPS, path, closed, stages, roles, fcs, probs, cur, ownerIds, ROWS, runClosed, runOpen],
  );
  await query('ALTER TABLE opp_history ENABLE TRIGGER opp_history_link');
  // the records as their last row left them
  await query(
    `UPDATE opportunities o SET stage = h.stage, is_open = h.role = 'open', value = h.value, close_date = h.close_date, owner_id = h.owner_id,
            closed_at = CASE WHEN h.role = 'open' THEN NULL ELSE h.at END, stage_changed_at = h.at, updated_at = h.at
       FROM opp_history h WHERE h.workspace_id = $1 AND h.opp_id = o.id AND h.valid_to = 'infinity' AND o.workspace_id = $1 AND o.id > $2::int`,
    [ws.id, Number(base)],
  );
  await query('VACUUM ANALYZE opportunities');
  await query('VACUUM ANALYZE opp_history');
}

function quarterOf(d) {
  const q = Math.floor(d.getUTCMonth() / 3);
  const start = new Date(Date.UTC(d.getUTCFullYear(), q * 3, 1));
  const end = new Date(Date.UTC(d.getUTCFullYear(), q * 3 + 3, 0));
  return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

async function benchReports({ app, dist, ws, query, port, host, adminKey, capture, explain, log }) {
  const { UsersService } = require(dist('domain/identity/users.service.js'));
  const { CredentialsService } = require(dist('domain/identity/credentials.service.js'));
  const users = [];
  for (let i = 0; i < 10; i++) users.push(await app.get(UsersService).create(ws, { email: `rep${i}@bench.test`, role: 'sales', department: i < 6 ? 'North' : 'South' }));
  const { token } = await app.get(CredentialsService).issue({ workspaceId: ws.id, kind: 'api', userId: users[0].id });
  const [{ ids }] = await query('SELECT array_agg(id) AS ids FROM companies WHERE workspace_id = $1', [ws.id]);
  const t0 = Date.now();
  await seedReports(query, { ws, ownerIds: users.map((u) => u.id), companyIds: ids.slice(0, 8) });
  const [{ n }] = await query('SELECT count(*)::int AS n FROM opp_history WHERE workspace_id = $1', [ws.id]);
  log(`\nreports: ${OPPS.toLocaleString('en')} opportunities, ${n.toLocaleString('en')} history rows seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  const [thisFrom, thisTo] = quarterOf(new Date());
  const ago = new Date();
  ago.setUTCFullYear(ago.getUTCFullYear() - 1);
  const [pastFrom, pastTo] = quarterOf(ago);
  const past = `from=${pastFrom}&to=${pastTo}`;
  const cases = [
    ['pipeline-movement', 'pipeline-movement'],
    ['forecast', 'forecast'],
    ['win-rate', 'win-rate'],
    ['funnel', 'funnel'],
    ['pipeline-movement, a year ago', `pipeline-movement?${past}`],
    ['forecast, a year ago (as of its end)', `forecast?${past}&as_of=${pastTo}`],
    ['win-rate, a year ago', `win-rate?${past}`],
    ['funnel, a year ago', `funnel?${past}`],
    ['forecast, team North, rows=1', 'forecast?team=North&rows=1'],
  ];
  const who = [
    ['admin', { host, authorization: `Bearer ${adminKey}` }],
    ['sales (North)', { host, authorization: `Bearer ${token}` }],
  ];
  const results = [];
  for (const [user, headers] of who) {
    for (const [what, path] of cases) {
      const url = `/api/v1/reports/${path}`;
      const warm = await get(port, url, headers);
      if (warm.status !== 200) throw new Error(`${url}: ${warm.status} ${warm.body.slice(0, 200)}`);
      const times = [];
      for (let i = 0; i < RUNS; i++) times.push((await get(port, url, headers)).ms);
      times.sort((a, b) => a - b);
      results.push({ user, what, median: times[Math.floor(times.length / 2)], max: times.at(-1), bytes: Buffer.byteLength(warm.body) });
      if (explain && user === 'admin') {
        const { statements } = await capture(() => get(port, url, headers));
        for (const s of statements.filter((x) => /opp_history/.test(x.text))) {
          const plan = await query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
          log(`\n${what}:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
        }
      }
    }
  }
  return { opps: OPPS, rows: n, thisQuarter: `${thisFrom}..${thisTo}`, pastQuarter: `${pastFrom}..${pastTo}`, results };
}

function reportReports(r, log) {
  log(`\nreports (${r.opps.toLocaleString('en')} opportunities, ${r.rows.toLocaleString('en')} history rows; this quarter ${r.thisQuarter}, a year ago ${r.pastQuarter}; ${RUNS} runs after a warm-up):`);
  log('| caller | report | median | max | bytes | target <= 300 ms |');
  log('|---|---|---|---|---|---|');
  for (const x of r.results) log(`| ${x.user} | ${x.what} | ${x.median.toFixed(0)} ms | ${x.max.toFixed(0)} ms | ${x.bytes.toLocaleString('en')} | ${x.max <= TARGET_MS ? 'met' : 'NOT met'} |`);
}

module.exports = { benchReports, reportReports, seedReports };
