import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitResult, type JSONRPCMessage, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { AuditLog } from '../../../src/platform/outbox/audit-log.entity';
import { insertCompany } from '../../helpers/crm-fixtures';
import { listenLoopback, loopbackFetch } from '../../helpers/loopback-fetch';
import { codeFlowTokens, register } from '../../helpers/oauth-flow';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * Resources, prompts, confirmation of destructive tools (elicitation, or confirm: true) and the audit log
 * of MCP calls, with the SDK client at every protocol revision and an OAuth access token of a registered app.
 */
let t: TestApp;
let a: Fixture;
let port = 0;
let seller: { user: { id: number }; key: string };
let token = '';
let clientId = '';
let foreign: { id: number };

const PASSWORD = 'Correct-Horse-42';
const REDIRECT = 'http://127.0.0.1:4567/callback';

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  port = (await listenLoopback(t)).port;
  const email = `mcpres${process.pid}@${a.ws.slug}.test`;
  seller = await createUser(t, a, { email, password: PASSWORD, department: 'Sales' });
  const other = await createUser(t, a, { department: 'Elsewhere' });
  foreign = await insertCompany(t, a, other.user.id, { name: 'Other Team Holdings' });
  clientId = (await register(t, a.host, { client_name: 'Resource App', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id;
  token = (await codeFlowTokens(t, a.host, { clientId, redirectUri: REDIRECT, username: email, password: PASSWORD })).access_token;
});
afterAll(() => t.close());

/** The SDK client transport asking initialize for `revision` (the SDK client always asks for its latest). */
class RevisionTransport extends StreamableHTTPClientTransport {
  constructor(
    key: string,
    private readonly revision: string,
  ) {
    super(new URL(`http://${a.host}:${port}/mcp`), { fetch: loopbackFetch, requestInit: { headers: { Authorization: `Bearer ${key}` } } });
  }
  override send(message: JSONRPCMessage, options?: Parameters<StreamableHTTPClientTransport['send']>[1]) {
    const m = message as { method?: string; params?: { protocolVersion?: string } };
    if (m.method === 'initialize' && m.params) m.params = { ...m.params, protocolVersion: this.revision };
    return super.send(message, options);
  }
}

/** A client; with `answer`, one that declares elicitation and answers every question so (recording them). */
async function connect(revision: string, answer?: ElicitResult) {
  const asked: string[] = [];
  const client = new Client({ name: 'crm-resources', version: '1.0.0' }, answer ? { capabilities: { elicitation: {} } } : {});
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, (r) => {
      asked.push(r.params.message);
      return answer;
    });
  }
  await client.connect(new RevisionTransport(token, revision));
  return { client, asked };
}

const textOf = (r: unknown) => (r as { content: { type: string; text: string }[] }).content[0]!.text;
const newTask = async (title: string) => (await api(t, a.host, seller.key).post('/api/v1/tasks', { title }).expect(201)).body.task as { id: number };
const taskStatus = async (id: number) => (await api(t, a.host, seller.key).get(`/api/v1/tasks/${id}`)).status;

describe.each(SUPPORTED_PROTOCOL_VERSIONS)('MCP resources, prompts and confirmations at %s', (revision) => {
  const elicits = revision >= '2025-06-18';

  it('lists templates and resources, reads a record, and refuses another team’s record as not found', async () => {
    const mine = await insertCompany(t, a, seller.user.id, { name: `Resource Co ${revision}`, city: 'Konya' });
    const { client } = await connect(revision);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((x) => x.uriTemplate)).toEqual(expect.arrayContaining(['crm://companies/{id}', 'crm://people/{id}', 'crm://opportunities/{id}', 'crm://leads/{id}', 'crm://tasks/{id}']));
    const listed = await client.listResources();
    expect(listed.resources.map((r) => r.uri)).toContain(`crm://companies/${mine.id}`);
    expect(listed.resources.map((r) => r.uri)).not.toContain(`crm://companies/${foreign.id}`);
    expect(listed.resources.length).toBeLessThanOrEqual(25);

    const read = await client.readResource({ uri: `crm://companies/${mine.id}` });
    expect(read.contents[0]).toMatchObject({ uri: `crm://companies/${mine.id}`, mimeType: 'application/json' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ id: mine.id, name: `Resource Co ${revision}`, city: 'Konya', url: `http://${a.host}:3000/companies/${mine.id}` });

    await expect(client.readResource({ uri: `crm://companies/${foreign.id}` })).rejects.toMatchObject({ code: -32002, message: expect.stringContaining('Resource not found') });
    await expect(client.readResource({ uri: 'crm://nothing/1' })).rejects.toMatchObject({ code: -32602 });
    await client.close();
  });

  it('gets the prompts from visible data, and not of another team’s company', async () => {
    const mine = await insertCompany(t, a, seller.user.id, { name: `Visit Co ${revision}` });
    await api(t, a.host, seller.key).post('/api/v1/opportunities', { name: `Visit deal ${revision}`, customer_id: mine.id, value: 500 }).expect(201);
    const lead = (await api(t, a.host, seller.key).post('/api/v1/leads', { company: `Lead Co ${revision}` }).expect(201)).body.lead as { id: number };
    const { client } = await connect(revision);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['prepare_customer_visit', 'summarise_pipeline', 'follow_up_lead']));
    const visit = await client.getPrompt({ name: 'prepare_customer_visit', arguments: { company_id: String(mine.id) } });
    expect(visit.messages[0]).toMatchObject({ role: 'user', content: { type: 'text', text: expect.stringContaining(`Visit deal ${revision}`) } });
    const pipeline = await client.getPrompt({ name: 'summarise_pipeline' });
    expect(textOf({ content: [pipeline.messages[0]!.content] })).toContain(`Visit deal ${revision}`);
    const follow = await client.getPrompt({ name: 'follow_up_lead', arguments: { lead_id: String(lead.id) } });
    expect(textOf({ content: [follow.messages[0]!.content] })).toContain(`Lead Co ${revision}`);
    await expect(client.getPrompt({ name: 'prepare_customer_visit', arguments: { company_id: String(foreign.id) } })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('not_found') });
    await client.close();
  });

  it('a delete without elicitation needs confirm: true', async () => {
    const task = await newTask(`Plain delete ${revision}`);
    const { client } = await connect(revision);
    const refused = await client.callTool({ name: 'delete_task', arguments: { id: task.id } });
    expect([refused.isError, textOf(refused)]).toEqual([true, expect.stringMatching(/^confirmation_required: Delete the task "Plain delete .*confirm: true/)]);
    expect(await taskStatus(task.id)).toBe(200);
    const done = await client.callTool({ name: 'delete_task', arguments: { id: task.id, confirm: true } });
    expect(done.isError).toBeFalsy();
    expect(await taskStatus(task.id)).toBe(404);
    await client.close();
  });

  it('an elicitation-capable client is asked before a delete: accept deletes, decline does not', async () => {
    const kept = await newTask(`Keep me ${revision}`);
    const declining = await connect(revision, { action: 'decline' });
    const no = await declining.client.callTool({ name: 'delete_task', arguments: { id: kept.id } });
    expect(await taskStatus(kept.id)).toBe(200);
    if (elicits) {
      expect(declining.asked).toEqual([expect.stringContaining(`Keep me ${revision}`)]);
      expect([no.isError, textOf(no)]).toEqual([true, 'declined: the user declined; nothing was changed']);
    } else {
      // no elicitation in this revision: the confirm: true rule
      expect(declining.asked).toEqual([]);
      expect(textOf(no)).toMatch(/^confirmation_required: /);
    }
    await declining.client.close();

    const gone = await newTask(`Delete me ${revision}`);
    const accepting = await connect(revision, { action: 'accept', content: { confirm: true } });
    const yes = await accepting.client.callTool({ name: 'delete_task', arguments: { id: gone.id } });
    if (elicits) {
      expect(accepting.asked).toEqual([expect.stringContaining(`Delete me ${revision}`)]);
      expect(yes.isError).toBeFalsy();
      expect(await taskStatus(gone.id)).toBe(404);
    } else {
      expect(textOf(yes)).toMatch(/^confirmation_required: /);
      expect(await taskStatus(gone.id)).toBe(200);
    }
    // a read tool on the same client still answers JSON (no question)
    expect((await accepting.client.callTool({ name: 'list_tasks', arguments: {} })).isError).toBeFalsy();
    await accepting.client.close();
  });

  it('confirm: true from an elicitation-capable client does not skip the question', async () => {
    const kept = await newTask(`Injected ${revision}`);
    const declining = await connect(revision, { action: 'decline' });
    const r = await declining.client.callTool({ name: 'delete_task', arguments: { id: kept.id, confirm: true } });
    if (elicits) {
      expect(declining.asked).toEqual([expect.stringContaining(`Injected ${revision}`)]);
      expect([r.isError, textOf(r)]).toEqual([true, 'declined: the user declined; nothing was changed']);
      expect(await taskStatus(kept.id)).toBe(200);
    } else {
      // a revision without elicitation cannot ask: the confirm: true rule
      expect(declining.asked).toEqual([]);
      expect(r.isError).toBeFalsy();
      expect(await taskStatus(kept.id)).toBe(404);
    }
    await declining.client.close();
  });

  it('writes every call into the audit log with the OAuth client and the user', async () => {
    const mine = await insertCompany(t, a, seller.user.id, { name: `Audit Co ${revision}` });
    const { client } = await connect(revision);
    await client.callTool({ name: 'get_company', arguments: { id: mine.id } });
    await client.callTool({ name: 'create_task', arguments: { title: `Audited ${revision}` } });
    await client.readResource({ uri: `crm://companies/${mine.id}` });
    await client.getPrompt({ name: 'prepare_customer_visit', arguments: { company_id: String(mine.id) } });
    await client.readResource({ uri: `crm://companies/${foreign.id}` }).catch(() => undefined);
    await client.close();
    const rows = await db(t).find(AuditLog, { where: { workspaceId: a.ws.id, action: 'mcp_call' }, order: { id: 'ASC' } });
    const mineRows = rows.filter((r) => (r.detail as { revision?: string }).revision === revision);
    const seen = mineRows.map((r) => [r.subject, (r.detail as { outcome: string }).outcome]);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['tools/call get_company', 'ok'],
        ['tools/call create_task', 'ok'],
        [`resources/read crm://companies/${mine.id}`, 'ok'],
        ['prompts/get prepare_customer_visit', 'ok'],
        [`resources/read crm://companies/${foreign.id}`, 'not_found'],
      ]),
    );
    for (const r of mineRows) {
      expect(r.userId).toBe(seller.user.id);
      expect(r.detail).toMatchObject({ client_id: clientId, client_name: 'Resource App', credential_kind: 'oauth' });
    }
  });
});
