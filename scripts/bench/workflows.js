'use strict';
/**
 * Workflows part of `npm run bench -- --workflows` (only with the flag). Method and figures: docs/performance.md
 * ("Workflows"). The service's own engine runs in the bench's process (WORKFLOW_WORKER=1, WF_POLL_MS, default 1000).
 *
 * 1. What a rule's action adds to the request that raised its event: WF_REQUESTS (300) sequential
 *    POST /api/v1/companies (each raises customer_created, city `City <k % 20>`), with no rule and then with 20
 *    enabled rules on customer_created, rule i filtered on city `City i` (so every request starts one run, which
 *    creates a task), in alternating rounds (BENCH_ROUNDS, 2); after a round with rules, the bench waits until its
 *    runs are done. p50 / p99 of each side (best round) and the p99 difference (target <= 20 ms).
 * 2. Throughput: WF_RATE (1,000) customer_created events a second written to the outbox for WF_SECONDS (20) in
 *    transactions of a tenth of a second, through 20 enabled rules (other filters; one event in 500 matches one of
 *    them, under the storm guard's 60 runs a minute). Every second: the backlog (events after the engine's cursor).
 *    The engine's drain rate (events read / time until the backlog is empty) and whether the backlog grew over the
 *    writing (target: >= 1,000 events/s, no growth: the last quarter's backlog no larger than the first quarter's).
 */
const http = require('node:http');

const REQUESTS = Number(process.env.WF_REQUESTS || 300);
const RATE = Number(process.env.WF_RATE || 1_000);
const SECONDS = Number(process.env.WF_SECONDS || 20);
const RULES = 20;

function send(port, method, path, headers, body, agent) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const h = payload === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: h, agent }, (res) => {
      let b = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (b += d));
      res.on('end', () => resolve({ status: res.statusCode, body: b, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)];
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ok = async (p) => {
  const r = await p;
  if (r.status >= 300) throw new Error(`workflows bench: ${r.status} ${r.body.slice(0, 300)}`);
  return JSON.parse(r.body);
};

async function benchWorkflows({ ws, query, port, host, adminKey, log }) {
  const admin = { host, authorization: `Bearer ${adminKey}` };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const backlog = async () =>
    (
      await query(
        `SELECT count(*)::int AS n FROM outbox_events e, workflow_cursors c WHERE e.workspace_id = $1 AND c.workspace_id = $1 AND (e.txid, e.id) > (c.txid, c.event_id)`,
        [ws.id],
      )
    )[0].n;
  const due = async () => (await query(`SELECT count(*)::int AS n FROM workflow_runs WHERE workspace_id = $1 AND status IN ('pending', 'running')`, [ws.id]))[0].n;
  const rule = (name, city, action) =>
    ok(
      send(port, 'POST', '/api/v1/workflows', admin, {
        name,
        enabled: false,
        trigger: { kind: 'event', event: 'customer_created', filter: { match: 'all', conditions: [{ field: 'city', op: 'eq', value: city }] } },
        actions: [action],
      }),
    );
  const setAll = (ids, on) => Promise.all(ids.map((id) => ok(send(port, 'POST', `/api/v1/workflows/${id}/${on ? 'enable' : 'disable'}`, admin))));

  // ------------------------------------------------------------ 1. request latency with and without rules
  const latencyRules = [];
  for (let i = 0; i < RULES; i++) latencyRules.push((await rule(`Bench call ${i}`, `City ${i}`, { type: 'create_task', title: 'Call {{name}}', assignee: { kind: 'owner' } })).workflow.id);
  let seq = 0;
  const round = async () => {
    const ms = [];
    for (let k = 0; k < REQUESTS; k++) {
      const n = seq++;
      const r = await send(port, 'POST', '/api/v1/companies', admin, { name: `Workflow Bench ${n}`, city: `City ${n % RULES}` }, agent);
      if (r.status !== 201) throw new Error(`POST /api/v1/companies: ${r.status} ${r.body.slice(0, 300)}`);
      ms.push(r.ms);
    }
    return { p50: pct(ms, 0.5), p99: pct(ms, 0.99) };
  };
  const rounds = Number(process.env.BENCH_ROUNDS || 2);
  let none = null;
  let withRules = null;
  let runsDone = 0;
  let drainMs = 0;
  for (let i = 0; i < rounds; i++) {
    await setAll(latencyRules, false);
    const a = await round();
    if (!none || a.p99 < none.p99) none = a;
    await setAll(latencyRules, true);
    const before = (await query(`SELECT count(*)::int AS n FROM workflow_runs WHERE workspace_id = $1 AND status = 'done'`, [ws.id]))[0].n;
    const b = await round();
    if (!withRules || b.p99 < withRules.p99) withRules = b;
    const t0 = Date.now();
    while ((await backlog()) > 0 || (await due()) > 0) await sleep(100);
    drainMs = Math.max(drainMs, Date.now() - t0);
    runsDone += (await query(`SELECT count(*)::int AS n FROM workflow_runs WHERE workspace_id = $1 AND status = 'done'`, [ws.id]))[0].n - before;
  }
  await setAll(latencyRules, false);
  const disabledByGuard = (await query(`SELECT count(*)::int AS n FROM workflows WHERE workspace_id = $1 AND disabled_reason <> ''`, [ws.id]))[0].n;
  log(`  workflows: POST /api/v1/companies p99 ${none.p99.toFixed(1)} ms without rules, ${withRules.p99.toFixed(1)} ms with ${RULES} rules (${runsDone} runs done, drained ${drainMs} ms after each round)`);

  // ------------------------------------------------------------ 2. events/s through 20 rules
  const [company] = await query(`SELECT id FROM companies WHERE workspace_id = $1 ORDER BY id LIMIT 1`, [ws.id]);
  const throughputRules = [];
  for (let i = 0; i < RULES; i++) throughputRules.push((await rule(`Bench rare ${i}`, `Rare ${i}`, { type: 'create_task', title: 'Rare {{name}}', assignee: { kind: 'owner' } })).workflow.id);
  await setAll(throughputRules, true);
  while ((await backlog()) > 0) await sleep(100);
  const perTick = Math.round(RATE / 10);
  const samples = [];
  let written = 0;
  const t0 = Date.now();
  const sampler = setInterval(() => {
    backlog()
      .then((n) => samples.push({ s: (Date.now() - t0) / 1000, n }))
      .catch(() => undefined);
  }, 1000);
  for (let tick = 0; tick < SECONDS * 10; tick++) {
    const at = t0 + tick * 100;
    if (Date.now() < at) await sleep(at - Date.now());
    await query(
      `INSERT INTO outbox_events (workspace_id, event, title, text, url, data, record_type, record_id, status, dispatched_at)
       SELECT $1, 'customer_created', 'New company: Stream ' || g, 'Stream ' || g, '/companies/' || $3::int,
              jsonb_build_object('id', $3::int, 'name', 'Stream ' || g, 'status', 'Lead', 'source', '', 'city', CASE WHEN g % 500 = 0 THEN 'Rare ' || (g / 500) % ${RULES} ELSE 'Izmir' END),
              'company', $3::int, 'dispatched', now()
       FROM generate_series($2::int, $2::int + $4::int - 1) g`,
      [ws.id, written + 1, company.id, perTick],
    );
    written += perTick;
  }
  const writeS = (Date.now() - t0) / 1000;
  while ((await backlog()) > 0) await sleep(50);
  const totalS = (Date.now() - t0) / 1000;
  clearInterval(sampler);
  const during = samples.filter((x) => x.s <= writeS);
  const q = Math.max(1, Math.floor(during.length / 4));
  const first = Math.max(...during.slice(0, q).map((x) => x.n), 0);
  const last = Math.max(...during.slice(-q).map((x) => x.n), 0);
  const rareRuns = (await query(`SELECT count(*)::int AS n FROM workflow_runs WHERE workspace_id = $1 AND workflow_id = ANY($2::int[])`, [ws.id, throughputRules]))[0].n;
  await setAll(throughputRules, false);
  return {
    requests: REQUESTS,
    none,
    withRules,
    runsDone,
    drainMs,
    disabledByGuard,
    written,
    writeRate: written / writeS,
    drainRate: written / totalS,
    totalS,
    writeS,
    backlog: during.map((x) => x.n),
    first,
    last,
    rareRuns,
  };
}

function reportWorkflows(r, log) {
  const check = (met, text) => log(`  [${met ? 'met' : 'NOT met'}] ${text}`);
  log(`\nworkflows (${r.requests} sequential POST /api/v1/companies per round, each raising customer_created):`);
  log('| rules | p50 | p99 |');
  log('|---|---|---|');
  log(`| none | ${r.none.p50.toFixed(1)} ms | ${r.none.p99.toFixed(1)} ms |`);
  log(`| ${RULES} enabled, one run per request | ${r.withRules.p50.toFixed(1)} ms | ${r.withRules.p99.toFixed(1)} ms |`);
  log(`  runs done ${r.runsDone}; longest drain after a round ${r.drainMs} ms; rules stopped by the storm guard ${r.disabledByGuard}`);
  log(`events through ${RULES} rules: ${r.written} written in ${r.writeS.toFixed(1)} s (${r.writeRate.toFixed(0)}/s); backlog empty ${r.totalS.toFixed(1)} s after the start; drain ${r.drainRate.toFixed(0)} events/s; runs started ${r.rareRuns}`);
  log(`  backlog each second while writing: ${r.backlog.join(' ')}`);
  check(r.withRules.p99 - r.none.p99 <= 20, `a rule's action adds <= 20 ms p99 to the request: ${(r.withRules.p99 - r.none.p99).toFixed(1)} ms`);
  check(r.drainRate >= 0.95 * RATE && r.last <= Math.max(r.first, RATE), `${RATE} events/s without backlog growth: drain ${r.drainRate.toFixed(0)}/s, backlog first quarter max ${r.first}, last quarter max ${r.last}`);
}

module.exports = { benchWorkflows, reportWorkflows };
