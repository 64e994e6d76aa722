import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { addDays, todayIn } from '../../../src/platform/common/time';
import { MODULES } from '../../../src/domain/workspace/defaults';
import type { WorkspaceConstants } from '../../../src/domain/workspace/workspace.entity';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { insertCompany, insertProduct, outboxOf } from '../../helpers/crm-fixtures';
import { listenLoopback, loopbackFetch } from '../../helpers/loopback-fetch';
import { turkishConstants } from '../../helpers/renamed-constants';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * The tools over orders, lead updates and conversion, opportunity create/update/revive, approvals,
 * tickets, custom objects and Quick Entry, through the SDK client at the newest revision (which checks
 * every `structuredContent` against the tool's `outputSchema`; the test checks it once more with Ajv).
 * Each tool is the REST service call: REST reads back what a tool wrote, and another team's record is a
 * `not_found` tool error. The workspace's constants have other keys than the defaults.
 */
let t: TestApp;
let a: Fixture;
let c: WorkspaceConstants;
let port = 0;
let seller: { user: { id: number }; key: string };
let other: { user: { id: number }; key: string };
let noOrders: { user: { id: number }; key: string };
let readOnly: string;
let companyId: number;
let otherCompanyId: number;
let productId: number;
let today: string;
let sellerClient: Client;
let tools: Map<string, Tool>;
// the formats the output schemas name (date-time, email, uri) are checked, not ignored with a warning
const ajv = addFormats(new Ajv({ strict: false }));

async function connect(key: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`http://${a.host}:${port}/mcp`), { fetch: loopbackFetch, requestInit: { headers: { Authorization: `Bearer ${key}` } } });
  const client = new Client({ name: 'crm-tools-e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  c = await t.get(WorkspaceService).setConstants(a.ws.slug, turkishConstants());
  port = (await listenLoopback(t)).port;
  seller = await createUser(t, a, { department: 'Satış', fullName: 'Selin Satış' });
  other = await createUser(t, a, { department: 'Başka', fullName: 'Orhan Başka' });
  noOrders = await createUser(t, a, { department: 'Satış', modules: [MODULES.customers, MODULES.opportunities, MODULES.activities] });
  readOnly = await issueKey(t, a, 'api', seller.user.id, ['crm.read']);
  companyId = (await insertCompany(t, a, seller.user.id, { name: 'Ege Film A.Ş.', status: c.customer_statuses[1] })).id;
  otherCompanyId = (await insertCompany(t, a, other.user.id, { name: 'Gizli Plastik', status: c.customer_statuses[1] })).id;
  productId = (await insertProduct(t, a, { name: 'LDPE film' })).id;
  today = todayIn(a.ws.timezone);
  sellerClient = await connect(seller.key);
  tools = new Map((await sellerClient.listTools()).tools.map((x) => [x.name, x]));
});
afterAll(async () => {
  await sellerClient?.close();
  await t.close();
});

interface Result {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** A successful call: its `structuredContent` validates against the listed `outputSchema`; answers `result`. */
async function ok<T = Record<string, unknown>>(name: string, args: Record<string, unknown>, client = sellerClient): Promise<T> {
  const r = (await client.callTool({ name, arguments: args })) as Result;
  expect([name, r.isError ? r.content[0]!.text : 'ok']).toEqual([name, 'ok']);
  const schema = tools.get(name)!.outputSchema!;
  const valid = ajv.validate(schema, r.structuredContent);
  expect([name, valid ? 'valid' : ajv.errorsText()]).toEqual([name, 'valid']);
  expect(JSON.parse(r.content[0]!.text)).toEqual(r.structuredContent!.result);
  return r.structuredContent!.result as T;
}
async function toolError(name: string, args: Record<string, unknown>, client = sellerClient): Promise<string> {
  const r = (await client.callTool({ name, arguments: args })) as Result;
  expect(r.isError).toBe(true);
  return r.content[0]!.text;
}

const NEW_WRITES = [
  'create_opportunity',
  'update_opportunity',
  'revive_opportunity',
  'update_lead',
  'convert_lead',
  'create_order',
  'set_order_po',
  'send_order_to_erp',
  'submit_approval',
  'decide_approval',
  'create_ticket',
  'update_ticket',
  'create_custom_record',
  'update_custom_record',
  'create_person',
  'update_person',
  'update_activity',
  'delete_activity',
];
const NEW_READS = ['list_activities', 'get_activity', 'list_leads', 'list_orders', 'get_order', 'list_approval_forms', 'list_approvals', 'get_approval', 'list_tickets', 'get_ticket', 'list_custom_objects', 'list_custom_records', 'get_custom_record', 'suggest_quick_entry'];

describe('MCP tools: the rest of the CRM', () => {
  it('tools/list: the new tools with descriptions, output schemas, true annotations and idempotency_key on writes; crm.read lists no write tool', async () => {
    for (const n of [...NEW_READS, ...NEW_WRITES]) {
      const x = tools.get(n);
      expect([n, x?.outputSchema?.type, x?.inputSchema.additionalProperties]).toEqual([n, 'object', false]);
      for (const [arg, schema] of Object.entries(x!.inputSchema.properties ?? {})) expect([n, arg, (schema as { description?: string }).description]).toEqual([n, arg, expect.stringMatching(/\S{3}/)]);
    }
    const hints = (n: string) => tools.get(n)!.annotations;
    for (const n of NEW_READS) expect([n, hints(n)]).toEqual([n, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }]);
    for (const n of ['create_opportunity', 'create_order', 'submit_approval', 'create_ticket', 'create_custom_record']) {
      expect([n, hints(n)]).toEqual([n, { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }]);
    }
    for (const n of ['update_opportunity', 'update_lead', 'convert_lead', 'set_order_po', 'decide_approval', 'update_ticket', 'update_custom_record']) {
      expect([n, hints(n)]).toEqual([n, { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false }]);
    }
    expect(hints('revive_opportunity')).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(hints('send_order_to_erp')).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true });
    for (const n of NEW_WRITES) expect([n, tools.get(n)!.inputSchema.properties!.idempotency_key]).toEqual([n, expect.objectContaining({ type: 'string' })]);
    expect(tools.get('update_ticket')!.inputSchema.properties!.status).toMatchObject({ enum: c.ticket_statuses });
    expect(tools.get('create_order')!.inputSchema.properties!.kind).toMatchObject({ enum: c.order_kinds });
    // a nullable argument keeps its null beside the workspace's values (the tool takes null as "left out")
    const priority = tools.get('create_task')!.inputSchema.properties!.priority as { enum?: unknown; anyOf: object[] };
    expect(priority.enum).toBeUndefined();
    expect(priority.anyOf).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'string', enum: c.task_priorities }), { type: 'null' }]));

    const reader = await connect(readOnly);
    try {
      const names = (await reader.listTools()).tools.map((x) => x.name);
      expect(names).toEqual(expect.arrayContaining(NEW_READS));
      for (const n of NEW_WRITES) expect(names).not.toContain(n);
    } finally {
      await reader.close();
    }
    // the modules rule: no Orders, Fair leads, Approvals or Support module, none of their tools
    const limited = await connect(noOrders.key);
    try {
      const names = (await limited.listTools()).tools.map((x) => x.name);
      for (const n of ['list_orders', 'get_order', 'create_order', 'send_order_to_erp', 'list_leads', 'convert_lead', 'list_approvals', 'submit_approval', 'list_tickets', 'create_ticket']) expect(names).not.toContain(n);
      expect(names).toEqual(expect.arrayContaining(['create_opportunity', 'revive_opportunity', 'list_custom_objects', 'suggest_quick_entry']));
      expect(await toolError('list_orders', {}, limited)).toMatch(/^module: the Orders module/);
    } finally {
      await limited.close();
    }
  });

  it('opportunities: create, update and revive a lost one through the opportunity service; another team\'s is not_found', async () => {
    const opp = await ok<{ id: number; stage: string; steps: unknown[]; value: number }>('create_opportunity', { name: 'Streç film 2027', customer_id: companyId, value: 1200, product_id: productId });
    expect(opp).toMatchObject({ stage: c.open_stages[0], value: 1200, customer_id: companyId, owner_id: seller.user.id });
    expect((await outboxOf(t, a, 'opp_created')).filter((e) => e.recordId === opp.id)).toHaveLength(1);
    const updated = await ok('update_opportunity', { id: opp.id, value: 2500, next_step: 'Numune' });
    expect(updated).toMatchObject({ id: opp.id, value: 2500, stage: c.open_stages[0] });
    expect((await api(t, a.host, seller.key).get(`/api/v1/opportunities/${opp.id}`).expect(200)).body.opp).toMatchObject({ value: 2500, next_step: 'Numune' });

    expect(await toolError('revive_opportunity', { id: opp.id })).toMatch(/^forbidden: /);
    const lost = c.stages.find((s) => c.stage_roles[s] === 'lost')!;
    await ok('move_opportunity_stage', { id: opp.id, stage: lost, close_reason: c.loss_reasons[0] });
    const revived = await ok<{ id: number; stage: string; is_open: boolean; value: number; name: string }>('revive_opportunity', { id: opp.id });
    expect(revived).toMatchObject({ stage: c.open_stages[0], is_open: true, value: 0, name: 'Streç film 2027' });
    expect(revived.id).not.toBe(opp.id);
    expect((await api(t, a.host, seller.key).get(`/api/v1/opportunities/${opp.id}`).expect(200)).body.opp.revived_to_id).toBe(revived.id);
    expect(await toolError('revive_opportunity', { id: opp.id })).toMatch(/^forbidden: /);

    const hidden = (await api(t, a.host, other.key).post('/api/v1/opportunities', { name: 'Gizli iş', customer_id: otherCompanyId }).expect(201)).body.opp;
    expect(await toolError('update_opportunity', { id: hidden.id, value: 1 })).toBe('not_found: opportunity not found');
    expect(await toolError('revive_opportunity', { id: hidden.id })).toBe('not_found: opportunity not found');
    expect(await toolError('create_opportunity', { name: 'X', customer_id: otherCompanyId })).toMatch(/^(not_found|invalid): /);
  });

  it('opportunities: create_opportunity and update_opportunity take the fields REST takes, held to what the columns hold', async () => {
    const restCreate = (JSON.parse(readFileSync(join(__dirname, '../../../openapi.json'), 'utf8')) as { components: { schemas: Record<string, { properties: object }> } }).components.schemas.CreateOpportunityDto!.properties;
    expect(Object.keys(tools.get('create_opportunity')!.inputSchema.properties!).filter((k) => k !== 'idempotency_key').sort()).toEqual(Object.keys(restCreate).sort());
    // the tool took a next step of up to 500 characters, which its column (300) cannot hold
    expect(await toolError('create_opportunity', { name: 'Uzun adım', customer_id: companyId, next_step: 'x'.repeat(301) })).toBe('invalid: next_step: at most 300 characters');
    const opp = await ok<{ id: number }>('create_opportunity', { name: 'Etiketli iş', customer_id: companyId, tags: ['film', 'ihracat'], probability: 35, payment_days: 60, bant_b: true, competitor: 'Rakip A.Ş.' });
    expect((await api(t, a.host, seller.key).get(`/api/v1/opportunities/${opp.id}`).expect(200)).body.opp).toMatchObject({ tags: ['film', 'ihracat'], probability: 35, payment_days: 60, bant_b: true, competitor: 'Rakip A.Ş.' });
    await ok('update_opportunity', { id: opp.id, probability: null, tags: [], next_step: 'Numune gönder' });
    expect((await api(t, a.host, seller.key).get(`/api/v1/opportunities/${opp.id}`).expect(200)).body.opp).toMatchObject({ tags: [], next_step: 'Numune gönder' });
    expect(await toolError('update_opportunity', { id: opp.id, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toBe('invalid: tags: at most 20 tags');
    // '' clears the type, as over REST, and the listed values say so
    expect((tools.get('update_opportunity')!.inputSchema.properties!.type as { enum?: string[] }).enum).toEqual(['', ...c.opp_types]);
    await ok('update_opportunity', { id: opp.id, type: c.opp_types[0] });
    await ok('update_opportunity', { id: opp.id, type: '' });
    expect((await api(t, a.host, seller.key).get(`/api/v1/opportunities/${opp.id}`).expect(200)).body.opp.type).toBe('');
  });

  it('leads: list, update and convert through the lead services; another team\'s lead is not_found', async () => {
    const lead = await ok<{ id: number }>('create_lead', { company: 'Fuar Ambalaj', contact_name: 'Deniz Ak', next_action: c.lead_next_actions[0], next_date: addDays(today, 3) });
    const found = await ok<{ id: number }[]>('list_leads', { query: 'Fuar Amb' });
    expect(found.map((l) => l.id)).toEqual([lead.id]);
    const changed = await ok('update_lead', { id: lead.id, city: 'İzmir', interest: c.lead_interest[0], next_date: null });
    expect(changed).toMatchObject({ id: lead.id, company: 'Fuar Ambalaj', contact_name: 'Deniz Ak', city: 'İzmir', interest: c.lead_interest[0], next_date: null });
    expect(await toolError('update_lead', { id: lead.id, status: 'Nope' })).toMatch(/^invalid: status: /);

    const conv = await ok<{ customer_id: number; opp_id: number | null; lead: { status: string } }>('convert_lead', { id: lead.id, make_task: false });
    expect(conv).toMatchObject({ customer: 'Fuar Ambalaj', lead: { status: c.lead_status_converted } });
    expect(conv.opp_id).toEqual(expect.any(Number));
    expect((await api(t, a.host, seller.key).get(`/api/v1/companies/${conv.customer_id}`).expect(200)).body.company.name).toBe('Fuar Ambalaj');
    expect((await outboxOf(t, a, 'customer_created')).filter((e) => e.recordId === conv.customer_id)).toHaveLength(1);
    // a repeat answers the same links and creates nothing
    expect(await ok('convert_lead', { id: lead.id })).toMatchObject({ customer_id: conv.customer_id, opp_id: conv.opp_id });

    const hidden = (await api(t, a.host, other.key).post('/api/v1/leads', { company: 'Gizli Fuar' }).expect(201)).body.lead;
    expect(await toolError('update_lead', { id: hidden.id, city: 'X' })).toBe('not_found: lead not found');
    expect(await toolError('convert_lead', { id: hidden.id })).toBe('not_found: lead not found');
    expect(await ok('list_leads', { query: 'Gizli Fuar' })).toEqual([]);
  });

  it('leads: create_lead and update_lead take the fields REST takes (one declaration), the people met included', async () => {
    const schemas = (JSON.parse(readFileSync(join(__dirname, '../../../openapi.json'), 'utf8')) as { components: { schemas: Record<string, { properties: object }> } }).components.schemas;
    const args = (tool: string) => Object.keys(tools.get(tool)!.inputSchema.properties!).filter((k) => k !== 'idempotency_key' && k !== 'id').sort();
    expect(args('create_lead')).toEqual(Object.keys(schemas.CreateLeadDto!.properties).sort());
    expect(args('update_lead')).toEqual(Object.keys(schemas.UpdateLeadDto!.properties).sort());
    // the workspace's values are advertised; '' clears a choice on an update, as over REST
    const listed = (tool: string, arg: string) => (tools.get(tool)!.inputSchema.properties![arg] as { enum?: string[] }).enum;
    expect(listed('create_lead', 'timing')).toEqual(c.lead_timings);
    expect(listed('update_lead', 'interest')).toEqual(['', ...c.lead_interest]);

    const lead = await ok<{ id: number }>('create_lead', {
      company: 'Kapsamlı Ambalaj', wa: '+90 555 000', website: 'kapsamli.example', sector: 'Gıda', supplier: 'Rakip A.Ş.', timing: c.lead_timings[0], visitor_type: c.lead_visitor_types[0],
      potential_kg: 1250.5, opp_type: c.opp_types[0], products_text: 'streç film', people: [{ name: 'Selin Ak', title: 'Satın alma' }],
    });
    const read = async () => (await api(t, a.host, seller.key).get(`/api/v1/leads/${lead.id}`).expect(200)).body.lead;
    const rec = await read();
    expect(rec).toMatchObject({ wa: '+90 555 000', website: 'kapsamli.example', sector: 'Gıda', supplier: 'Rakip A.Ş.', timing: c.lead_timings[0], visitor_type: c.lead_visitor_types[0], potential_kg: 1250.5, opp_type: c.opp_types[0], products_text: 'streç film' });
    expect(rec.people).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Selin Ak', title: 'Satın alma' })]));

    expect(await toolError('create_lead', { company: 'Kesirli', potential_kg: 1.234 })).toBe('invalid: potential_kg: at most 2 decimal places');
    expect(await toolError('create_lead', { company: 'Kalabalık', people: Array.from({ length: 21 }, (_, i) => ({ name: `Kişi ${i}` })) })).toMatch(/^invalid: people: at most 20 people/);
    expect(await toolError('create_lead', { company: 'İsimsiz', people: [{ name: '' }] })).toMatch(/^invalid: people.*name/);
    expect(await toolError('create_lead', { company: 'Fazla', people: [{ name: 'A', shoe_size: 42 }] })).toMatch(/^invalid: /);

    await ok('update_lead', { id: lead.id, people: null, potential_kg: null, supplier: '', interest: c.lead_interest[1] });
    const changed = await read();
    expect(changed).toMatchObject({ supplier: '', interest: c.lead_interest[1], potential_kg: null, wa: '+90 555 000' });
    expect(changed.people.map((p: { name: string }) => p.name)).not.toContain('Selin Ak');
    await ok('update_lead', { id: lead.id, interest: '' });
    expect((await read()).interest).toBe('');
  });

  it('activities: list, get, log, change and delete through the activity service, with the fields REST takes; another team\'s is not_found', async () => {
    const schemas = (JSON.parse(readFileSync(join(__dirname, '../../../openapi.json'), 'utf8')) as { components: { schemas: Record<string, { properties: object }> } }).components.schemas;
    const args = (tool: string) => Object.keys(tools.get(tool)!.inputSchema.properties!).filter((k) => k !== 'idempotency_key' && k !== 'id').sort();
    expect(args('create_activity')).toEqual(Object.keys(schemas.CreateActivityDto!.properties).sort());
    expect(args('update_activity')).toEqual(Object.keys(schemas.UpdateActivityDto!.properties).sort());

    const person = (await api(t, a.host, seller.key).post('/api/v1/people', { name: 'Ziyaret Kişisi', customer_id: companyId }).expect(201)).body.person;
    const logged = await ok<{ id: number; task_id: number | null }>('create_activity', {
      customer_id: companyId, type: c.visit_types[0], date: today, duration_min: 45, person_ids: [person.id], outcome: 'olumlu', next_action: c.next_actions[0], next_date: addDays(today, 7),
    });
    const read = async () => (await api(t, a.host, seller.key).get(`/api/v1/activities/${logged.id}`).expect(200)).body.activity;
    expect(await read()).toMatchObject({ duration_min: 45, person_ids: [person.id], outcome: 'olumlu', next_date: addDays(today, 7) });
    expect(logged.task_id).toEqual(expect.any(Number));
    expect((await outboxOf(t, a, 'visit_created')).filter((e) => e.recordId === logged.id)).toHaveLength(1);

    expect((await ok<{ id: number }[]>('list_activities', { customer_id: companyId, from: today, to: today })).map((x) => x.id)).toContain(logged.id);
    expect(await ok('get_activity', { id: logged.id })).toMatchObject({ id: logged.id, customer_id: companyId, people: [{ id: person.id, name: 'Ziyaret Kişisi' }] });
    expect(await toolError('list_activities', { from: today, to: addDays(today, -1) })).toBe('invalid: to: must not be before from');

    // clearing the next step removes its open follow-up task, as over REST
    expect(await ok('update_activity', { id: logged.id, next_action: null, next_date: null, duration_min: null, note: 'Fiyat konuşuldu' })).toMatchObject({ next_action: '', task_id: null, note: 'Fiyat konuşuldu' });
    await api(t, a.host, seller.key).get(`/api/v1/tasks/${logged.task_id}`).expect(404);
    expect((await read()).duration_min).toBeNull();
    expect(await toolError('update_activity', { id: logged.id, duration_min: 1441 })).toBe('invalid: duration_min: at most 1440');

    const hidden = (await api(t, a.host, other.key).post('/api/v1/activities', { customer_id: otherCompanyId, type: c.visit_types[0], date: today }).expect(201)).body.activity;
    expect(await toolError('get_activity', { id: hidden.id })).toBe('not_found: activity not found');
    expect(await toolError('update_activity', { id: hidden.id, note: 'x' })).toBe('not_found: activity not found');
    expect(await ok<{ id: number }[]>('list_activities', { customer_id: otherCompanyId })).toEqual([]);

    expect(await ok('delete_activity', { id: logged.id, confirm: true })).toEqual({ deleted: true, id: logged.id });
    await api(t, a.host, seller.key).get(`/api/v1/activities/${logged.id}`).expect(404);
  });

  it('orders: create, list, get, set the PO, send to the ERP (then the PO is refused); idempotency_key replays; another team\'s order is not_found', async () => {
    const order = await ok<{ id: number; amount: number; status: string; erp: unknown }>('create_order', { customer_id: companyId, product_id: productId, kg: 1000, price: 1.25, idempotency_key: 'order-1' });
    expect(order).toMatchObject({ customer_id: companyId, amount: 1250, status: c.order_new_status, product: 'LDPE film', erp: null });
    const again = (await sellerClient.callTool({ name: 'create_order', arguments: { customer_id: companyId, product_id: productId, kg: 1000, price: 1.25, idempotency_key: 'order-1' } })) as Result;
    expect(again._meta).toEqual({ idempotent_replayed: true });
    expect((again.structuredContent!.result as { id: number }).id).toBe(order.id);
    expect((await ok<{ id: number }[]>('list_orders', { customer_id: companyId })).map((o) => o.id)).toEqual([order.id]);
    expect(await ok('get_order', { id: order.id })).toMatchObject({ id: order.id, kg: 1000 });

    expect(await ok('set_order_po', { id: order.id, customer_po: '  PO  4711 ' })).toMatchObject({ changed: true, order: { customer_po: 'PO 4711' } });
    expect(await ok('set_order_po', { id: order.id, customer_po: 'PO 4711' })).toMatchObject({ changed: false });
    const sent = await ok('send_order_to_erp', { id: order.id });
    expect(sent).toMatchObject({ status: c.order_sent_status, erp: { status: 'queued' } });
    expect((await api(t, a.host, seller.key).get(`/api/v1/orders/${order.id}`).expect(200)).body.order.erp.status).toBe('queued');
    expect(await toolError('set_order_po', { id: order.id, customer_po: 'PO 9' })).toMatch(/^conflict: /);
    expect(await toolError('send_order_to_erp', { id: order.id })).toMatch(/^conflict: /);

    const hidden = (await api(t, a.host, other.key).post('/api/v1/orders', { customer_id: otherCompanyId, kg: 1, price: 1 }).expect(201)).body.order;
    expect(await toolError('get_order', { id: hidden.id })).toBe('not_found: order not found');
    expect(await toolError('send_order_to_erp', { id: hidden.id })).toBe('not_found: order not found');
    expect(await toolError('create_order', { customer_id: companyId, kg: -1, price: 1 })).toBe('invalid: kg: at least 0');
    // the tool takes REST's fields and checks them as REST does (one declaration, OrderFields)
    expect(await toolError('create_order', { customer_id: companyId, kg: 1.2345, price: 1 })).toBe('invalid: kg: at most 3 decimal places');
    const unit = (await api(t, a.host, seller.key).get('/api/v1/me').expect(200)).body.app.units[0] as string;
    expect(await ok('create_order', { customer_id: companyId, kg: 2.5, price: 1.2345, unit, opp_id: null, due_date: null })).toMatchObject({ kg: 2.5, price: 1.2345, unit });
  });

  it('approvals: list the forms, submit, list and get a request, decide it as its approver; others\' requests are not_found', async () => {
    const admin = api(t, a.host, a.adminKey);
    const form = (await admin.post('/api/v1/approvals/forms', { name: 'Satın alma', approver_id: a.admin.id, fields: [{ key: 'item', label: 'Kalem', type: 'text', required: true }, { key: 'amount', label: 'Tutar', type: 'number', required: true }] }).expect(201)).body.form;
    const forms = await ok<{ id: number; fields: { key: string }[] }[]>('list_approval_forms', {});
    expect(forms.find((f) => f.id === form.id)!.fields.map((f) => f.key)).toEqual(['item', 'amount']);
    const req = await ok<{ id: number; status: string; can_decide: boolean }>('submit_approval', { list_id: form.id, values: { item: 'Laptop', amount: 1500 }, note: 'acil' });
    expect(req).toMatchObject({ status: 'pending', list: 'Satın alma', approver_id: a.admin.id, requester_id: seller.user.id, can_decide: false, values: { item: 'Laptop', amount: 1500 } });
    expect(await toolError('submit_approval', { list_id: form.id, values: { amount: 'x' } })).toMatch(/^invalid: values\./);
    expect((await ok<{ id: number }[]>('list_approvals', { role: 'requester' })).map((r) => r.id)).toContain(req.id);
    expect(await ok('get_approval', { id: req.id })).toMatchObject({ id: req.id, note: 'acil' });
    expect(await toolError('decide_approval', { id: req.id, decision: 'approved' })).toMatch(/^forbidden: /);

    const boss = await connect(a.adminKey);
    try {
      await boss.listTools();
      const decided = (await boss.callTool({ name: 'decide_approval', arguments: { id: req.id, decision: 'approved', note: 'tamam' } })) as Result;
      expect(decided.isError).toBeUndefined();
      expect(decided.structuredContent!.result).toMatchObject({ status: 'approved', decision_note: 'tamam', decided_by: a.admin.id });
      expect(((await boss.callTool({ name: 'decide_approval', arguments: { id: req.id, decision: 'rejected' } })) as Result).content[0]!.text).toMatch(/^conflict: /);
    } finally {
      await boss.close();
    }
    const theirs = (await api(t, a.host, other.key).post(`/api/v1/approvals/forms/${form.id}`, { values: { item: 'Masa', amount: 10 } }).expect(201)).body.item;
    expect(await toolError('get_approval', { id: theirs.id })).toBe('not_found: approval request not found');
    expect(await toolError('decide_approval', { id: theirs.id, decision: 'rejected' })).toBe('not_found: approval request not found');
  });

  it('tickets: create, list, get, update through the ticket service; another team\'s ticket is not_found', async () => {
    const ticket = await ok<{ id: number; status: string; due_at: string }>('create_ticket', { subject: 'Film yırtılıyor', priority: 'High', customer_id: companyId, body: 'Rulo 3' });
    expect(ticket).toMatchObject({ subject: 'Film yırtılıyor', status: c.ticket_new_status, owner_id: seller.user.id, customer_id: companyId, overdue: false, can_edit: true });
    expect(ticket.due_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect((await outboxOf(t, a, 'ticket_created')).filter((e) => e.recordId === ticket.id)).toHaveLength(1);
    expect((await ok<{ id: number }[]>('list_tickets', { customer_id: companyId })).map((x) => x.id)).toEqual([ticket.id]);
    expect(await ok('get_ticket', { id: ticket.id })).toMatchObject({ id: ticket.id, body: 'Rulo 3' });
    const closed = c.ticket_closed_statuses[0]!;
    const updated = await ok<{ closed_at: string | null }>('update_ticket', { id: ticket.id, status: closed, assignee_id: seller.user.id });
    expect(updated).toMatchObject({ status: closed, assignee_id: seller.user.id });
    expect(updated.closed_at).not.toBeNull();
    expect(await ok('update_ticket', { id: ticket.id, assignee_id: null })).toMatchObject({ assignee_id: null });
    expect(await toolError('update_ticket', { id: ticket.id, status: 'Nope' })).toMatch(/^invalid: status/);
    // the tool takes the create command's declared fields, as REST does: a status of the workspace's
    const closedFirst = await ok<{ status: string; closed_at: string | null }>('create_ticket', { subject: 'Çözüldü', priority: 'High', status: closed });
    expect(closedFirst.status).toBe(closed);
    expect(closedFirst.closed_at).not.toBeNull();
    expect(await toolError('create_ticket', { subject: 'x', priority: 'High', status: 'Nope' })).toMatch(/^invalid: status/);

    const hidden = (await api(t, a.host, other.key).post('/api/v1/tickets', { subject: 'Gizli', priority: 'Low' }).expect(201)).body.ticket;
    expect(await toolError('get_ticket', { id: hidden.id })).toBe('not_found: ticket not found');
    expect(await toolError('update_ticket', { id: hidden.id, priority: 'Low' })).toBe('not_found: ticket not found');
  });

  it('custom objects: list the objects, create, list, get and update records; another team\'s record is not_found', async () => {
    await api(t, a.host, a.adminKey)
      .post('/api/v1/objects', { key: 'sites', label: 'Sahalar', fields: [{ key: 'capacity', label: 'Kapasite', type: 'number' }], relations: [{ key: 'customer', label: 'Müşteri', kind: 'company' }] })
      .expect(201);
    const objects = await ok<{ key: string; fields: { key: string }[] }[]>('list_custom_objects', {});
    expect(objects.find((o) => o.key === 'sites')).toMatchObject({ label: 'Sahalar', fields: [{ key: 'capacity' }], relations: [{ key: 'customer', kind: 'company' }] });
    const rec = await ok<{ id: number }>('create_custom_record', { object: 'sites', name: 'Manisa tesisi', fields: { capacity: 40 }, links: { customer: companyId } });
    expect(rec).toMatchObject({ object: 'sites', name: 'Manisa tesisi', owner_id: seller.user.id, fields: { capacity: 40 }, relations: [{ key: 'customer', items: [{ id: companyId, name: 'Ege Film A.Ş.' }] }] });
    expect((await ok<{ id: number }[]>('list_custom_records', { object: 'sites', query: 'Manisa' })).map((r) => r.id)).toEqual([rec.id]);
    expect(await ok('get_custom_record', { object: 'sites', id: rec.id })).toMatchObject({ id: rec.id, active: true });
    expect(await ok('update_custom_record', { object: 'sites', id: rec.id, fields: { capacity: 55 }, active: false })).toMatchObject({ fields: { capacity: 55 }, active: false });
    expect(await toolError('update_custom_record', { object: 'sites', id: rec.id, fields: { nope: 1 } })).toMatch(/^invalid: fields\.nope/);
    expect(await toolError('get_custom_record', { object: 'nope', id: rec.id })).toMatch(/^not_found: /);

    const theirs = (await api(t, a.host, other.key).post('/api/v1/objects/sites/records', { name: 'Gizli saha' }).expect(201)).body.record;
    expect(await toolError('get_custom_record', { object: 'sites', id: theirs.id })).toMatch(/^not_found: /);
    expect(await toolError('update_custom_record', { object: 'sites', id: theirs.id, name: 'X' })).toMatch(/^not_found: /);
  });

  it('suggest_quick_entry: the Quick Entry suggestions of a note (nothing saved); a company the user may not see is not_found', async () => {
    const items = await ok<{ kind: string; fields: Record<string, string> }[]>('suggest_quick_entry', { note: 'LDPE film 20 ton, fiyat 1,25 EUR/kg, vade 60 gün', customer_id: companyId });
    expect(items.length).toBeGreaterThan(0);
    expect(await toolError('suggest_quick_entry', { note: 'x', customer_id: otherCompanyId })).toBe('not_found: company not found');
    expect(await toolError('suggest_quick_entry', {})).toBe('invalid: note: required');
  });

  it('companies: create_company and update_company take the fields REST takes (one declaration), with its checks and its clearing rules', async () => {
    const createArgs = Object.keys(tools.get('create_company')!.inputSchema.properties!).filter((k) => k !== 'idempotency_key');
    const restCreate = (JSON.parse(readFileSync(join(__dirname, '../../../openapi.json'), 'utf8')) as { components: { schemas: Record<string, { properties: object }> } }).components.schemas.CreateCompanyDto!.properties;
    expect(createArgs.sort()).toEqual(Object.keys(restCreate).sort());
    const co = await ok<{ id: number }>('create_company', {
      name: 'Beyan Ambalaj', tax_no: '987654', tax_office: 'Osmangazi', erp_code: 'C-77', potential_kg: 1250.5, email: '', source: 'mcp', note: '  as written  ',
    });
    const rec = (await api(t, a.host, seller.key).get(`/api/v1/companies/${co.id}`).expect(200)).body.company;
    expect(rec).toMatchObject({ tax_no: '987654', tax_office: 'Osmangazi', erp_code: 'C-77', potential_kg: 1250.5, email: '', source: 'mcp', note: '  as written  ', owner: { id: seller.user.id } });
    expect(await toolError('create_company', { name: 'Kesirli', potential_kg: 1.234 })).toBe('invalid: potential_kg: at most 2 decimal places');
    expect(await toolError('create_company', { name: 'Postasız', email: 'not an address' })).toBe('invalid: email: must be an e-mail address or empty');
    expect(await toolError('create_company', { name: 'Birimli', unit: 'furlong' })).toMatch(/^invalid: unit: must be one of /);
    expect(await ok('update_company', { id: co.id, potential_kg: null, tax_office: '  Nilüfer ', active: false })).toMatchObject({ id: co.id });
    expect((await api(t, a.host, seller.key).get(`/api/v1/companies/${co.id}`).expect(200)).body.company).toMatchObject({ potential_kg: 0, tax_office: 'Nilüfer', active: false });
  });

  it('people: create_person and update_person take the fields REST takes, with its duplicate check, visibility and events', async () => {
    const restCreate = (JSON.parse(readFileSync(join(__dirname, '../../../openapi.json'), 'utf8')) as { components: { schemas: Record<string, { properties: object }> } }).components.schemas.CreatePersonDto!.properties;
    expect(Object.keys(tools.get('create_person')!.inputSchema.properties!).filter((k) => k !== 'idempotency_key').sort()).toEqual(Object.keys(restCreate).sort());
    const p = await ok<{ id: number; customer_id: number | null; customer: string | null; email: string; title: string; owner_id: number }>('create_person', {
      name: 'Deniz Araç', customer_id: companyId, title: ' Satın alma ', email: 'Deniz@Ege.example', is_main: true, external_id: 'hs:mcp1',
    });
    expect(p).toMatchObject({ customer_id: companyId, customer: 'Ege Film A.Ş.', email: 'deniz@ege.example', title: 'Satın alma', owner_id: seller.user.id });
    expect((await outboxOf(t, a, 'contact_created')).filter((e) => e.recordId === p.id)).toHaveLength(1);
    expect((await api(t, a.host, seller.key).get(`/api/v1/people/${p.id}`).expect(200)).body.person).toMatchObject({ is_main: true, external_id: 'hs:mcp1' });
    expect(await toolError('create_person', { name: 'DENİZ ARAÇ', customer_id: companyId })).toMatch(/^duplicate: /);
    expect(await toolError('create_person', { name: 'Postasız', email: 'nope' })).toBe('invalid: email: must be an e-mail address or empty');
    expect(await toolError('create_person', { name: 'Gizli', customer_id: otherCompanyId })).toMatch(/^invalid: customer_id: /);
    const moved = await ok<{ customer_id: number | null; customer: string | null }>('update_person', { id: p.id, customer_id: null, is_main: false, department: 'Lojistik' });
    expect(moved).toMatchObject({ customer_id: null, customer: null });
    expect((await api(t, a.host, seller.key).get(`/api/v1/people/${p.id}`).expect(200)).body.person).toMatchObject({ department: 'Lojistik', customer_id: null });
    const hidden = (await api(t, a.host, other.key).post('/api/v1/people', { name: 'Başkasının Kişisi' }).expect(201)).body.person;
    expect(await toolError('update_person', { id: hidden.id, title: 'x' })).toMatch(/^not_found: /);
  });

  it('external_id: the record tools set and answer it, the lists filter on it, a clash is conflict (a hidden holder too), null removes it', async () => {
    const withKey = ['create_company', 'update_company', 'create_opportunity', 'update_opportunity', 'create_lead', 'update_lead', 'search_companies', 'search_people', 'list_opportunities', 'list_leads'];
    for (const n of withKey) expect([n, tools.get(n)!.inputSchema.properties!.external_id]).toEqual([n, expect.objectContaining({ description: expect.stringMatching(/\S{3}/) })]);
    const co = await ok<{ id: number; external_id: string | null }>('create_company', { name: 'Dış Anahtar A.Ş.', external_id: '  sf:001  ' });
    expect(co.external_id).toBe('sf:001');
    expect((await api(t, a.host, seller.key).get(`/api/v1/companies/${co.id}`).expect(200)).body.company.external_id).toBe('sf:001');
    expect((await ok<{ id: number }[]>('search_companies', { external_id: 'sf:001' })).map((x) => x.id)).toEqual([co.id]);
    expect(await ok('search_companies', { external_id: 'sf:nope' })).toEqual([]);
    expect(await ok('get_company', { id: co.id })).toMatchObject({ external_id: 'sf:001' });
    // another team's company holds a key: still a conflict, and the message names no record
    await api(t, a.host, other.key).patch(`/api/v1/companies/${otherCompanyId}`, { external_id: 'sf:hidden' }).expect(200);
    expect(await toolError('create_company', { name: 'İkinci Dış', external_id: 'sf:hidden' })).toBe('conflict: another company has this external_id');
    expect(await toolError('update_company', { id: co.id, external_id: 'sf:hidden' })).toBe('conflict: another company has this external_id');
    expect(await toolError('update_company', { id: co.id, external_id: 'x'.repeat(201) })).toBe('invalid: external_id: at most 200 characters');
    expect(await ok('update_company', { id: co.id, external_id: null })).toMatchObject({ external_id: null });

    const person = (await api(t, a.host, seller.key).post('/api/v1/people', { name: 'Anahtar Kişi', customer_id: co.id, external_id: 'hs:9' }).expect(201)).body.person;
    expect(await ok('search_people', { external_id: 'hs:9' })).toEqual([expect.objectContaining({ id: person.id, external_id: 'hs:9' })]);

    const opp = await ok<{ id: number; external_id: string | null }>('create_opportunity', { name: 'Anahtarlı iş', customer_id: co.id, external_id: 'sf:opp1' });
    expect(opp.external_id).toBe('sf:opp1');
    expect((await ok<{ id: number }[]>('list_opportunities', { external_id: 'sf:opp1' })).map((x) => x.id)).toEqual([opp.id]);
    const opp2 = await ok<{ id: number }>('create_opportunity', { name: 'Anahtarsız iş', customer_id: co.id });
    expect(await toolError('update_opportunity', { id: opp2.id, external_id: 'sf:opp1' })).toBe('conflict: another opportunity has this external_id');
    expect(await ok('update_opportunity', { id: opp.id, external_id: 'sf:opp2' })).toMatchObject({ external_id: 'sf:opp2' });

    const lead = await ok<{ id: number; external_id: string | null }>('create_lead', { company: 'Anahtar Fuar', external_id: 'fair:7' });
    expect(lead.external_id).toBe('fair:7');
    expect((await ok<{ id: number }[]>('list_leads', { external_id: 'fair:7' })).map((x) => x.id)).toEqual([lead.id]);
    expect(await toolError('create_lead', { company: 'Anahtar Fuar 2', external_id: 'fair:7' })).toBe('conflict: another lead has this external_id');
    expect(await ok('update_lead', { id: lead.id, external_id: '' })).toMatchObject({ external_id: null });
    expect((await api(t, a.host, seller.key).get(`/api/v1/leads/${lead.id}`).expect(200)).body.lead.external_id).toBeNull();
  });
});

describe('MCP list_tasks: the filters REST lists tasks by', () => {
  it('open ones by default, closed ones with open: false; by status, company and due days; the workspace statuses offered', async () => {
    expect(tools.get('list_tasks')!.inputSchema.properties!.status).toMatchObject({ enum: c.task_statuses });
    const open = c.task_statuses.find((s) => !c.task_closed_statuses.includes(s))!;
    const first = await ok<{ id: number }>('create_task', { title: 'Numune gönder', customer_id: companyId, due_date: today, status: open });
    const done = await ok<{ id: number }>('create_task', { title: 'Teklifi ilet', customer_id: companyId, due_date: addDays(today, 3), status: c.task_done_status });
    const ids = async (args: Record<string, unknown>) => (await ok<{ id: number }[]>('list_tasks', { customer_id: companyId, ...args })).map((x) => x.id).sort((x, y) => x - y);
    expect(await ids({})).toEqual([first.id]);
    expect(await ids({ open: false })).toEqual([done.id]);
    expect(await ids({ open: false, status: c.task_done_status })).toEqual([done.id]);
    expect(await ids({ open: false, status: open })).toEqual([]);
    expect(await ids({ status: open, due_after: addDays(today, 1) })).toEqual([]);
    expect(await ids({ open: false, due_after: addDays(today, 1), due_before: addDays(today, 3) })).toEqual([done.id]);
    expect(await toolError('list_tasks', { due_after: addDays(today, 2), due_before: today })).toMatch(/^invalid: due_before/);
  });
});

describe('MCP search_people: the filters REST lists people by', () => {
  it('active ones by default, archived ones with active: false; by owner and company', async () => {
    const kept = await ok<{ id: number }>('create_person', { name: 'Kalan Kişi', customer_id: companyId });
    const gone = await ok<{ id: number }>('create_person', { name: 'Giden Kişi', customer_id: companyId });
    await ok('update_person', { id: gone.id, active: false });
    const ids = async (args: Record<string, unknown>) => (await ok<{ id: number }[]>('search_people', { customer_id: companyId, ...args })).map((x) => x.id);
    expect(await ids({})).toContain(kept.id);
    expect(await ids({})).not.toContain(gone.id);
    expect(await ids({ active: false })).toEqual([gone.id]);
    expect(await ids({ owner_id: other.user.id })).toEqual([]);
    expect(await ids({ owner_id: seller.user.id, query: 'Kalan' })).toEqual([kept.id]);
  });
});
