'use strict';
/**
 * Event journal and Idempotency-Key parts of `npm run bench` (`--journal` runs only these).
 * Method and figures: docs/performance.md ("Event journal and Idempotency-Key").
 *
 * 1. Journal read throughput: JOURNAL_EVENTS (100,000) customer_created outbox rows (shaped as the
 *    companies service writes them, already dispatched, in transactions of 1,000 so the journal's
 *    (txid, id) order spans many transactions), then one reader follows `next_cursor` through
 *    GET /api/v1/events?limit=500 from the start until a page comes back empty; events/s over the whole
 *    walk and the p50 / p99 of one page. Twice: as the admin (sees every event) and as a sales user
 *    (each event checked against the visibility of the company it is about). Every event must be read
 *    exactly once (ids counted). Two alternating rounds, best of each. Before reading, the bench waits
 *    until the journal's watermark (the oldest write transaction in flight on the server) has passed the
 *    last event, and reports the wait.
 * 2. Idempotency-Key cost: IDEM_REQUESTS (400) sequential POST /api/v1/companies, alternating one
 *    without the header and one with a fresh key (so load that comes and goes hits both sides alike);
 *    p50 / p99 of each and the p50 difference; then the same number of replays of one stored key (the
 *    answer served again without running the handler).
 */
const http = require('node:http');

const EVENTS = Number(process.env.JOURNAL_EVENTS || 100_000);
const PAGE = 500; // JOURNAL_MAX_LIMIT
const IDEM_REQUESTS = Number(process.env.IDEM_REQUESTS || 400);

function send(port, method, path, headers, body, agent) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const h = payload === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: h, agent }, (res) => {
      let b = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (b += d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: b, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)];
};

/** One reader from the start of the journal to its end; every event id must come exactly once. */
async function walk(port, headers) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const seen = new Set();
  const pages = [];
  let doubles = 0;
  let own = 0; // the events this part wrote (every reader may see all of them; earlier parts of the bench add others)
  let cursor = null;
  const t0 = process.hrtime.bigint();
  for (;;) {
    const path = `/api/v1/events?limit=${PAGE}${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`;
    const r = await send(port, 'GET', path, headers, undefined, agent);
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.body.slice(0, 300)}`);
    const body = JSON.parse(r.body);
    if (!body.events.length) break;
    pages.push(r.ms);
    for (const e of body.events) {
      if (seen.has(e.id)) doubles++;
      else if (e.data && typeof e.data.name === 'string' && e.data.name.startsWith('Journal Bench ')) own++;
      seen.add(e.id);
    }
    cursor = body.next_cursor;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  agent.destroy();
  return { events: seen.size, own, doubles, pages: pages.length, seconds, rate: seen.size / seconds, p50: pct(pages, 0.5), p99: pct(pages, 0.99) };
}

async function benchJournal({ ws, query, port, keys, companyIds, log }) {
  const t0 = Date.now();
  const BATCH = 1_000;
  for (let from = 0; from < EVENTS; from += BATCH) {
    // one statement per transaction: each batch gets its own txid, as events of separate operations do
    await query(
      `INSERT INTO outbox_events (workspace_id, event, title, text, url, data, record_type, record_id, status, dispatched_at)
       SELECT $1, 'customer_created', 'New company: Journal Bench ' || g, 'Journal Bench ' || g || ' (Lead, Izmir) was added by Seller.',
              'http://bench.localhost/companies/' || c.id,
              jsonb_build_object('id', c.id, 'rid', 'C' || c.id, 'name', 'Journal Bench ' || g, 'status', 'Lead', 'source', '', 'city', 'Izmir'),
              'company', c.id, 'dispatched', now()
       FROM generate_series($2::int, $3::int) g
       JOIN unnest($4::int[]) WITH ORDINALITY AS c(id, n) ON c.n = 1 + g % cardinality($4::int[])`,
      [ws.id, from + 1, Math.min(EVENTS, from + BATCH), companyIds],
    );
  }
  await query('VACUUM ANALYZE outbox_events');
  // The journal shows an event once every write transaction older than it has ended, in the whole cluster
  // (docs/decisions/webhooks-and-events.md): on a shared server another database's transaction can hold the
  // newest batches back. Wait for the watermark to pass them, and report the wait: it is not read time.
  const [{ last }] = await query('SELECT max(txid)::text AS last FROM outbox_events WHERE workspace_id = $1', [ws.id]);
  const w0 = Date.now();
  let heldBack = 0;
  for (;;) {
    const [{ xmin }] = await query('SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint::text AS xmin');
    if (BigInt(xmin) > BigInt(last)) break;
    if (Date.now() - w0 > 120_000) throw new Error(`the journal watermark stayed at or below the last event for 120 s (xmin ${xmin}, last ${last})`);
    heldBack++;
    await new Promise((r) => setTimeout(r, 50));
  }
  const waited = (Date.now() - w0) / 1000;
  const [{ n }] = await query('SELECT count(*)::int AS n FROM outbox_events WHERE workspace_id = $1', [ws.id]);
  log(`\njournal: ${n.toLocaleString('en')} events in the outbox (${EVENTS.toLocaleString('en')} written in ${((w0 - t0) / 1000).toFixed(1)} s); ${heldBack ? `the watermark passed the last one after ${waited.toFixed(1)} s (another transaction of the server was open)` : 'all visible at once'}`);
  // two alternating rounds; each reader keeps its best (load on the shared machine comes and goes)
  let admin = null;
  let seller = null;
  for (let round = 0; round < 2; round++) {
    const a = await walk(port, keys.admin);
    const b = await walk(port, keys.seller);
    log(`  round ${round + 1}: admin ${a.events.toLocaleString('en')} events in ${a.seconds.toFixed(2)} s; sales user ${b.events.toLocaleString('en')} in ${b.seconds.toFixed(2)} s`);
    // a complete walk beats an incomplete one, then the faster wins
    const better = (x, best) => !best || (x.events === n) > (best.events === n) || ((x.events === n) === (best.events === n) && x.rate > best.rate);
    if (better(a, admin)) admin = a;
    if (better(b, seller)) seller = b;
  }
  return { total: n, written: EVENTS, admin, seller, waited };
}

async function benchIdempotency({ port, keys }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const without = [];
  const withKey = [];
  const replay = [];
  const tag = `${process.pid}-${Date.now()}`;
  const post = async (i, key) => {
    const headers = key ? { ...keys.seller, 'idempotency-key': key } : keys.seller;
    const r = await send(port, 'POST', '/api/v1/companies', headers, { name: `Idem Bench ${tag} ${i}`, city: 'Izmir' }, agent);
    if (r.status !== 201) throw new Error(`POST /api/v1/companies: ${r.status} ${r.body.slice(0, 300)}`);
    return r;
  };
  for (let i = 0; i < 20; i++) await post(`warm-${i}`, i % 2 ? `warm-${tag}-${i}` : undefined);
  for (let i = 0; i < IDEM_REQUESTS; i++) {
    // alternate which side goes first, so neither always follows the other
    if (i % 2) {
      without.push((await post(`a-${i}`)).ms);
      withKey.push((await post(`b-${i}`, `bench-${tag}-${i}`)).ms);
    } else {
      withKey.push((await post(`b-${i}`, `bench-${tag}-${i}`)).ms);
      without.push((await post(`a-${i}`)).ms);
    }
  }
  for (let i = 0; i < IDEM_REQUESTS; i++) {
    const r = await post('b-0', `bench-${tag}-0`);
    if (r.headers['idempotent-replayed'] !== 'true') throw new Error('a repeated key was not answered as a replay');
    replay.push(r.ms);
  }
  agent.destroy();
  return { n: IDEM_REQUESTS, without, withKey, replay };
}

function reportJournal(j, i, log) {
  const fmt = (n, d = 0) => n.toFixed(d);
  if (j) {
    log(`\njournal read (GET /api/v1/events, limit ${PAGE}, one reader following next_cursor, ${j.total.toLocaleString('en')} events):`);
    log('| reader | events | pages | seconds | events/s | page p50 | page p99 |');
    log('|---|---|---|---|---|---|---|');
    for (const [who, r] of [['admin', j.admin], ['sales user (visibility checked)', j.seller]]) {
      log(`| ${who} | ${r.events.toLocaleString('en')} | ${r.pages} | ${fmt(r.seconds, 2)} | ${fmt(r.rate)} | ${fmt(r.p50, 1)} ms | ${fmt(r.p99, 1)} ms |`);
    }
    // the admin sees every event; the sales user every one this part wrote (about their companies), others as visibility allows
    const ok = j.admin.events === j.total && j.admin.doubles === 0 && j.seller.own === j.written && j.seller.doubles === 0;
    log(`  [${ok ? 'met' : 'NOT met'}] every event read exactly once: admin ${j.admin.events} / ${j.total}, ${j.admin.doubles} doubles; sales user ${j.seller.own} / ${j.written} of this part's events (${j.seller.events} in all), ${j.seller.doubles} doubles`);
  }
  if (i) {
    const a = pct(i.without, 0.5);
    const b = pct(i.withKey, 0.5);
    log(`\nIdempotency-Key on POST /api/v1/companies (${i.n} sequential pairs, alternating):`);
    log('| request | p50 | p99 |');
    log('|---|---|---|');
    log(`| without the header | ${fmt(a, 2)} ms | ${fmt(pct(i.without, 0.99), 2)} ms |`);
    log(`| with a fresh key | ${fmt(b, 2)} ms | ${fmt(pct(i.withKey, 0.99), 2)} ms |`);
    log(`| the same key again (replay) | ${fmt(pct(i.replay, 0.5), 2)} ms | ${fmt(pct(i.replay, 0.99), 2)} ms |`);
    log(`  a key adds ${fmt(b - a, 2)} ms at p50 (${fmt(b / a, 2)}x); a replay answers in ${fmt(pct(i.replay, 0.5) / a, 2)}x the time of a create`);
  }
}

module.exports = { benchJournal, benchIdempotency, reportJournal };
