import request from 'supertest';
import { addDays, todayIn } from '../../../src/platform/common/time';
import { CompaniesService } from '../../../src/domain/crm/companies/companies.service';
import { MODULES } from '../../../src/domain/workspace/defaults';
import type { WorkspaceConstants } from '../../../src/domain/workspace/workspace.entity';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { insertCompany, insertProduct, outboxOf } from '../../helpers/crm-fixtures';
import { turkishConstants } from '../../helpers/renamed-constants';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * The MCP tools over the CRM services, in a workspace whose stages, statuses and lists have other keys
 * than the defaults (so no tool can depend on a literal): every value comes from the constants.
 * Callers use API keys (accepted on /mcp like OAuth access tokens; mcp.e2e-spec covers the OAuth path).
 */
let t: TestApp;
let a: Fixture;
let b: Fixture;
let c: WorkspaceConstants;
let seller: { user: { id: number }; key: string };
let other: { user: { id: number }; key: string };
let noLeads: { user: { id: number }; key: string };
let readOnly: string;
let companyId: number;
let otherCompanyId: number;
let productId: number;
let today: string;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  c = await t.get(WorkspaceService).setConstants(a.ws.slug, turkishConstants());
  b = await createWorkspace(t);
  seller = await createUser(t, a, { department: 'Satış', fullName: 'Selin Satış' });
  other = await createUser(t, a, { department: 'Başka' });
  noLeads = await createUser(t, a, { department: 'Satış', modules: [MODULES.customers, MODULES.opportunities, MODULES.activities] });
  readOnly = await issueKey(t, a, 'api', seller.user.id, ['crm.read']);
  companyId = (await insertCompany(t, a, seller.user.id, { name: 'Ege Film A.Ş.', status: c.customer_statuses[1] })).id;
  otherCompanyId = (await insertCompany(t, a, other.user.id, { name: 'Gizli Plastik', status: c.customer_statuses[1] })).id;
  productId = (await insertProduct(t, a, { name: 'LDPE film' })).id;
  today = todayIn(a.ws.timezone);
});
afterAll(() => t.close());

const rpc = (key: string, body: unknown, f: Fixture = a) =>
  request(t.app.getHttpServer()).post('/mcp').set('Host', f.host).set('Accept', 'application/json, text/event-stream').set('Authorization', `Bearer ${key}`).send(body as object);

interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
}
let seq = 0;
async function call(key: string, name: string, args: unknown, f: Fixture = a): Promise<ToolResult> {
  const r = await rpc(key, { jsonrpc: '2.0', id: ++seq, method: 'tools/call', params: { name, arguments: args } }, f).expect(200);
  expect(r.body.error).toBeUndefined();
  return r.body.result as ToolResult;
}
/** The JSON a tool answered; fails the test on a tool error. */
async function ok<T = Record<string, unknown>>(key: string, name: string, args: unknown): Promise<T> {
  const r = await call(key, name, args);
  expect(r.content[0]!.text).not.toMatch(/^\w+: /);
  expect(r.isError).toBeUndefined();
  return JSON.parse(r.content[0]!.text) as T;
}
/** The text of a tool error. */
async function toolError(key: string, name: string, args: unknown, f: Fixture = a): Promise<string> {
  const r = await call(key, name, args, f);
  expect(r.isError).toBe(true);
  return r.content[0]!.text;
}
interface ListedTool {
  name: string;
  title?: string;
  annotations?: Record<string, unknown>;
  outputSchema?: { type: string; properties: Record<string, unknown> };
  inputSchema: { properties: Record<string, { enum?: string[]; type?: string; description?: string }>; required?: string[]; additionalProperties?: boolean };
}
async function listed(key: string, revision = '2025-11-25') {
  const r = await rpc(key, { jsonrpc: '2.0', id: ++seq, method: 'tools/list' }).set('MCP-Protocol-Version', revision).expect(200);
  return r.body.result.tools as ListedTool[];
}
/** A write tool without crm.write: the whole HTTP request is 403 with the step-up challenge. */
async function expectStepUp(name: string, args: unknown) {
  const r = await rpc(readOnly, { jsonrpc: '2.0', id: ++seq, method: 'tools/call', params: { name, arguments: args } }).expect(403);
  expect(r.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="crm.write", resource_metadata="http://${a.host}/.well-known/oauth-protected-resource/mcp"`);
}
const lostStage = () => c.stages.find((s) => c.stage_roles[s] === 'lost')!;

describe('MCP tools over the CRM services', () => {
  it('tools/list: every tool, with strict zod-built schemas and the workspace lists as enums', async () => {
    const tools = await listed(seller.key);
    const byName = new Map(tools.map((x) => [x.name, x]));
    for (const n of ['search_companies', 'search_people', 'list_opportunities', 'get_record', 'today', 'create_activity', 'create_task', 'move_opportunity_stage', 'create_lead']) expect(byName.has(n)).toBe(true);
    for (const x of tools) expect(x.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
    const move = byName.get('move_opportunity_stage')!.inputSchema;
    expect(move.required).toEqual(['id', 'stage']);
    expect(move.properties.stage!.enum).toEqual(c.stages);
    expect(move.properties.stage!.enum).not.toContain('Qualify');
    expect(move.properties.close_reason!.enum).toEqual(c.loss_reasons);
    expect(byName.get('create_activity')!.inputSchema.properties.type!.enum).toEqual(c.visit_types);
    expect(byName.get('create_lead')!.inputSchema.required).toEqual(['company']);
    expect(byName.get('create_lead')!.inputSchema.properties.interest!.enum).toEqual(c.lead_interest);
    expect(byName.get('get_record')!.inputSchema.properties.rid!.type).toBe('string');
  });

  it('tools/list: true annotations, a description on every argument, an output schema; write tools only with crm.write', async () => {
    const tools = await listed(seller.key);
    const hints = (n: string) => tools.find((x) => x.name === n)!.annotations;
    const read = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
    for (const n of ['search_companies', 'get_record', 'today', 'list_events', 'search', 'fetch']) expect(hints(n)).toEqual(read);
    for (const n of ['create_task', 'create_activity', 'create_lead', 'add_opportunity_note']) expect(hints(n)).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    for (const n of ['create_company', 'create_calendar_entry']) expect(hints(n)).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    // updates overwrite what was there; repeating one with the same arguments changes nothing more
    for (const n of ['move_opportunity_stage', 'update_company', 'update_task', 'complete_task', 'toggle_opportunity_step']) {
      expect([n, hints(n)]).toEqual([n, { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false }]);
    }
    for (const x of tools) {
      expect([x.name, x.title]).toEqual([x.name, expect.stringMatching(/\S/)]);
      expect(x.outputSchema?.type).toBe('object');
      for (const [arg, schema] of Object.entries(x.inputSchema.properties)) expect([x.name, arg, schema.description]).toEqual([x.name, arg, expect.stringMatching(/\S{3}/)]);
    }
    const readOnlyTools = (await listed(readOnly)).map((x) => x.name);
    expect(readOnlyTools).toEqual(expect.arrayContaining(['search_companies', 'get_record', 'search', 'fetch']));
    const writes = ['create_task', 'create_activity', 'create_lead', 'move_opportunity_stage', 'add_opportunity_note', 'create_company', 'update_company', 'update_task', 'complete_task', 'toggle_opportunity_step', 'create_calendar_entry'];
    expect(tools.map((x) => x.name)).toEqual(expect.arrayContaining(writes));
    for (const n of writes) expect(readOnlyTools).not.toContain(n);
    expect(tools.map((x) => x.name)).toEqual(expect.arrayContaining(readOnlyTools));
  });

  it('search_people: visible people by name or e-mail, with their company; argument errors name the field', async () => {
    const mine = (await api(t, a.host, seller.key).post('/api/v1/people', { name: 'Ayşe Yılmaz', email: 'ayse@egefilm.test', customer_id: companyId }).expect(201)).body.person;
    await api(t, a.host, other.key).post('/api/v1/people', { name: 'Ayşe Gizli', customer_id: otherCompanyId }).expect(201);
    const found = await ok<Record<string, unknown>[]>(seller.key, 'search_people', { query: 'Ayşe' });
    expect(found).toEqual([expect.objectContaining({ rid: `P-${mine.id}`, id: mine.id, name: 'Ayşe Yılmaz', customer_id: companyId, customer: 'Ege Film A.Ş.' })]);
    expect(await ok(seller.key, 'search_people', { query: 'ayse@egefilm' })).toHaveLength(1);
    expect(await ok(seller.key, 'search_people', { customer_id: otherCompanyId })).toEqual([]);
    expect(await toolError(seller.key, 'search_people', { limit: 0 })).toBe('invalid: limit: at least 1');
    expect(await toolError(seller.key, 'search_people', { query: 5, limit: 1.5 })).toBe('invalid: query: must be a string; limit: must be an integer');
    expect(await toolError(noLeads.key, 'search_people', { nme: 'x' })).toBe('invalid: nme: unknown argument');
  });

  it('get_record: a company, person, opportunity, activity or lead by its rid; others\' records are not_found', async () => {
    const s = api(t, a.host, seller.key);
    const person = (await s.post('/api/v1/people', { name: 'Kemal Kaya', customer_id: companyId }).expect(201)).body.person;
    const opp = (await s.post('/api/v1/opportunities', { name: 'Film hattı', customer_id: companyId }).expect(201)).body.opp;
    const act = (await s.post('/api/v1/activities', { type: c.visit_types[0], date: today, customer_id: companyId, note: 'tanışma' }).expect(201)).body.activity;
    const lead = (await s.post('/api/v1/leads', { company: 'Fuar Ltd.' }).expect(201)).body.lead;
    expect(await ok(seller.key, 'get_record', { rid: `C-${companyId}` })).toMatchObject({ rid: `C-${companyId}`, name: 'Ege Film A.Ş.', status: c.customer_statuses[1] });
    expect(await ok(seller.key, 'get_record', { rid: `P-${person.id}` })).toMatchObject({ name: 'Kemal Kaya', customer: 'Ege Film A.Ş.' });
    expect(await ok(seller.key, 'get_record', { rid: `O-${opp.id}` })).toMatchObject({ name: 'Film hattı', stage: c.stages[0], next_stage: c.open_stages[1], customer: 'Ege Film A.Ş.', notes: [] });
    expect(await ok(seller.key, 'get_record', { rid: `A-${act.id}` })).toMatchObject({ type: c.visit_types[0], date: today, note: 'tanışma', customer: 'Ege Film A.Ş.' });
    expect(await ok(seller.key, 'get_record', { rid: `L-${lead.id}` })).toMatchObject({ company: 'Fuar Ltd.', status: c.lead_status_new });

    expect(await toolError(seller.key, 'get_record', {})).toBe('invalid: rid: required');
    expect(await toolError(seller.key, 'get_record', { rid: 'X-1' })).toMatch(/^invalid: rid: must be a record id like C-12/);
    expect(await toolError(seller.key, 'get_record', { rid: 'C-0' })).toMatch(/^invalid: rid: /);
    expect(await toolError(seller.key, 'get_record', { rid: 'C-99999999999' })).toMatch(/^invalid: rid: /);
    // another user's (other department) and another workspace's records
    expect(await toolError(seller.key, 'get_record', { rid: `C-${otherCompanyId}` })).toBe('not_found: company not found');
    const bCompany = (await api(t, b.host, b.adminKey).post('/api/v1/companies', { name: 'B Şirketi' }).expect(201)).body.company;
    expect(await toolError(seller.key, 'get_record', { rid: `C-${bCompany.id}` })).toBe('not_found: company not found');
    expect(await toolError(b.adminKey, 'get_record', { rid: `O-${opp.id}` }, b)).toBe('not_found: opportunity not found');
    // module rule per record kind
    expect(await toolError(noLeads.key, 'get_record', { rid: `L-${lead.id}` })).toMatch(/^module: the Fair leads module/);
  });

  it("today: the user's agenda (actions due soon, overdue tasks, targets), never another user's tasks", async () => {
    const due = await ok<{ id: number }>(seller.key, 'create_task', { title: 'Numune gönder', due_date: today, customer_id: companyId });
    await api(t, a.host, seller.key).post('/api/v1/tasks', { title: 'Teklif takibi', due_date: addDays(today, -2) }).expect(201);
    await api(t, a.host, other.key).post('/api/v1/tasks', { title: 'Başkasının işi', due_date: today }).expect(201);
    const day = await ok<{ date: string; actions: { id: number; title: string }[]; overdue_tasks: { title: string; overdue: boolean }[]; meetings: unknown[]; targets: { week_start: string } }>(seller.key, 'today', {});
    expect(day.date).toBe(today);
    expect(day.actions).toEqual([expect.objectContaining({ id: due.id, title: 'Numune gönder', due_date: today, overdue: false })]);
    expect(day.overdue_tasks).toEqual([expect.objectContaining({ title: 'Teklif takibi', overdue: true })]);
    expect(day.meetings).toEqual([]);
    expect(day.targets.week_start <= today).toBe(true);
    expect(JSON.stringify(day)).not.toContain('Başkasının');
    expect(await toolError(seller.key, 'today', { date: today })).toBe('invalid: date: unknown argument');
  });

  it("move_opportunity_stage: the stage service (gates, loss reasons, log, events) with the workspace's stage keys", async () => {
    const s = api(t, a.host, seller.key);
    const opp = (await s.post('/api/v1/opportunities', { name: 'Streç film 2027', customer_id: companyId, bant_b: true, bant_a: true, product_id: productId }).expect(201)).body.opp;
    expect(opp.stage).toBe(c.open_stages[0]);
    const moved = await ok(seller.key, 'move_opportunity_stage', { id: opp.id, stage: c.open_stages[1], note: 'MCP ile' });
    expect(moved).toMatchObject({ id: opp.id, stage: c.open_stages[1], is_open: true, next_stage: c.open_stages[2] });
    expect((await s.get(`/api/v1/opportunities/${opp.id}`).expect(200)).body.opp).toMatchObject({ stage: c.open_stages[1] });
    const events = (await outboxOf(t, a, 'opp_stage')).filter((e) => e.recordId === opp.id);
    expect(events.map((e) => e.title)).toEqual([`Streç film 2027: ${c.stage_labels[c.open_stages[0]!]} → ${c.stage_labels[c.open_stages[1]!]}`]);

    // the service's rules, as tool errors
    expect(await toolError(seller.key, 'move_opportunity_stage', { id: opp.id, stage: c.open_stages[3] })).toMatch(new RegExp(`^invalid: stage: the gate of ${c.open_stages[3]} is not met: `));
    expect(await toolError(seller.key, 'move_opportunity_stage', { id: opp.id, stage: lostStage() })).toMatch(/^invalid: close_reason: is required/);
    expect(await toolError(seller.key, 'move_opportunity_stage', { id: opp.id, stage: 'Qualify' })).toBe(`invalid: stage: must be one of ${c.stages.join(', ')}`);
    const lost = await ok(seller.key, 'move_opportunity_stage', { id: opp.id, stage: lostStage(), close_reason: c.loss_reasons[0] });
    expect(lost).toMatchObject({ stage: lostStage(), is_open: false });
    expect((await outboxOf(t, a, 'opp_lost')).filter((e) => e.recordId === opp.id)).toHaveLength(1);

    // input validation, access, step-up
    expect(await toolError(seller.key, 'move_opportunity_stage', { id: opp.id })).toBe('invalid: stage: required');
    expect(await toolError(seller.key, 'move_opportunity_stage', { id: 'O-1', stage: '' })).toBe('invalid: id: must be an integer; stage: must not be empty');
    const hidden = (await api(t, a.host, other.key).post('/api/v1/opportunities', { name: 'Gizli iş', customer_id: otherCompanyId }).expect(201)).body.opp;
    expect(await toolError(seller.key, 'move_opportunity_stage', { id: hidden.id, stage: lostStage(), close_reason: c.loss_reasons[0] })).toBe('not_found: opportunity not found');
    expect((await api(t, a.host, other.key).get(`/api/v1/opportunities/${hidden.id}`).expect(200)).body.opp.stage).toBe(c.open_stages[0]);
    await expectStepUp('move_opportunity_stage', { id: hidden.id, stage: c.open_stages[1] });
  });

  it('create_lead: the leads service (initial status, owner, lead_created); the module rule and step-up', async () => {
    const lead = await ok<{ id: number; rid: string }>(seller.key, 'create_lead', {
      company: '  Fuar Ambalaj  ',
      contact_name: 'Deniz Ak',
      email: 'Deniz@Ambalaj.test',
      interest: c.lead_interest[0],
      next_action: c.lead_next_actions[0],
      next_date: addDays(today, 3),
    });
    expect(lead.rid).toBe(`L-${lead.id}`);
    const rest = (await api(t, a.host, seller.key).get(`/api/v1/leads/${lead.id}`).expect(200)).body.lead;
    expect(rest).toMatchObject({ company: 'Fuar Ambalaj', contact_name: 'Deniz Ak', email: 'deniz@ambalaj.test', status: c.lead_status_new, interest: c.lead_interest[0] });
    expect(rest.owner.id).toBe(seller.user.id);
    expect((await outboxOf(t, a, 'lead_created')).filter((e) => e.recordId === lead.id)).toHaveLength(1);

    expect(await toolError(seller.key, 'create_lead', {})).toBe('invalid: company: required');
    expect(await toolError(seller.key, 'create_lead', { company: '   ', email: 'nope', next_date: '2026-02-30' })).toBe('invalid: company: must not be empty; email: must be an e-mail address or empty; next_date: must be a date YYYY-MM-DD');
    expect(await toolError(seller.key, 'create_lead', { company: 'X', interest: 'Çok' })).toBe(`invalid: interest: must be one of ${c.lead_interest.join(', ')}`);
    // a company the user may not see is refused as in REST
    expect(await toolError(seller.key, 'create_lead', { company: 'X', customer_id: otherCompanyId })).toBe(`invalid: customer_id: no company with id ${otherCompanyId}`);
    // module off: not listed, a call is a tool error
    expect((await listed(noLeads.key)).map((x) => x.name)).not.toContain('create_lead');
    expect(await toolError(noLeads.key, 'create_lead', { company: 'X' })).toMatch(/^module: the Fair leads module/);
    await expectStepUp('create_lead', { company: 'Yazamaz Ltd.' });
    const leads = (await api(t, a.host, seller.key).get('/api/v1/leads?q=Yazamaz').expect(200)).body.items;
    expect(leads).toEqual([]);
  });

  it("answers through the SDK transport: JSON, no session, the app's own headers kept; initialize names the workspace", async () => {
    const r = await rpc(seller.key, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }).expect(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['mcp-session-id']).toBeUndefined();
    expect(r.headers['x-request-id']).toMatch(/\S/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.body.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'crm', title: `${a.ws.name} CRM` }, capabilities: { tools: { listChanged: false } } });
    expect(r.body.result.instructions).toContain('C-12');
    // a client that accepts only JSON is refused by the transport (Streamable HTTP needs both)
    await request(t.app.getHttpServer()).post('/mcp').set('Host', a.host).set('Accept', 'application/json').set('Authorization', `Bearer ${seller.key}`).send({ jsonrpc: '2.0', id: 1, method: 'ping' }).expect(406);
  });

  it('an unexpected failure is a JSON-RPC internal error with the request id, never the exception text', async () => {
    const spy = jest.spyOn(t.get(CompaniesService), 'list').mockRejectedValueOnce(new Error('relation "secret_table" does not exist'));
    try {
      const r = await rpc(seller.key, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search_companies', arguments: {} } }).expect(200);
      expect(r.body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'internal error', data: { request_id: r.headers['x-request-id'] } } });
    } finally {
      spy.mockRestore();
    }
    expect((await call(seller.key, 'search_companies', {})).isError).toBeUndefined();
  });

  it('a batch with a write tool is refused as a whole without crm.write; batches hold at most 20 messages', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_companies', arguments: {} } },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_task', arguments: { title: 'Toplu iş' } } },
    ];
    await rpc(readOnly, batch).expect(403);
    const r = await rpc(seller.key, batch).expect(200);
    expect(r.body.map((x: { id: number }) => x.id).sort()).toEqual([1, 2]);
    const pings = Array.from({ length: 21 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'ping' }));
    expect((await rpc(seller.key, pings).expect(400)).body.error.code).toBe(-32600);
    expect((await rpc(seller.key, pings.slice(0, 20)).expect(200)).body).toHaveLength(20);
    await rpc(seller.key, []).expect(400);
  });
});
