import request from 'supertest';
import { insertCompany, insertProduct } from '../../helpers/crm-fixtures';
import { captureQueries } from '../../helpers/query-log';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The opportunity commands answer what they changed, and each interface asks the query side
 * for what it answers with. REST answers the record GET answers (unchanged); the MCP tools answer their
 * brief without the record's nested reads (logs, tasks, visits …); lead conversion reads no opportunity
 * record at all.
 */
let t: TestApp;
let a: Fixture;
let seller: { user: { id: number }; key: string };
let company: { id: number; name: string };
let productId: number;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'oppcommands');
  seller = await createUser(t, a, { department: 'North', fullName: 'Sena Seller' });
  company = await insertCompany(t, a, seller.user.id, { name: 'Komut Ambalaj' });
  productId = (await insertProduct(t, a)).id;
});
afterAll(() => t.close());

const c = () => a.ws.constants;
const as = () => api(t, a.host, seller.key);
const record = async (id: number) => (await as().get(`/api/v1/opportunities/${id}`).expect(200)).body.opp;
const lostStage = () => c().stages.find((s) => c().stage_roles[s] === 'lost')!;

/** The SELECTs sent while `fn` runs. */
async function selects(fn: () => Promise<unknown>): Promise<string[]> {
  const { queries } = await captureQueries(fn);
  return queries.map((q) => q.text).filter((q) => /^\s*SELECT/i.test(q));
}
/** The record's nested reads (OpportunityQueries.detail): stage logs, tasks and visits of the opportunity. */
const detailReads = (qs: string[]) => qs.filter((q) => /FROM "(opp_logs|tasks|activities)"/.test(q));

let seq = 0;
async function tool(name: string, args: unknown): Promise<unknown> {
  const r = await request(t.app.getHttpServer())
    .post('/mcp')
    .set('Host', a.host)
    .set('Accept', 'application/json, text/event-stream')
    .set('Authorization', `Bearer ${seller.key}`)
    .send({ jsonrpc: '2.0', id: ++seq, method: 'tools/call', params: { name, arguments: args } })
    .expect(200);
  expect(r.body.error).toBeUndefined();
  expect(r.body.result.isError ? r.body.result.content[0].text : null).toBeNull();
  return JSON.parse(r.body.result.content[0].text);
}

/**
 * Waits out the workspace's last minute of the day, so that a command's answer and the GET read right after it count
 * days (days in stage, SLA and lifetime left) from the same local date.
 */
async function awayFromMidnight(): Promise<void> {
  const [h, m, sec] = new Intl.DateTimeFormat('en-GB', { timeZone: a.ws.timezone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    .format(new Date())
    .split(':')
    .map(Number);
  if (h === 23 && m === 59) await new Promise((r) => setTimeout(r, (61 - sec!) * 1000));
}

describe('REST: every opportunity command answers the record GET answers', () => {
  beforeEach(awayFromMidnight);

  it('create, update, stage, note, step toggle, revive', async () => {
    const created = await as().post('/api/v1/opportunities', { name: 'Komut 1', customer_id: company.id, product_id: productId, bant_b: true }).expect(201);
    const id = created.body.opp.id as number;
    expect(created.body).toEqual({ ok: true, opp: await record(id) });
    expect(created.body.opp).toMatchObject({ customer_id: company.id, product_id: productId, stage: c().open_stages[0] });

    await awayFromMidnight();
    const updated = await as().patch(`/api/v1/opportunities/${id}`, { value: 1200, bant_a: true }).expect(200);
    expect(updated.body).toEqual({ ok: true, opp: await record(id) });
    expect(updated.body.opp.value).toBe(1200);

    await awayFromMidnight();
    const moved = await as().post(`/api/v1/opportunities/${id}/stage`, { stage: c().open_stages[1], note: 'next' }).expect(200);
    expect(moved.body).toEqual({ ok: true, opp: await record(id) });
    expect(moved.body.opp.stage).toBe(c().open_stages[1]);

    await awayFromMidnight();
    const noted = await as().post(`/api/v1/opportunities/${id}/notes`, { body: 'Called them' }).expect(201);
    expect(noted.body).toEqual({ ok: true, opp: await record(id) });
    expect(noted.body.opp.notes.map((n: { body: string }) => n.body)).toEqual(['Called them']);

    const step = noted.body.opp.steps[0] as { id: number; done: boolean };
    await awayFromMidnight();
    const toggled = await as().post(`/api/v1/steps/${step.id}/toggle`, {}).expect(200);
    expect(toggled.body).toEqual({ ok: true, opp: await record(id), step: expect.objectContaining({ id: step.id, done: !step.done }) });
    expect(toggled.body.step).toEqual(toggled.body.opp.steps.find((s: { id: number }) => s.id === step.id));

    await awayFromMidnight();
    const lost = await as().post(`/api/v1/opportunities/${id}/stage`, { stage: lostStage(), close_reason: c().loss_reasons[0] }).expect(200);
    expect(lost.body).toEqual({ ok: true, opp: await record(id) });
    await awayFromMidnight();
    const revived = await as().post(`/api/v1/opportunities/${id}/revive`, {}).expect(200);
    expect(revived.body.opp.id).not.toBe(id);
    expect(revived.body).toEqual({ ok: true, opp: await record(revived.body.opp.id) });
  });
});

describe('MCP: the write tools answer the brief without reading the record', () => {
  it('move_opportunity_stage answers the moved row, its company, next stage and notes', async () => {
    const opp = (await as().post('/api/v1/opportunities', { name: 'Komut MCP', customer_id: company.id, product_id: productId, bant_b: true, bant_a: true }).expect(201)).body.opp;
    await as().post(`/api/v1/opportunities/${opp.id}/notes`, { body: 'first' }).expect(201);
    let moved: unknown;
    const reads = await selects(async () => {
      moved = await tool('move_opportunity_stage', { id: opp.id, stage: c().open_stages[1], note: 'via MCP' });
    });
    const after = await record(opp.id);
    expect(moved).toEqual({
      rid: `O-${opp.id}`,
      id: opp.id,
      name: 'Komut MCP',
      stage: c().open_stages[1],
      is_open: true,
      value: after.value,
      currency: after.currency,
      close_date: after.close_date,
      customer_id: company.id,
      customer: 'Komut Ambalaj',
      owner_id: seller.user.id,
      external_id: null,
      next_stage: c().open_stages[2],
      notes: [{ id: after.notes[0].id, body: 'first' }],
    });
    expect(after.logs.map((l: { to: string }) => l.to)).toEqual([c().open_stages[0], c().open_stages[1]]);
    expect(detailReads(reads)).toEqual([]);
    // the company the command read for its events is the one the tool names: no second lookup
    expect(reads.filter((q) => /FROM "companies"/.test(q))).toHaveLength(1);
  });

  it('add_opportunity_note answers the notes newest first', async () => {
    const opp = (await as().post('/api/v1/opportunities', { name: 'Komut not', customer_id: company.id }).expect(201)).body.opp;
    await tool('add_opportunity_note', { id: opp.id, body: 'one' });
    let noted: { notes: { id: number; body: string }[] } = { notes: [] };
    const reads = await selects(async () => {
      noted = (await tool('add_opportunity_note', { id: opp.id, body: 'two' })) as typeof noted;
    });
    expect(noted).toMatchObject({ id: opp.id, stage: c().open_stages[0], customer: 'Komut Ambalaj', next_stage: c().open_stages[1] });
    expect(noted.notes.map((n) => n.body)).toEqual(['two', 'one']);
    expect(noted.notes).toEqual((await record(opp.id)).notes.map((n: { id: number; body: string }) => ({ id: n.id, body: n.body })));
    expect(detailReads(reads)).toEqual([]);
  });
});

describe('lead conversion: the opportunity command answers the row, nothing reads its record', () => {
  it('converts with a new opportunity and no opportunity record read', async () => {
    const lead = (await as().post('/api/v1/leads', { company: 'Komut Lead A.Ş.', contact_name: 'Deniz Ak', products: 'LDPE film', note: 'Stand' }).expect(201)).body.lead;
    let body: { ok: boolean; opp_id: number; customer_id: number } = { ok: false, opp_id: 0, customer_id: 0 };
    const reads = await selects(async () => {
      body = (await as().post(`/api/v1/leads/${lead.id}/convert`, { make_task: false }).expect(200)).body;
    });
    expect(body).toMatchObject({ ok: true, opp_id: expect.any(Number) });
    const opp = await record(body.opp_id);
    expect(opp).toMatchObject({ name: 'Komut Lead A.Ş. – LDPE film', customer_id: body.customer_id, stage: c().open_stages[0] });
    expect(reads.filter((q) => /FROM "(opp_logs|notes)"/.test(q))).toEqual([]);
  });
});
