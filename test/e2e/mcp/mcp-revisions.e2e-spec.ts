import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ToolOutputCheck } from '../../../src/interfaces/mcp/mcp.tools';
import { APP_CONFIG, type AppConfig } from '../../../src/platform/config/app-config';
import { insertCompany } from '../../helpers/crm-fixtures';
import { listenLoopback, loopbackFetch } from '../../helpers/loopback-fetch';
import { UsersService } from '../../../src/domain/identity/users.service';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * The SDK client at every protocol revision the SDK supports: initialize, tools/list, a read and a write
 * tool call, each HTTP request carrying the negotiated `MCP-Protocol-Version`. The SDK client always asks
 * for its latest revision, so a transport that rewrites initialize's `protocolVersion` plays an older client.
 * From 2025-06-18 the client validates every `structuredContent` against the tool's `outputSchema`.
 */
let t: TestApp;
let a: Fixture;
let port = 0;
let seller: { user: { id: number }; key: string };
let other: { user: { id: number }; key: string };
let readOnly: string;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  port = (await listenLoopback(t)).port;
  seller = await createUser(t, a, { department: 'Sales' });
  other = await createUser(t, a, { department: 'Elsewhere' });
  readOnly = await issueKey(t, a, 'api', seller.user.id, ['crm.read']);
});
afterAll(() => t.close());

/** A client transport that asks initialize for `revision`, and records the revision header of each POST. */
class RevisionTransport extends StreamableHTTPClientTransport {
  readonly sent: (string | null)[] = [];
  constructor(
    key: string,
    private readonly revision: string,
  ) {
    super(new URL(`http://${a.host}:${port}/mcp`), {
      fetch: async (url, init) => {
        if (init?.method === 'POST') this.sent.push(new Headers(init.headers).get('mcp-protocol-version'));
        return loopbackFetch(url, init);
      },
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    });
  }
  override send(message: JSONRPCMessage, options?: Parameters<StreamableHTTPClientTransport['send']>[1]) {
    const m = message as { method?: string; params?: { protocolVersion?: string } };
    if (m.method === 'initialize' && m.params) m.params = { ...m.params, protocolVersion: this.revision };
    return super.send(message, options);
  }
}

async function connect(key: string, revision: string) {
  const transport = new RevisionTransport(key, revision);
  const client = new Client({ name: 'crm-revisions', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

const textOf = (r: unknown) => (r as { content: { type: string; text: string }[] }).content[0]!.text;

describe('MCP protocol revisions', () => {
  it('the SDK supports 2025-06-18 and 2025-11-25 (the revisions the server must serve)', () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(expect.arrayContaining(['2025-11-25', '2025-06-18']));
  });

  it.each(SUPPORTED_PROTOCOL_VERSIONS)('at %s: initialize, tools/list, a read and a write tool call', async (revision) => {
    const company = await insertCompany(t, a, seller.user.id, { name: `Rev ${revision} Widgets` });
    const { client, transport } = await connect(seller.key, revision);
    expect(transport.protocolVersion).toBe(revision);
    const structured = revision >= '2025-06-18';

    const { tools } = await client.listTools();
    const search = tools.find((x) => x.name === 'search_companies')!;
    const create = tools.find((x) => x.name === 'create_task')!;
    expect(search.description).toMatch(/\S/);
    if (structured) {
      for (const x of tools) expect([x.name, typeof x.title, x.outputSchema?.type, x.annotations?.readOnlyHint]).toEqual([x.name, 'string', 'object', expect.any(Boolean)]);
      expect(create.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    } else {
      for (const x of tools) expect([x.name, x.title, x.outputSchema]).toEqual([x.name, undefined, undefined]);
      // annotations came in 2025-03-26 (with the title among them); 2024-11-05 has neither
      if (revision >= '2025-03-26') expect(search.annotations).toEqual({ title: 'Search companies', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      else expect(search.annotations).toBeUndefined();
    }

    const found = await client.callTool({ name: 'search_companies', arguments: { query: `Rev ${revision}` } });
    expect(found.isError).toBeFalsy();
    expect(JSON.parse(textOf(found))).toEqual([expect.objectContaining({ id: company.id, rid: `C-${company.id}` })]);
    if (structured) expect(found.structuredContent).toEqual({ result: JSON.parse(textOf(found)) });
    else expect(found.structuredContent).toBeUndefined();

    const title = `Call back at ${revision}`;
    const created = await client.callTool({ name: 'create_task', arguments: { title, customer_id: company.id } });
    expect(created.isError).toBeFalsy();
    expect(JSON.parse(textOf(created))).toMatchObject({ title, customer_id: company.id });
    const tasks = (await api(t, a.host, seller.key).get('/api/v1/tasks').expect(200)).body.items as { title: string }[];
    expect(tasks.map((x) => x.title)).toContain(title);

    // initialize went without the header; every later POST carried the negotiated revision
    expect(transport.sent[0]).toBeNull();
    expect(transport.sent.slice(1)).toEqual(transport.sent.slice(1).map(() => revision));
    expect(transport.sent.length).toBeGreaterThanOrEqual(4);
    await client.close();
  });

  it('an unknown revision in initialize is answered with the latest; an unsupported header is 400', async () => {
    const rpc = (body: object) => request(t.app.getHttpServer()).post('/mcp').set('Host', a.host).set('Accept', 'application/json, text/event-stream').set('Authorization', `Bearer ${seller.key}`).send(body);
    const init = await rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 't', version: '1' } } }).expect(200);
    expect(init.body.result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    const bad = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }).set('MCP-Protocol-Version', '2099-01-01').expect(400);
    expect(bad.body.error.message).toContain('Unsupported protocol version');
    // without the header a request is taken as 2025-03-26, as the spec says: no output schemas
    const plain = await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/list' }).expect(200);
    expect(plain.body.result.tools[0].outputSchema).toBeUndefined();
  });
});

describe('search and fetch (the research shape)', () => {
  it('search finds companies, people and opportunities the user may see; fetch reads one; the SDK validates both', async () => {
    const mine = await insertCompany(t, a, seller.user.id, { name: 'Zephyr Research Plastics', city: 'Bursa' });
    const hidden = await insertCompany(t, a, other.user.id, { name: 'Zephyr Hidden Films' });
    const person = (await api(t, a.host, seller.key).post('/api/v1/people', { name: 'Zephyr Contact', title: 'Buyer', customer_id: mine.id }).expect(201)).body.person;
    const opp = (await api(t, a.host, seller.key).post('/api/v1/opportunities', { name: 'Zephyr film line', customer_id: mine.id, value: 1200 }).expect(201)).body.opp;

    const { client } = await connect(readOnly, LATEST_PROTOCOL_VERSION);
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['search', 'fetch']));
    const found = await client.callTool({ name: 'search', arguments: { query: 'Zephyr' } });
    expect(found.isError).toBeFalsy();
    // record links are on the configured base (PORT 3000), not on the address the client called
    const base = `http://${a.host}:3000`;
    expect(found.structuredContent).toEqual({
      results: expect.arrayContaining([
        expect.objectContaining({ id: `company:${mine.id}`, title: 'Zephyr Research Plastics', url: `${base}/companies/${mine.id}` }),
        expect.objectContaining({ id: `person:${person.id}`, title: 'Zephyr Contact', url: `${base}/people/${person.id}` }),
        expect.objectContaining({ id: `opportunity:${opp.id}`, title: 'Zephyr film line', url: `${base}/opportunities/${opp.id}` }),
      ]),
    });
    const ids = (found.structuredContent as { results: { id: string }[] }).results.map((r) => r.id);
    expect(ids).toHaveLength(3);
    expect(ids).not.toContain(`company:${hidden.id}`);
    expect(JSON.parse(textOf(found))).toEqual(found.structuredContent);

    const doc = await client.callTool({ name: 'fetch', arguments: { id: `company:${mine.id}` } });
    expect(doc.structuredContent).toMatchObject({ id: `company:${mine.id}`, title: 'Zephyr Research Plastics', url: `${base}/companies/${mine.id}`, metadata: { id: mine.id, city: 'Bursa' } });
    expect((doc.structuredContent as { text: string }).text).toContain('City: Bursa');
    const oppDoc = await client.callTool({ name: 'fetch', arguments: { id: `opportunity:${opp.id}` } });
    expect(oppDoc.structuredContent).toMatchObject({ title: 'Zephyr film line', metadata: { customer: 'Zephyr Research Plastics' } });
    const personDoc = await client.callTool({ name: 'fetch', arguments: { id: `person:${person.id}` } });
    expect((personDoc.structuredContent as { text: string }).text).toContain('Company: Zephyr Research Plastics');

    // what the user may not see is not found; a malformed id is an argument error
    expect(await client.callTool({ name: 'fetch', arguments: { id: `company:${hidden.id}` } })).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/^not_found: /) }] });
    expect(await client.callTool({ name: 'fetch', arguments: { id: 'C-12' } })).toMatchObject({ isError: true, content: [{ text: 'invalid: id: must be an id from search, like company:12, person:3 or opportunity:7' }] });
    expect(await client.callTool({ name: 'search', arguments: { query: ' ' } })).toMatchObject({ isError: true, content: [{ text: 'invalid: query: must not be empty' }] });
    await client.close();
  });
});

describe('output schemas', () => {
  it('every tool answers structuredContent that the SDK client validates against its outputSchema', async () => {
    const company = await insertCompany(t, a, seller.user.id, { name: 'Schema Checked Ltd' });
    const person = (await api(t, a.host, seller.key).post('/api/v1/people', { name: 'Schema Person', customer_id: company.id }).expect(201)).body.person;
    const opp = (await api(t, a.host, seller.key).post('/api/v1/opportunities', { name: 'Schema deal', customer_id: company.id, value: 1234.5 }).expect(201)).body.opp;
    const c = a.ws.constants;
    const { client } = await connect(seller.key, LATEST_PROTOCOL_VERSION);
    const { tools } = await client.listTools();
    const called = new Set<string>();
    const call = async (name: string, args: Record<string, unknown>) => {
      called.add(name);
      const r = await client.callTool({ name, arguments: args });
      expect([name, r.isError, r.isError ? textOf(r) : '']).toEqual([name, undefined, '']);
      expect(r.structuredContent).toBeDefined();
      return r.structuredContent as Record<string, unknown>;
    };
    await call('search', { query: 'Schema' });
    await call('fetch', { id: `person:${person.id}` });
    await call('search_companies', { query: 'Schema' });
    await call('search_people', { query: 'Schema' });
    await call('list_opportunities', {});
    for (const rid of [`C-${company.id}`, `P-${person.id}`, `O-${opp.id}`]) await call('get_record', { rid });
    await call('get_company', { id: company.id });
    expect(await call('get_opportunity', { id: opp.id })).toMatchObject({ result: { value: 1234.5 } });
    const activity = (await call('create_activity', { customer_id: company.id, type: c.visit_types[0], date: '2026-01-05', topic: 'Schema' })).result as { rid: string; id: number };
    await call('get_record', { rid: activity.rid });
    await call('list_activities', { customer_id: company.id });
    await call('get_activity', { id: activity.id });
    const spare = (await call('create_activity', { customer_id: company.id, type: c.visit_types[0], date: '2026-01-06' })).result as { id: number };
    expect(await call('update_activity', { id: spare.id, note: 'Schema note', duration_min: 30 })).toMatchObject({ result: { id: spare.id, note: 'Schema note' } });
    expect(await call('delete_activity', { id: spare.id, confirm: true })).toEqual({ result: { deleted: true, id: spare.id } });
    await call('create_task', { title: 'Schema task', customer_id: company.id, due_date: '2026-01-06' });
    // the tool takes REST's fields (one declaration, TaskFields): a description, a contact, null for what is left out
    const full = (await call('create_task', { title: 'Schema call', description: 'about the film', person_id: person.id, status: c.task_statuses[0], priority: null, opp_id: null })).result as { id: number };
    expect((await api(t, a.host, seller.key).get(`/api/v1/tasks/${full.id}`).expect(200)).body.task).toMatchObject({ description: 'about the film', person_id: person.id, status: c.task_statuses[0], opp_id: null });
    await call('list_tasks', {});
    await call('today', {});
    await call('add_opportunity_note', { id: opp.id, body: 'Schema note' });
    const lost = c.stages.find((x) => c.stage_roles[x] === 'lost')!;
    expect(await call('move_opportunity_stage', { id: opp.id, stage: lost, close_reason: c.loss_reasons[0] })).toMatchObject({ result: { stage: lost, is_open: false } });
    const lead = (await call('create_lead', { company: 'Schema Lead Co', next_date: '2026-02-01' })).result as { rid: string };
    await call('get_record', { rid: lead.rid });
    await call('list_events', { limit: 5 });

    // the record writes: each the REST service call, checked through REST
    const created = (await call('create_company', { name: 'Schema New Co', city: 'Izmir', status: c.customer_statuses[0] })).result as { id: number };
    const dup = await client.callTool({ name: 'create_company', arguments: { name: 'Schema New Co' } });
    expect([dup.isError, textOf(dup)]).toEqual([true, expect.stringMatching(/^duplicate: a company with .* already exists: Schema New Co \(C-\d+\); send force: true/)]);
    await call('update_company', { id: created.id, phone: '+90 232 000', website: 'https://schema.test' });
    expect((await api(t, a.host, seller.key).get(`/api/v1/companies/${created.id}`).expect(200)).body.company).toMatchObject({ name: 'Schema New Co', city: 'Izmir', phone: '+90 232 000', website: 'https://schema.test' });
    const contact = (await call('create_person', { name: 'Schema Kişi', customer_id: created.id, email: 'kisi@schema.test' })).result as { id: number };
    expect(await call('update_person', { id: contact.id, customer_id: null })).toMatchObject({ result: { customer_id: null, customer: null, email: 'kisi@schema.test' } });
    const task = (await call('create_task', { title: 'Schema to finish' })).result as { id: number };
    expect(await call('update_task', { id: task.id, title: 'Schema to finish today', due_date: '2026-03-01', priority: c.task_priorities[0] })).toMatchObject({ result: { title: 'Schema to finish today', due_date: '2026-03-01' } });
    expect(await call('update_task', { id: task.id, due_date: null })).toMatchObject({ result: { due_date: null, title: 'Schema to finish today' } });
    expect(await call('complete_task', { id: task.id })).toMatchObject({ result: { status: c.task_done_status } });
    expect((await api(t, a.host, seller.key).get(`/api/v1/tasks/${task.id}`).expect(200)).body.task.status).toBe(c.task_done_status);
    expect(await call('delete_task', { id: task.id, confirm: true })).toEqual({ result: { deleted: true, id: task.id } });
    const open = (await api(t, a.host, seller.key).post('/api/v1/opportunities', { name: 'Schema steps', customer_id: company.id }).expect(201)).body.opp;
    const detail = (await call('get_opportunity', { id: open.id })).result as { steps: { id: number; done: boolean }[] };
    expect(detail.steps.length).toBeGreaterThan(0);
    const step = detail.steps[0]!;
    const ticked = (await call('toggle_opportunity_step', { step_id: step.id, done: !step.done, note: 'via MCP' })).result as { steps: { id: number; done: boolean; note: string }[] };
    expect(ticked.steps.find((x) => x.id === step.id)).toMatchObject({ done: !step.done, note: 'via MCP' });
    const meeting = (await call('create_calendar_entry', { title: 'Schema meeting', start: '2026-03-02T09:00:00', end: '2026-03-02T10:30:00', customer_id: company.id })).result as { id: number };
    expect((await api(t, a.host, seller.key).get(`/api/v1/calendar/${meeting.id}`).expect(200)).body.entry).toMatchObject({ title: 'Schema meeting', start: '2026-03-02T09:00:00', end: '2026-03-02T10:30:00' });
    const bad = await client.callTool({ name: 'create_calendar_entry', arguments: { title: 'x', start: '2026-03-02 09:00', end: '2026-03-02T08:00:00' } });
    expect(textOf(bad)).toBe('invalid: start: must be a local time YYYY-MM-DDTHH:mm:ss');
    const backwards = await client.callTool({ name: 'create_calendar_entry', arguments: { title: 'x', start: '2026-03-02T09:00:00', end: '2026-03-02T08:00:00' } });
    expect(textOf(backwards)).toBe('invalid: end: must be after start');
    // another user's company is not found, as in REST
    const hidden = await insertCompany(t, a, other.user.id, { name: 'Schema Hidden' });
    expect(textOf(await client.callTool({ name: 'update_company', arguments: { id: hidden.id, city: 'X' } }))).toMatch(/^not_found: /);

    // the rest of the CRM (mcp-crm-tools.e2e-spec covers their rules and errors)
    const opp2 = (await call('create_opportunity', { name: 'Schema deal 2', customer_id: company.id, value: 10 })).result as { id: number };
    await call('update_opportunity', { id: opp2.id, value: 20.5 });
    await call('revive_opportunity', { id: opp.id });
    const leadId = Number(lead.rid.slice(2));
    await call('list_leads', { query: 'Schema' });
    await call('update_lead', { id: leadId, city: 'Izmir' });
    await call('convert_lead', { id: leadId });
    const order = (await call('create_order', { customer_id: company.id, kg: 10, price: 2.5 })).result as { id: number };
    await call('list_orders', {});
    await call('get_order', { id: order.id });
    await call('set_order_po', { id: order.id, customer_po: 'PO 1' });
    await call('send_order_to_erp', { id: order.id });
    const form = (await api(t, a.host, a.adminKey).post('/api/v1/approvals/forms', { name: 'Schema list', approver_id: seller.user.id, fields: [{ key: 'item', label: 'Item', type: 'text', required: true }] }).expect(201)).body.form;
    const asked = (await api(t, a.host, other.key).post(`/api/v1/approvals/forms/${form.id}`, { values: { item: 'Desk' } }).expect(201)).body.item;
    await call('list_approval_forms', {});
    await call('submit_approval', { list_id: form.id, values: { item: 'Chair' } });
    await call('list_approvals', { role: 'all' });
    await call('get_approval', { id: asked.id });
    await call('decide_approval', { id: asked.id, decision: 'approved' });
    await api(t, a.host, a.adminKey).post('/api/v1/objects', { key: 'schema_sites', label: 'Sites', fields: [{ key: 'size', label: 'Size', type: 'number' }] }).expect(201);
    await call('list_custom_objects', {});
    const rec = (await call('create_custom_record', { object: 'schema_sites', name: 'Schema site', fields: { size: 3 } })).result as { id: number };
    await call('list_custom_records', { object: 'schema_sites' });
    await call('get_custom_record', { object: 'schema_sites', id: rec.id });
    await call('update_custom_record', { object: 'schema_sites', id: rec.id, fields: { size: 4 } });
    await call('suggest_quick_entry', { note: 'LDPE 20 ton, next week call', customer_id: company.id });
    // the reports (src/interfaces/mcp/tools/reports.ts)
    for (const report of ['pipeline_movement', 'forecast', 'win_rate', 'funnel', 'forecast_accuracy']) await call(report, { rows: true });
    await call('activity_report', {});
    await call('forecast_adjustments', {});
    await call('export_records', { kind: 'companies', format: 'xlsx' });
    // import_status needs the import permission, as GET /api/v1/imports/{id} does
    await t.get(UsersService).setPermission(a.ws.id, seller.user.id, 'import', true);
    const job = (await api(t, a.host, seller.key).raw('post', '/api/v1/imports').attach('file', Buffer.from('name\nSchema Import\n'), 'schema.csv').expect(201)).body.import;
    expect(await call('import_status', { id: job.id })).toMatchObject({ result: [{ id: job.id, state: 'uploaded', total_rows: 1, progress: 0 }] });
    // the workflow tools are for admins: called with an admin's key
    const wf = (await api(t, a.host, a.adminKey).post('/api/v1/workflows', { name: 'Schema flow', enabled: true, trigger: { kind: 'manual', record_kind: 'opportunity' }, actions: [{ type: 'create_task', title: 'Schema' }] }).expect(201)).body.workflow;
    const { client: asAdmin } = await connect(a.adminKey, LATEST_PROTOCOL_VERSION);
    const adjust = { user_id: seller.user.id, period: '2026-11', category: a.ws.constants.forecast_cats[0], amount: 10, idempotency_key: 'schema-adjust' };
    for (const [name, args] of [['list_workflows', {}], ['run_workflow', { id: wf.id, record_kind: 'opportunity', record_id: opp.id, confirm: true }], ['set_forecast_adjustment', adjust]] as const) {
      called.add(name);
      const r = await asAdmin.callTool({ name, arguments: args });
      expect([name, r.isError, r.isError ? textOf(r) : '']).toEqual([name, undefined, '']);
      expect(r.structuredContent).toBeDefined();
    }
    await asAdmin.close();
    expect(tools.length).toBeGreaterThan(called.size);
    await client.close();
  });

  it('every tool of tools/list is called by some test, where the server checks its answer against its outputSchema', async () => {
    // Under NODE_ENV=test the server itself checks each answer (McpTools, checkToolOutputs), so a tool is checked by
    // whichever test calls it (its record kind's own e2e file, as tickets' are in mcp-crm-tools): this file need not
    // call them all. What it checks is that none is left uncalled: each name is quoted in an e2e file that calls tools.
    const { client } = await connect(a.adminKey, LATEST_PROTOCOL_VERSION);
    const names = (await client.listTools()).tools.map((x) => x.name);
    await client.close();
    const root = join(__dirname, '..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const callers = files.map((f) => readFileSync(join(root, f), 'utf8')).filter((text) => /callTool|tools\/call/.test(text));
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((n) => !callers.some((text) => text.includes(`'${n}'`)))).toEqual([]);
  });

  it('an answer its outputSchema refuses is an internal error naming the tool', async () => {
    // the check the server runs under NODE_ENV=test; checkToolOutputs is what turns it on
    expect(t.get<AppConfig>(APP_CONFIG).checkToolOutputs).toBe(true);
    const check = new ToolOutputCheck();
    const schema = { type: 'object', properties: { result: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } }, required: ['result'] };
    expect(check.refusal('get_thing', schema, { result: { id: 3 } })).toBeNull();
    expect(check.refusal('get_thing', schema, { result: { id: '3' } })).toMatch(/^the get_thing tool answered what its outputSchema refuses: .*id/);
  });
});
