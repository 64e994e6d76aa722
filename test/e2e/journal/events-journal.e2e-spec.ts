import request from 'supertest';
import { EventRetention } from '../../../src/domain/crm/journal';
import { MODULES } from '../../../src/domain/workspace/defaults';
import { CRM_EVENT_NAMES } from '../../../src/domain/crm/event-kinds';
import { DomainEvent } from '../../../src/platform/outbox/domain-event';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp, uow } from '../../helpers/test-app';

/**
 * The event journal: GET /api/v1/events and the MCP tool list_events. A reader following
 * next_cursor sees every committed event exactly once, also when transactions commit out of id order;
 * visibility, modules, the `event=` filter, cursors, limits and retention.
 */
const EMBEDDED = !process.env.DATABASE_URL;
let t: TestApp;
let a: Fixture;
let b: Fixture;
let north1: { user: { id: number }; key: string };
let north2: { user: { id: number }; key: string };
let south: { user: { id: number }; key: string };
let noOpps: { user: { id: number }; key: string };

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  b = await createWorkspace(t);
  north1 = await createUser(t, a, { department: 'North' });
  north2 = await createUser(t, a, { department: 'North' });
  south = await createUser(t, a, { department: 'South' });
  noOpps = await createUser(t, a, { department: 'North', modules: [MODULES.customers] });
});
afterAll(() => t?.close());

interface Ev {
  id: number;
  cursor: string;
  event: string;
  title: string;
  text: string;
  url: string;
  data: Record<string, unknown>;
  sent_at: string;
}
interface Page {
  ok: true;
  events: Ev[];
  next_cursor: string;
}

let n = 0;
const uniq = (p: string) => `${p} ${++n}${Date.now().toString(36)}`;
const qs = (q: Record<string, string | number | undefined>) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
const read = async (key: string, q: Record<string, string | number | undefined> = {}, f: Fixture = a): Promise<Page> =>
  (await api(t, f.host, key).get(`/api/v1/events?${qs(q)}`).expect(200)).body as Page;

/**
 * Waits until every transaction that has ended by now is below the journal's watermark: on a shared
 * PostgreSQL server another session's open write transaction holds the watermark back (by design: an event
 * shows once the transactions that started before it have ended). Polls the database's own state.
 */
async function settle(): Promise<void> {
  if (EMBEDDED) return;
  const [{ xmax }] = await db(t).query(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`);
  for (;;) {
    const [{ ok }] = await db(t).query(`SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS ok`, [xmax]);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Reads (once the writes so far are past the watermark) until a page comes back empty; returns every event read and the cursor to poll with next. */
async function drain(key: string, after?: string, q: Record<string, string | number | undefined> = {}, f: Fixture = a): Promise<{ events: Ev[]; cursor: string }> {
  await settle();
  return drainNow(key, after, q, f);
}

/** Reads until a page comes back empty, without waiting for the watermark. */
async function drainNow(key: string, after?: string, q: Record<string, string | number | undefined> = {}, f: Fixture = a): Promise<{ events: Ev[]; cursor: string }> {
  const events: Ev[] = [];
  let cursor = after;
  for (;;) {
    const page = await read(key, { ...q, after: cursor }, f);
    events.push(...page.events);
    cursor = page.next_cursor;
    if (!page.events.length) return { events, cursor: cursor! };
  }
}

const newCompany = async (key: string, f: Fixture = a) => (await api(t, f.host, key).post('/api/v1/companies', { name: uniq('Journal Co') }).expect(201)).body.company as { id: number; name: string };
const idsOf = (events: Ev[]) => events.map((e) => e.id);

/** An outbox row written by SQL (in `q`, a transaction of the caller's, when given). */
async function rawEvent(f: Fixture, recordId: number, opts: { daysAgo?: number; status?: string; q?: { query(sql: string, p: unknown[]): Promise<unknown> } } = {}): Promise<number> {
  const run = opts.q ?? db(t);
  const rows = (await run.query(
    `INSERT INTO outbox_events (workspace_id, event, title, record_type, record_id, data, status, occurred_at)
     VALUES ($1, 'customer_created', 'raw', 'company', $2, jsonb_build_object('id', $2::int), $3, now() - make_interval(days => $4::int)) RETURNING id`,
    [f.ws.id, recordId, opts.status ?? 'dispatched', opts.daysAgo ?? 0],
  )) as { id: number }[];
  return rows[0]!.id;
}

describe('GET /api/v1/events', () => {
  it('lists an event with the webhook body content (spec 6.2) and its cursor', async () => {
    const start = (await drain(a.adminKey)).cursor;
    const c = await newCompany(a.adminKey);
    const { events } = await drain(a.adminKey, start);
    expect(events).toHaveLength(1);
    const [row] = await db(t).query(`SELECT id, title, text, data FROM outbox_events WHERE workspace_id = $1 AND record_id = $2 AND event = 'customer_created'`, [a.ws.id, c.id]);
    expect(events[0]).toEqual({
      id: row.id,
      cursor: expect.any(String),
      event: 'customer_created',
      title: row.title,
      text: row.text,
      url: expect.stringMatching(new RegExp(`^https?://[^/]+/companies/${c.id}$`)),
      data: row.data,
      sent_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    expect(events[0]!.data).toMatchObject({ id: c.id, rid: `C-${c.id}`, name: c.name });
    // an event's own cursor reads what follows it: nothing, here
    expect((await read(a.adminKey, { after: events[0]!.cursor })).events).toEqual([]);
    // another workspace's journal does not show it
    expect(idsOf((await drain(b.adminKey, undefined, {}, b)).events)).not.toContain(row.id);
  });

  it('a reader following next_cursor while 8 writers commit sees every committed event exactly once', async () => {
    const w = await createWorkspace(t);
    const writers = await Promise.all(Array.from({ length: 8 }, () => createUser(t, w, { role: 'admin' })));
    const seen: Ev[] = [];
    let cursor: string | undefined;
    let writing = true;
    const reader = (async () => {
      // polls while the writers run (on the embedded database every request takes the one connection in turn)
      for (let more = true; writing || more; ) {
        const page = await read(w.adminKey, { after: cursor, limit: 7 }, w);
        seen.push(...page.events);
        cursor = page.next_cursor;
        more = page.events.length > 0;
      }
    })();
    await Promise.all(
      writers.map(async (u) => {
        for (let i = 0; i < 6; i++) await newCompany(u.key, w);
      }),
    );
    writing = false;
    await reader;
    seen.push(...(await drain(w.adminKey, cursor, {}, w)).events);
    const committed = ((await db(t).query(`SELECT id FROM outbox_events WHERE workspace_id = $1 ORDER BY id`, [w.ws.id])) as { id: number }[]).map((r) => r.id);
    expect(committed).toHaveLength(48);
    expect([...idsOf(seen)].sort((x, y) => x - y)).toEqual(committed);
    expect(new Set(idsOf(seen)).size).toBe(seen.length);
  });

  (EMBEDDED ? it.skip : it)('does not skip an event whose transaction commits after a later id was read (PostgreSQL)', async () => {
    const company = await newCompany(a.adminKey);
    const start = (await drain(a.adminKey)).cursor;
    const early = db(t).connection.createQueryRunner();
    const late = db(t).connection.createQueryRunner();
    try {
      await early.startTransaction();
      await late.startTransaction();
      const first = await rawEvent(a, company.id, { q: early }); // lower id, commits last
      const second = await rawEvent(a, company.id, { q: late });
      expect(second).toBeGreaterThan(first);
      await late.commitTransaction();
      // a reader paging by id alone would take `second` now and never come back for `first`
      const byId = (await db(t).query(`SELECT id FROM outbox_events WHERE workspace_id = $1 AND id >= $2 ORDER BY id`, [a.ws.id, first])) as { id: number }[];
      expect(byId.map((r) => r.id)).toEqual([second]);
      // the journal holds `second` back while the older transaction is in flight
      const held = await drainNow(a.adminKey, start);
      expect(idsOf(held.events)).not.toContain(second);
      await early.commitTransaction();
      // following the cursor it handed out, both arrive, each once, in journal order
      const got: Ev[] = [...held.events];
      let cursor = held.cursor;
      while (!idsOf(got).includes(second)) {
        const page = await read(a.adminKey, { after: cursor });
        got.push(...page.events);
        cursor = page.next_cursor;
      }
      got.push(...(await drain(a.adminKey, cursor)).events);
      expect(idsOf(got).filter((id) => id === first || id === second)).toEqual([first, second]);
    } finally {
      if (early.isTransactionActive) await early.rollbackTransaction();
      if (late.isTransactionActive) await late.rollbackTransaction();
      await early.release();
      await late.release();
    }
  });

  it("a sales user sees events about records they or their team may see, not others'", async () => {
    const start = (await drain(a.adminKey)).cursor;
    const mine = await newCompany(north1.key);
    const team = await newCompany(north2.key);
    const theirs = await newCompany(south.key);
    const admins = await newCompany(a.adminKey);
    const ids = async (key: string) => (await drain(key, start)).events.map((e) => e.data.id);
    expect(await ids(north1.key)).toEqual([mine.id, team.id]);
    expect(await ids(south.key)).toEqual([theirs.id]);
    expect(await ids(a.adminKey)).toEqual([mine.id, team.id, theirs.id, admins.id]);
    // given to another owner, the record (and its event) is no longer the team's
    await api(t, a.host, a.adminKey).patch(`/api/v1/companies/${team.id}`, { owner_id: south.user.id }).expect(200);
    expect(await ids(north1.key)).toEqual([mine.id]);
    expect(await ids(south.key)).toEqual([team.id, theirs.id]);
  });

  it("a ticket's events show to whoever sees its owner or its assignee (the kind declares its record)", async () => {
    const start = (await drain(a.adminKey)).cursor;
    const priority = Object.keys(a.ws.app.ticket_sla_hours ?? {})[0]!;
    const ticket = async (key: string, body: Record<string, unknown> = {}) =>
      (await api(t, a.host, key).post('/api/v1/tickets', { subject: uniq('Journal ticket'), priority, ...body }).expect(201)).body.ticket as { id: number };
    const assigned = await ticket(south.key, { assignee_id: north1.user.id });
    const southOnly = await ticket(south.key);
    const ids = async (key: string) => (await drain(key, start, { event: 'ticket_created' })).events.map((e) => e.data.id);
    expect(await ids(north1.key)).toEqual([assigned.id]);
    expect(await ids(south.key)).toEqual([assigned.id, southOnly.id]);
  });

  it('keeps to the kinds whose module the caller has; event= filters, unknown kinds are 400', async () => {
    const start = (await drain(a.adminKey)).cursor;
    const c = await newCompany(north1.key);
    await api(t, a.host, north1.key).post('/api/v1/people', { customer_id: c.id, name: uniq('Journal Person') }).expect(201);
    const opp = await api(t, a.host, north1.key).post('/api/v1/opportunities', { customer_id: c.id, name: uniq('Journal Opp') });
    expect(opp.status).toBe(201);
    const kinds = async (key: string, q: Record<string, string> = {}) => (await drain(key, start, q)).events.map((e) => e.event);
    expect(await kinds(north1.key)).toEqual(['customer_created', 'contact_created', 'opp_created']);
    expect(await kinds(north1.key, { event: 'contact_created' })).toEqual(['contact_created']);
    expect(await kinds(north1.key, { event: 'opp_created, customer_created' })).toEqual(['customer_created', 'opp_created']);
    // a team mate without Opportunities does not get its events; asking for them is 403 `module`
    expect(await kinds(noOpps.key)).toEqual(['customer_created', 'contact_created']);
    expect((await api(t, a.host, noOpps.key).get('/api/v1/events?event=opp_won').expect(403)).body).toMatchObject({ ok: false, error: 'module' });
    for (const bad of ['test', 'opp_created,nope', 'CUSTOMER_CREATED']) {
      const res = await api(t, a.host, north1.key).get(`/api/v1/events?event=${encodeURIComponent(bad)}`).expect(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid', field: 'event' });
    }
  });

  it('answers 400 `invalid` naming `after` for a cursor that is not one of the journal', async () => {
    const list = await api(t, a.host, a.adminKey).get('/api/v1/companies?limit=1').expect(200);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const bad = ['x', 'nope!', b64(['j1', '-1', 3]), b64(['j1', '12', -1]), b64(['j1', '1e3', 1]), b64(['j1', '99999999999999999999', 1]), b64({ id: 3 }), b64(['j1', 12]), list.body.next_cursor ?? b64([5])];
    for (const after of bad) {
      const res = await api(t, a.host, a.adminKey).get(`/api/v1/events?after=${encodeURIComponent(after)}`).expect(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid', field: 'after' });
    }
  });

  it('pages by limit (1 to 500, default 100); out of bounds is 400', async () => {
    const start = (await drain(a.adminKey)).cursor;
    for (let i = 0; i < 3; i++) await newCompany(a.adminKey);
    await settle();
    const p1 = await read(a.adminKey, { after: start, limit: 2 });
    expect(p1.events).toHaveLength(2);
    const p2 = await read(a.adminKey, { after: p1.next_cursor, limit: 2 });
    expect(p2.events).toHaveLength(1);
    expect(new Set([...idsOf(p1.events), ...idsOf(p2.events)]).size).toBe(3);
    expect((await read(a.adminKey, { limit: 500 })).events.length).toBeLessThanOrEqual(500);
    for (const limit of ['0', '501', '-1', '2.5', 'many']) {
      const res = await api(t, a.host, a.adminKey).get(`/api/v1/events?limit=${limit}`).expect(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid', field: 'limit' });
    }
    // default 100
    const w = await createWorkspace(t);
    await db(t).query(
      `INSERT INTO outbox_events (workspace_id, event, title, record_type, record_id, status) SELECT $1, 'customer_created', 'raw', 'company', 1, 'dispatched' FROM generate_series(1, 101)`,
      [w.ws.id],
    );
    await settle();
    expect((await read(w.adminKey, {}, w)).events).toHaveLength(100);
  });

  it('leaves out sample-data events and suppressed bursts (spec 6.1 exceptions)', async () => {
    const start = (await drain(a.adminKey)).cursor;
    const ev = (i: number, sample = false): DomainEvent => ({ workspaceId: a.ws.id, event: 'customer_created', title: `Burst ${i}`, text: '', url: `/companies/${i}`, data: { id: i }, recordType: 'company', recordId: i, sample });
    await uow(t).run(async () => {
      for (let i = 0; i < 26; i++) uow(t).recordEvent(ev(i));
    });
    await uow(t).run(async () => uow(t).recordEvent(ev(1, true)));
    expect((await drain(a.adminKey, start)).events).toEqual([]);
  });

  it(`keeps events EVENT_RETENTION_DAYS (${7} by default): older ones are not listed and housekeeping removes them`, async () => {
    expect(t.config.eventRetentionDays).toBe(7);
    const w = await createWorkspace(t);
    const c = await newCompany(w.adminKey, w);
    const kept = await rawEvent(w, c.id, { daysAgo: 6 });
    const old = await rawEvent(w, c.id, { daysAgo: 8 });
    const oldPending = await rawEvent(w, c.id, { daysAgo: 8, status: 'pending' });
    const listed = idsOf((await drain(w.adminKey, undefined, {}, w)).events);
    expect(listed).toContain(kept);
    expect(listed).not.toContain(old);
    expect(listed).not.toContain(oldPending);
    expect(await t.get(EventRetention).prune()).toBeGreaterThanOrEqual(1);
    const left = ((await db(t).query(`SELECT id FROM outbox_events WHERE workspace_id = $1 AND id = ANY($2::int[]) ORDER BY id`, [w.ws.id, [kept, old, oldPending]])) as { id: number }[]).map((r) => r.id);
    // a pending event waits for the dispatcher (its webhooks) even when it is old
    expect(left).toEqual([kept, oldPending]);
  });
});

describe('GET /api/v1/events/kinds', () => {
  it("lists every declared kind in the webhooks' order, with its data fields, record and words in the caller's language", async () => {
    const kinds = (await api(t, a.host, a.adminKey).get('/api/v1/events/kinds').expect(200)).body;
    expect(kinds.ok).toBe(true);
    expect(kinds.kinds.map((k: { name: string }) => k.name)).toEqual(CRM_EVENT_NAMES);
    const ticket = kinds.kinds.find((k: { name: string }) => k.name === 'ticket_created');
    expect(ticket).toEqual({ name: 'ticket_created', label: 'a ticket is opened', module: MODULES.support, data_fields: ['id', 'subject', 'priority', 'who'], record_type: 'ticket' });
    expect(kinds.kinds.find((k: { name: string }) => k.name === 'erp_stalled').record_type).toBeNull();

    await api(t, a.host, south.key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const tr = (await api(t, a.host, south.key).get('/api/v1/events/kinds').expect(200)).body.kinds;
    expect(tr.find((k: { name: string }) => k.name === 'ticket_created').label).toBe('bir destek kaydı açıldığında');
    await api(t, a.host, south.key).patch('/api/v1/me', { locale: 'en' }).expect(200);
  });

  it('needs a caller, and crm.read', async () => {
    expect((await api(t, a.host).get('/api/v1/events/kinds').expect(401)).body.error).toBe('unauthorized');
    const signInOnly = await issueKey(t, a, 'oauth', south.user.id, ['openid']);
    expect((await api(t, a.host, signInOnly).get('/api/v1/events/kinds').expect(403)).body.error).toBe('insufficient_scope');
  });
});

describe('MCP tool list_events', () => {
  const rpc = (key: string, body: unknown) =>
    request(t.app.getHttpServer()).post('/mcp').set('Host', a.host).set('Accept', 'application/json, text/event-stream').set('Authorization', `Bearer ${key}`).send(body as object);
  const call = async (key: string, args: unknown) => {
    const r = await rpc(key, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_events', arguments: args } }).expect(200);
    return r.body.result as { isError?: boolean; content: { text: string }[] };
  };

  it('lists events with the same visibility, filter and cursors as REST', async () => {
    const start = (await drain(a.adminKey)).cursor;
    const mine = await newCompany(north1.key);
    await newCompany(south.key);
    await settle();
    const r = await call(north1.key, { after: start, event: ['customer_created'] });
    expect(r.isError).toBeUndefined();
    const page = JSON.parse(r.content[0]!.text) as { events: Ev[]; next_cursor: string };
    expect(page.events.map((e) => e.data.id)).toEqual([mine.id]);
    expect(page.events[0]).toEqual((await drain(north1.key, start)).events[0]);
    const again = JSON.parse((await call(north1.key, { after: page.next_cursor })).content[0]!.text) as { events: Ev[] };
    expect(again.events).toEqual([]);
    const bad = await call(north1.key, { after: 'x' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toMatch(/^invalid: after: /);
    expect((await call(north1.key, { event: ['test'] })).content[0]!.text).toMatch(/^invalid: event\.0: /);
  });
});
