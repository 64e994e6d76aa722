import request from 'supertest';
import { ImportWorker } from '../../../src/domain/crm/imports';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * The MCP tool `import_status`: the workspace's import jobs, or one, with state, counts and progress, as
 * `GET /api/v1/imports/{id}` answers them (the same service call), under the same rule: admins and users with
 * the `import` permission; another workspace's job is not_found. Read only, so a crm.read key may call it.
 */
let t: TestApp;
let a: Fixture;
let b: Fixture;
let importer: { user: { id: number }; key: string };
let plain: { user: { id: number }; key: string };
let seq = 0;

const rpc = (key: string, body: unknown, f: Fixture = a) =>
  request(t.app.getHttpServer()).post('/mcp').set('Host', f.host).set('Accept', 'application/json, text/event-stream').set('Authorization', `Bearer ${key}`).set('MCP-Protocol-Version', '2025-06-18').send(body as object);

interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: { result: Record<string, unknown>[] };
}
async function call(key: string, args: unknown, f: Fixture = a): Promise<ToolResult> {
  const r = await rpc(key, { jsonrpc: '2.0', id: ++seq, method: 'tools/call', params: { name: 'import_status', arguments: args } }, f).expect(200);
  expect(r.body.error).toBeUndefined();
  return r.body.result as ToolResult;
}
async function jobs(key: string, args: unknown = {}, f: Fixture = a): Promise<Record<string, unknown>[]> {
  const r = await call(key, args, f);
  expect([r.isError, r.isError ? r.content[0]!.text : '']).toEqual([undefined, '']);
  expect(JSON.parse(r.content[0]!.text)).toEqual(r.structuredContent!.result);
  return r.structuredContent!.result;
}
const errorOf = async (key: string, args: unknown, f: Fixture = a) => {
  const r = await call(key, args, f);
  expect(r.isError).toBe(true);
  return r.content[0]!.text;
};
const upload = async (key: string, csv: string) => (await api(t, a.host, key).raw('post', '/api/v1/imports').attach('file', Buffer.from(csv, 'utf8'), 'firms.csv').expect(201)).body.import;

beforeAll(async () => {
  t = await startApp({ env: { IMPORT_BATCH_ROWS: '2' } });
  a = await createWorkspace(t);
  b = await createWorkspace(t);
  importer = await createUser(t, a, { modules: ['Customers', 'import'] });
  plain = await createUser(t, a, { modules: ['Customers'] });
});
afterAll(() => t.close());

describe('import_status', () => {
  it('is a read-only tool listed without a module of its own, also for a crm.read key', async () => {
    const listed = await rpc(await issueKey(t, a, 'api', importer.user.id, ['crm.read']), { jsonrpc: '2.0', id: ++seq, method: 'tools/list' }).expect(200);
    const tool = (listed.body.result.tools as { name: string; annotations?: object; inputSchema: { properties: object } }[]).find((x) => x.name === 'import_status');
    expect(tool).toMatchObject({ title: 'Import status', outputSchema: { type: 'object' } });
    expect(tool?.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(Object.keys(tool!.inputSchema.properties)).toEqual(['id', 'limit']);
  });

  it("answers the workspace's jobs newest first and one job by id, with state, counts and progress as REST shows them", async () => {
    const first = await upload(importer.key, 'name,city\nOmega Ltd,Van\nSigma AŞ,Muş\nSigma AŞ,Rize\n');
    const second = await upload(a.adminKey, 'name\nTau\n');
    const listed = await jobs(importer.key);
    expect(listed.map((j) => j.id)).toEqual([second.id, first.id]);
    expect(listed[1]).toMatchObject({ state: 'uploaded', file_name: 'firms.csv', target: null, total_rows: 3, rows_done: 0, progress: 0, validation: null, result: null, created_by: importer.user.id });
    expect((await jobs(importer.key, { limit: 1 })).map((j) => j.id)).toEqual([second.id]);

    await api(t, a.host, importer.key).put(`/api/v1/imports/${first.id}/mapping`, { target: 'companies', mode: 'create', fields: ['name', 'city'] }).expect(200);
    await api(t, a.host, importer.key).post(`/api/v1/imports/${first.id}/validate`).expect(201);
    await t.get(ImportWorker).drain();
    await api(t, a.host, importer.key).post(`/api/v1/imports/${first.id}/run`).expect(201);
    // one batch of two rows: the job is running, two of three rows done
    expect(await t.get(ImportWorker).round(1)).toBe(true);
    expect(await jobs(importer.key, { id: first.id })).toEqual([expect.objectContaining({ id: first.id, state: 'running', rows_done: 2, progress: 66, validation: { companies: { created: 2, updated: 0, skipped: 0, refused: 1 } } })]);
    // the round's lease is still held: let it lapse so the next round takes the job up (as another instance would)
    await db(t).query(`UPDATE import_jobs SET lease_until = now() - interval '1 second' WHERE workspace_id = $1 AND id = $2`, [a.ws.id, first.id]);
    await t.get(ImportWorker).drain();
    const [done] = await jobs(importer.key, { id: first.id });
    const rest = (await api(t, a.host, importer.key).get(`/api/v1/imports/${first.id}`).expect(200)).body.import;
    expect(done).toMatchObject({ state: 'completed', progress: 100, mode: 'create', match_key: 'name', target: 'companies' });
    for (const k of ['state', 'total_rows', 'rows_done', 'validation', 'result', 'created_at', 'finished_at', 'error']) expect([k, done![k]]).toEqual([k, rest[k]]);
    expect(done!.finished_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('refuses a user without the import permission (forbidden), another workspace\'s job (not_found) and a bad id (invalid)', async () => {
    const job = await upload(importer.key, 'name\nUpsilon\n');
    expect(await errorOf(plain.key, {})).toBe('forbidden: importing needs the import permission (ask an admin)');
    expect(await errorOf(plain.key, { id: job.id })).toBe('forbidden: importing needs the import permission (ask an admin)');
    expect(await errorOf(b.adminKey, { id: job.id }, b)).toBe('not_found: import not found');
    expect(await jobs(b.adminKey, {}, b)).toEqual([]);
    expect(await errorOf(importer.key, { id: 0 })).toBe('invalid: id: at least 1');
    expect(await errorOf(importer.key, { id: job.id, extra: 1 })).toBe('invalid: extra: unknown argument');
  });
});
