import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { UsersService } from '../../../src/domain/identity/users.service';
import { MODULES } from '../../../src/domain/workspace/defaults';
import { AuditLog } from '../../../src/platform/outbox/audit-log.entity';
import { insertCompany } from '../../helpers/crm-fixtures';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * Ask against a scripted fake language model on loopback: a plain node HTTP server speaking the
 * OpenAI chat-completions shape (tool_calls, tool results, usage). Each test queues the model's replies;
 * the fake records every request body it receives, so the tests check what reached the model.
 */
interface ChatBody {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
  tools?: { type: string; function: { name: string } }[];
  max_tokens: number;
}
type Reply = { status?: number; body: unknown };
const script: ((body: ChatBody) => Reply)[] = [];
const received: { raw: string; body: ChatBody; auth: string | undefined }[] = [];

let fake: Server;
let t: TestApp;
let a: Fixture;
let seller: { user: { id: number }; key: string };
let teammate: { user: { id: number }; key: string };
let noAsk: { user: { id: number }; key: string };
let ownCompany: number;
let otherCompany: number;

const SECRET_NAME = 'Gizli Plastik Sanayi';
const toolCall = (id: string, name: string, args: unknown) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });
const callsTools = (...calls: ReturnType<typeof toolCall>[]): Reply => ({
  body: { id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: calls }, finish_reason: 'tool_calls' }], usage: { total_tokens: 300 } },
});
const answers = (text: string): Reply => ({
  body: { id: 'c2', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage: { total_tokens: 200 } },
});

function serve(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = JSON.parse(raw) as ChatBody;
    received.push({ raw, body, auth: req.headers.authorization });
    const next = script.shift();
    const reply = next ? next(body) : { status: 500, body: { error: { message: 'the test scripted no reply' } } };
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
  });
}

const ask = (key: string, body: object) => api(t, a.host, key).post('/api/v1/ask', body);
const lastBody = () => received[received.length - 1].body;
const toolResults = (b: ChatBody) => b.messages.filter((m) => m.role === 'tool').map((m) => m.content ?? '');

beforeAll(async () => {
  fake = createServer(serve);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  t = await startApp({
    // no private network listed: the operator's own ASK_LLM_URL (http:// on loopback here) is trusted as configured
    env: {
      ASK_LLM_URL: `http://127.0.0.1:${port}/v1`,
      ASK_LLM_MODEL: 'fake-model',
      ASK_LLM_KEY: 'test-llm-key',
      ASK_MAX_TOOL_CALLS: '3',
      ASK_RATE_LIMIT_PER_MINUTE: '25',
    },
  });
  a = await createWorkspace(t);
  seller = await createUser(t, a, { department: 'Satış', fullName: 'Selin Satış' });
  teammate = await createUser(t, a, { department: 'Satış' });
  const outsider = await createUser(t, a, { department: 'Export' });
  noAsk = await createUser(t, a, { department: 'Satış', modules: [MODULES.customers, MODULES.opportunities] });
  await t.get(UsersService).setLocale(a.ws.id, seller.user.id, 'tr');
  ownCompany = (await insertCompany(t, a, teammate.user.id, { name: 'Ege Film A.Ş.' })).id;
  otherCompany = (await insertCompany(t, a, outsider.user.id, { name: SECRET_NAME })).id;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});
beforeEach(() => {
  script.length = 0;
  received.length = 0;
});

describe('POST /api/v1/ask', () => {
  it('answers from a model that calls two read tools, in the user\'s language, with the records read as sources', async () => {
    script.push(
      () => callsTools(toolCall('t1', 'search_companies', { query: 'Ege' }), toolCall('t2', 'get_record', { rid: `C-${ownCompany}` })),
      () => answers('Ege Film A.Ş. İzmir\'de aktif bir müşteri.'),
    );
    const r = await ask(seller.key, { question: 'Ege Film hakkında ne biliyoruz?' }).expect(200);
    expect(r.body).toEqual({
      ok: true,
      answer: "Ege Film A.Ş. İzmir'de aktif bir müşteri.",
      sources: [{ kind: 'company', id: ownCompany, title: 'Ege Film A.Ş.', url: expect.stringMatching(new RegExp(`/companies/${ownCompany}$`)) }],
    });
    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(first.auth).toBe('Bearer test-llm-key');
    expect(first.body.model).toBe('fake-model');
    const names = first.body.tools!.map((x) => x.function.name);
    expect(names).toEqual(expect.arrayContaining(['search_companies', 'get_record', 'list_opportunities', 'today']));
    // reads only: no write tool is offered, whatever the credential's scope
    expect(names).not.toEqual(expect.arrayContaining(['create_task']));
    expect(names.some((n) => /^(create|update|complete|log|move|add|toggle)_/.test(n))).toBe(false);
    expect(first.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('Turkish (tr)') });
    expect(first.body.messages[1]).toEqual({ role: 'user', content: 'Ege Film hakkında ne biliyoruz?' });
    // the second turn carries the tool calls and both results
    const results = toolResults(second.body);
    expect(results).toHaveLength(2);
    expect(results.join('\n')).toContain('Ege Film A.Ş.');
    const audit = await db(t).findOneByOrFail(AuditLog, { workspaceId: a.ws.id, action: 'ask', userId: seller.user.id });
    expect(audit.detail).toMatchObject({
      question: 'Ege Film hakkında ne biliyoruz?',
      answer: "Ege Film A.Ş. İzmir'de aktif bir müşteri.",
      tools: [
        { name: 'search_companies', arguments: { query: 'Ege' }, error: null },
        { name: 'get_record', arguments: { rid: `C-${ownCompany}` }, error: null },
      ],
    });
  });

  it("never sends another team's record to the model: asked for by id it is a not-found tool result", async () => {
    script.push(
      () => callsTools(toolCall('t1', 'get_record', { rid: `C-${otherCompany}` }), toolCall('t2', 'get_company', { id: otherCompany })),
      () => callsTools(toolCall('t3', 'search_companies', { query: 'Gizli' })),
      () => answers('I could not find that company.'),
    );
    const r = await ask(seller.key, { question: `Tell me about company C-${otherCompany}` }).expect(200);
    expect(r.body).toEqual({ ok: true, answer: 'I could not find that company.', sources: [] });
    const results = toolResults(received[1].body);
    expect(results).toEqual([expect.stringMatching(/^not_found: /), expect.stringMatching(/^not_found: /)]);
    expect(toolResults(received[2].body)[2]).toBe('[]');
    for (const { raw } of received) {
      expect(raw).not.toContain(SECRET_NAME);
      expect(raw).not.toContain('Gizli Plastik');
    }
  });

  it('streams Server-Sent Events when asked: tool, delta, done', async () => {
    script.push(
      () => callsTools(toolCall('t1', 'search_companies', { query: 'Ege' }), toolCall('t2', 'list_opportunities', {})),
      () => answers('One company, no opportunities.'),
    );
    const r = await request(t.app.getHttpServer())
      .post('/api/v1/ask')
      .set('Host', a.host)
      .set('Authorization', `Bearer ${seller.key}`)
      .set('Accept', 'text/event-stream')
      // asked for compression, still plain: each event must reach the client when written (src/edge/compression.ts)
      .set('Accept-Encoding', 'gzip, br')
      .send({ question: 'What is open?' })
      .buffer(true)
      .parse((res, cb) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => cb(null, text));
      })
      .expect(200);
    expect(r.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(r.headers['content-encoding']).toBeUndefined();
    const events = (r.body as string)
      .trim()
      .split('\n\n')
      .map((block) => {
        const [ev, data] = block.split('\n');
        return { event: ev.replace('event: ', ''), data: JSON.parse(data.replace('data: ', '')) as Record<string, unknown> };
      });
    expect(events.map((e) => e.event)).toEqual(['tool', 'tool', 'delta', 'done']);
    expect(events[0].data).toEqual({ name: 'search_companies', arguments: { query: 'Ege' }, error: null });
    expect(events[2].data).toEqual({ text: 'One company, no opportunities.' });
    expect(events[3].data).toMatchObject({ ok: true, answer: 'One company, no opportunities.', sources: [{ kind: 'company', id: ownCompany }] });
  });

  it('stops offering tools after ASK_MAX_TOOL_CALLS and asks for the answer', async () => {
    script.push(
      () => callsTools(toolCall('t1', 'today', {}), toolCall('t2', 'list_tasks', {}), toolCall('t3', 'list_opportunities', {}), toolCall('t4', 'search_companies', { query: 'x' })),
      () => callsTools(toolCall('t5', 'today', {})),
    );
    const r = await ask(seller.key, { question: 'Everything, please' }).expect(502);
    expect(r.body).toMatchObject({ ok: false, error: 'upstream' });
    // the fourth call of the first turn was refused, and the second turn offered no tools
    expect(toolResults(received[1].body)[3]).toBe('limit: at most 3 tool calls per question');
    expect(received[1].body.tools).toBeUndefined();
    expect(received[1].body.messages.at(-1)).toMatchObject({ role: 'system', content: expect.stringContaining('tool budget') });
    expect(received).toHaveLength(2);

    script.push(() => callsTools(toolCall('t1', 'today', {}), toolCall('t2', 'today', {}), toolCall('t3', 'today', {})), () => answers('Done.'));
    await ask(seller.key, { question: 'My day?' }).expect(200, { ok: true, answer: 'Done.', sources: [] });
    expect(lastBody().tools).toBeUndefined();
  });

  it('reads the record of customer_id first; one the caller may not see is 404 and reaches no model', async () => {
    script.push((b) => answers(b.messages[0].content!.includes('Ege Film A.Ş.') ? 'It is Ege Film.' : 'no context'));
    const ok = await ask(seller.key, { question: 'Who is this?', customer_id: ownCompany }).expect(200);
    expect(ok.body).toEqual({ ok: true, answer: 'It is Ege Film.', sources: [expect.objectContaining({ kind: 'company', id: ownCompany, title: 'Ege Film A.Ş.' })] });
    await ask(seller.key, { question: 'x', customer_id: 2_000_000_000 }).expect(404);
    const r = await ask(seller.key, { question: 'Who is this?', customer_id: otherCompany }).expect(404);
    expect(r.body).toEqual({ ok: false, error: 'not_found', message: 'company not found' });
    expect(received).toHaveLength(1);
  });

  it('answers 502 upstream when the model fails', async () => {
    script.push(() => ({ status: 500, body: { error: { message: 'overloaded' } } }));
    const r = await ask(seller.key, { question: 'Anything?' }).expect(502);
    expect(r.body).toEqual({ ok: false, error: 'upstream', message: "the language model failed: the model's API answered 500: overloaded" });
  });

  it('is 403 module without the Ask module, and me.ai says so', async () => {
    const r = await ask(noAsk.key, { question: 'Anything?' }).expect(403);
    expect(r.body).toEqual({ ok: false, error: 'module', message: 'the Ask module is not enabled for this user' });
    expect((await api(t, a.host, noAsk.key).get('/api/v1/me').expect(200)).body.ai).toBe(false);
    expect((await api(t, a.host, seller.key).get('/api/v1/me').expect(200)).body.ai).toBe(true);
    expect(received).toHaveLength(0);
  });

  it('validates the body', async () => {
    const r = await ask(seller.key, { question: '' }).expect(400);
    expect(r.body).toMatchObject({ ok: false, error: 'invalid', field: 'question' });
    await ask(seller.key, { question: 'x', opp_id: 0 }).expect(400);
  });

  it('limits questions per user per minute (ASK_RATE_LIMIT_PER_MINUTE)', async () => {
    // noAsk's questions are refused (403) but still count against the user's own limit
    let status = 0;
    for (let i = 0; i < 30 && status !== 429; i++) status = (await ask(noAsk.key, { question: 'x' })).status;
    expect(status).toBe(429);
    // other routes of the same user are not limited by it
    await api(t, a.host, noAsk.key).get('/api/v1/me').expect(200);
  });
});

describe('Ask without a configured model', () => {
  it('me.ai is false and POST /ask is 403 module saying that no model is configured', async () => {
    const plain = await startApp();
    try {
      const f = await createWorkspace(plain);
      const r = await api(plain, f.host, f.adminKey).post('/api/v1/ask', { question: 'Anything?' }).expect(403);
      expect(r.body).toEqual({ ok: false, error: 'module', message: expect.stringContaining('no language model is configured') });
      expect((await api(plain, f.host, f.adminKey).get('/api/v1/me').expect(200)).body.ai).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
