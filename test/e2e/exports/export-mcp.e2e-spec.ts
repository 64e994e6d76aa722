import request from 'supertest';
import { Clock } from '../../../src/platform/common/clock';
import { MODULES } from '../../../src/domain/workspace/defaults';
import { UsersService } from '../../../src/domain/identity/users.service';
import { insertCompany } from '../../helpers/crm-fixtures';
import { csvRecords, download, xlsxRecords } from '../../helpers/export-files';
import { User } from '../../../src/domain/identity/user.entity';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The MCP tool `export_records`: a link on the workspace's configured address that serves, without other
 * credentials, the export of the caller's list for 15 minutes, only on its own workspace, only what that
 * caller may see; a changed token, another workspace's address or an expired link is 404.
 */
let t: TestApp;
let a: Fixture;
let b: Fixture;
let north: { user: { id: number }; key: string };
let south: { user: { id: number }; key: string };
let mine: number;
let hidden: number;
let seq = 0;

const rpc = (key: string, body: unknown, f: Fixture = a) =>
  request(t.app.getHttpServer()).post('/mcp').set('Host', f.host).set('Accept', 'application/json, text/event-stream').set('Authorization', `Bearer ${key}`).send(body as object);

interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: { result: { url: string; expires_at: string; kind: string; format: string } };
}
async function call(key: string, args: unknown, f: Fixture = a): Promise<ToolResult> {
  const r = await rpc(key, { jsonrpc: '2.0', id: ++seq, method: 'tools/call', params: { name: 'export_records', arguments: args } }, f).expect(200);
  expect(r.body.error).toBeUndefined();
  return r.body.result as ToolResult;
}
async function link(key: string, args: unknown): Promise<{ url: string; expires_at: string; path: string }> {
  const r = await call(key, args);
  expect(r.isError).toBeUndefined();
  const out = JSON.parse(r.content[0].text) as { url: string; expires_at: string };
  return { ...out, path: new URL(out.url).pathname };
}
/** The download, with no credential, on a workspace's address. */
const fetchFile = (path: string, f: Fixture = a) => download(api(t, f.host).get(path));

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  b = await createWorkspace(t);
  north = await createUser(t, a, { department: 'North' });
  south = await createUser(t, a, { department: 'South' });
  mine = (await insertCompany(t, a, north.user.id, { name: 'Kuzey Ambalaj', city: 'Bursa' })).id;
  await insertCompany(t, a, north.user.id, { name: 'Kuzey İzmir', city: 'Izmir' });
  hidden = (await insertCompany(t, a, south.user.id, { name: 'Güney Gizli', city: 'Bursa' })).id;
});
afterAll(() => t.close());

describe('export_records', () => {
  it('answers a link on the configured address that serves the filtered export without credentials', async () => {
    const l = await link(north.key, { kind: 'companies', filters: { city: 'bursa' }, bom: true, delimiter: ';' });
    expect(l.url.startsWith(`http://${a.host}`)).toBe(true);
    expect(l.path).toMatch(/^\/api\/v1\/exports\/[\w-]+\.[\w-]+$/);
    expect(l.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const file = await fetchFile(l.path);
    expect(file.status).toBe(200);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // what north sees in Bursa: not south's company
    expect(csvRecords(file.bytes.toString('utf8'), ';').map((r) => Number(r.id))).toEqual([mine]);
    expect(hidden).toBeGreaterThan(0);

    const x = await link(north.key, { kind: 'companies', format: 'xlsx', filters: { sort: 'update' } });
    expect((await xlsxRecords((await fetchFile(x.path)).bytes)).map((r) => r.name)).toEqual(['Kuzey Ambalaj', 'Kuzey İzmir']);
  });

  it('is bound to its workspace and cannot be altered', async () => {
    const l = await link(north.key, { kind: 'companies' });
    expect((await api(t, b.host).get(l.path).expect(404)).body.error).toBe('not_found');
    const [body, sig] = l.path.split('/').pop()!.split('.');
    const grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    // another user's id, or another query, under the same signature
    for (const forged of [{ ...grant, userId: south.user.id }, { ...grant, query: { owner_id: String(south.user.id) } }]) {
      const tampered = `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`;
      expect((await api(t, a.host).get(`/api/v1/exports/${tampered}`).expect(404)).body.error).toBe('not_found');
    }
    expect((await api(t, a.host).get('/api/v1/exports/nonsense').expect(404)).body.error).toBe('not_found');
    expect((await api(t, a.host).get(`${l.path}x`).expect(404)).body.error).toBe('not_found');
  });

  it('expires after 15 minutes', async () => {
    const clock = t.get(Clock);
    const l = await link(north.key, { kind: 'companies' });
    const start = Date.now();
    try {
      clock.now = () => new Date(start + 14 * 60_000);
      expect((await fetchFile(l.path)).status).toBe(200);
      clock.now = () => new Date(start + 15 * 60_000 + 1000);
      expect((await api(t, a.host).get(l.path).expect(404)).body.error).toBe('not_found');
    } finally {
      clock.now = () => new Date();
    }
  });

  it("serves what the link's user may see now: nothing once deactivated, 403 once the module is off", async () => {
    const temp = await createUser(t, a, { department: 'North' });
    const l = await link(temp.key, { kind: 'opportunities' });
    expect((await fetchFile(l.path)).status).toBe(200);
    await db(t).update(User, { id: temp.user.id }, { modules: [MODULES.customers] });
    expect((await api(t, a.host).get(l.path).expect(403)).body.error).toBe('module');
    await t.get(UsersService).deactivate(a.ws.id, temp.user.id);
    expect((await api(t, a.host).get(l.path).expect(404)).body.error).toBe('not_found');
  });

  it('refuses unknown kinds, filters and objects as tool errors', async () => {
    const bad = async (args: unknown, text: RegExp) => {
      const r = await call(north.key, args);
      expect(r.isError).toBe(true);
      expect(r.content[0].text).toMatch(text);
    };
    await bad({ kind: 'invoices' }, /kind/);
    await bad({ kind: 'companies', filters: { colour: 'red' } }, /filters\.colour/);
    await bad({ kind: 'objects' }, /object_key/);
    await bad({ kind: 'objects', object_key: 'nope' }, /not_found/);
    // a value the list refuses is the download's 400
    const l = await link(north.key, { kind: 'companies', filters: { owner_id: 'x' } });
    expect((await api(t, a.host).get(l.path).expect(400)).body.error).toBe('invalid');
  });
});
