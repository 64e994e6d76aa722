import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { todayIn } from '../../../src/platform/common/time';
import { insertCompany } from '../../helpers/crm-fixtures';
import { listenLoopback, loopbackFetch } from '../../helpers/loopback-fetch';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The read-only report tools answer the REST reports' numbers (one domain service), validate against their
 * output schemas, count only what the caller may see, and refuse bad arguments as tool errors.
 */
let t: TestApp;
let a: Fixture;
let port = 0;
let seller: { user: { id: number }; key: string };
let client: Client;
let tools: Map<string, Tool>;
let today: string;
// the formats the output schemas name (date-time, email, uri) are checked, not ignored with a warning
const ajv = addFormats(new Ajv({ strict: false }));

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'mcpreports');
  port = (await listenLoopback(t)).port;
  seller = await createUser(t, a, { department: 'North' });
  const other = await createUser(t, a, { department: 'South' });
  today = todayIn(a.ws.timezone);
  const c = a.ws.constants;
  const as = (key: string) => api(t, a.host, key);
  const mine = (await insertCompany(t, a, seller.user.id)).id;
  const theirs = (await insertCompany(t, a, other.user.id)).id;
  const won = c.stages.find((s) => c.stage_roles[s] === 'won')!;
  const w = (await as(seller.key).post('/api/v1/opportunities', { name: 'Won one', customer_id: mine, value: 2500, close_date: today }).expect(201)).body.opp.id;
  await as(a.adminKey).post(`/api/v1/opportunities/${w}/stage`, { stage: won }).expect(200);
  await as(seller.key).post('/api/v1/opportunities', { name: 'Open one', customer_id: mine, value: 1000, close_date: today }).expect(201);
  await as(other.key).post('/api/v1/opportunities', { name: 'Not mine', customer_id: theirs, value: 777, close_date: today }).expect(201);
  const transport = new StreamableHTTPClientTransport(new URL(`http://${a.host}:${port}/mcp`), { fetch: loopbackFetch, requestInit: { headers: { Authorization: `Bearer ${seller.key}` } } });
  client = new Client({ name: 'report-tools-e2e', version: '1.0.0' });
  await client.connect(transport);
  tools = new Map((await client.listTools()).tools.map((x) => [x.name, x]));
});
afterAll(async () => {
  await client?.close();
  await t.close();
});

interface Result {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: { result: Record<string, unknown> };
}
async function call(name: string, args: Record<string, unknown>): Promise<Result> {
  return (await client.callTool({ name, arguments: args })) as Result;
}
async function ok(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await call(name, args);
  expect([name, r.isError ? r.content[0]!.text : 'ok']).toEqual([name, 'ok']);
  expect([name, ajv.validate(tools.get(name)!.outputSchema!, r.structuredContent) ? 'valid' : ajv.errorsText()]).toEqual([name, 'valid']);
  return r.structuredContent!.result;
}
const rest = async (path: string) => {
  const { ok: _ok, ...body } = (await api(t, a.host, seller.key).get(`/api/v1/reports/${path}`).expect(200)).body;
  return body as Record<string, unknown>;
};

describe('MCP report tools', () => {
  it('are listed read-only with output schemas', () => {
    for (const n of ['forecast', 'funnel', 'pipeline_movement', 'win_rate']) {
      expect(tools.get(n)?.annotations).toMatchObject({ readOnlyHint: true });
      expect(tools.get(n)?.outputSchema).toBeDefined();
    }
  });

  it('answer the REST numbers, without the other department', async () => {
    const q = { from: today, to: today, rows: true };
    const qs = `from=${today}&to=${today}&rows=1`;
    const movement = await ok('pipeline_movement', q);
    expect(movement).toEqual(await rest(`pipeline-movement?${qs}`));
    expect(movement.created).toMatchObject({ count: 1, value: 1000 });
    const win = await ok('win_rate', q);
    const restWin = await rest(`win-rate?${qs}`);
    expect(win).toMatchObject({ won: restWin.won, lost: restWin.lost, open: restWin.open, win_rate: 1, cycle_median_days: 0 });
    expect(await ok('funnel', { ...q, mode: 'any_stage' })).toEqual(await rest(`funnel?${qs}&mode=any_stage`));
    const forecast = (await ok('forecast', { ...q, period: 'quarter' })) as { periods: { won: { value: number }; categories: { value: number }[] }[] };
    const restForecast = (await rest(`forecast?${qs}&period=quarter`)) as typeof forecast;
    expect(forecast.periods[0].won).toEqual(restForecast.periods[0].won);
    expect(forecast.periods[0].categories.reduce((n, x) => n + x.value, 0)).toBe(1000);
  });

  it('bad arguments are tool errors', async () => {
    const r = await call('funnel', { mode: 'sideways' });
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/^invalid: mode/);
    const later = await call('win_rate', { from: '2026-12-01', to: '2026-01-01' });
    expect(later.content[0]!.text).toMatch(/^invalid: from/);
  });
});
