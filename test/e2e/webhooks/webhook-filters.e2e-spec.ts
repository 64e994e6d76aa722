import { AddressInfo } from 'node:net';
import { Server } from 'node:http';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { api, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { waitFor } from '../../helpers/wait';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createReceiver } = require('../../../examples/webhook-receiver.js') as { createReceiver: (o: object) => Server };

/** A connection's filter on the events' `data`, checked at save and applied at dispatch. */
interface Received {
  path: string;
  json: { event: string; data: Record<string, unknown> };
}

let t: TestApp;
let a: Fixture;
let receiver: Server;
let base: string;
const got: Received[] = [];

beforeAll(async () => {
  receiver = createReceiver({ key: () => undefined, onDelivery: (d: Received) => got.push(d), handle: () => ({ status: 200, body: 'thanks' }) });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', WEBHOOK_POLL_MS: '30', WEBHOOK_WORKER: '1' } });
  a = await createWorkspace(t);
  // stages move freely (no gates), so the test can walk an opportunity through them
  await t.get(WorkspaceService).setConstants(a.ws.slug, { stage_rules: false });
});

afterAll(async () => {
  await t.close();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});

const admin = () => api(t, a.host, a.adminKey);
const at = (path: string) => got.filter((g) => g.path === path);

/** The workspace's stages by role, read from its constants (they differ per installation). */
async function stages() {
  const c = (await t.get(WorkspaceService).getBySlug(a.ws.slug)).constants;
  const won = Object.entries(c.stage_roles).find(([, role]) => role === 'won')![0];
  const [first, second] = c.open_stages as [string, string];
  return { won, first, second };
}

describe('webhook filters', () => {
  it('a connection filtered on stage in [won] receives only the matching opp_stage events; an unfiltered one receives all', async () => {
    const { won, first, second } = await stages();
    const filter = { match: 'all', conditions: [{ field: 'stage', op: 'in', value: [won] }] };
    const made = (await admin().post('/api/v1/webhooks', { url: `${base}/won-only`, events: ['opp_stage'], filter }).expect(201)).body.webhook;
    expect(made.filter).toEqual(filter);
    expect((await admin().get(`/api/v1/webhooks/${made.id}`).expect(200)).body.webhook.filter).toEqual(filter);
    expect((await admin().get('/api/v1/webhooks').expect(200)).body.items.find((w: { id: number }) => w.id === made.id).filter).toEqual(filter);
    const all = (await admin().post('/api/v1/webhooks', { url: `${base}/every-stage`, events: ['opp_stage'] }).expect(201)).body.webhook;
    expect(all.filter).toBeNull();

    const company = (await admin().post('/api/v1/companies', { name: 'Filter Kimya' }).expect(201)).body.company;
    const one = (await admin().post('/api/v1/opportunities', { name: 'Goes on', customer_id: company.id, stage: first }).expect(201)).body.opp;
    const two = (await admin().post('/api/v1/opportunities', { name: 'Is won', customer_id: company.id, stage: first }).expect(201)).body.opp;
    await admin().post(`/api/v1/opportunities/${one.id}/stage`, { stage: second }).expect(200);
    await admin().post(`/api/v1/opportunities/${two.id}/stage`, { stage: won }).expect(200);

    // both events reached the unfiltered connection: the dispatch that made them made the filtered one's too
    await waitFor(() => at('/every-stage').length === 2);
    await waitFor(async () => (await admin().get(`/api/v1/webhooks/${made.id}/deliveries`).expect(200)).body.items.every((d: { status: string }) => d.status === 'done'));
    const log = (await admin().get(`/api/v1/webhooks/${made.id}/deliveries`).expect(200)).body.items;
    expect(log).toHaveLength(1);
    await waitFor(() => at('/won-only').length === 1);
    expect(at('/won-only').map((r) => [r.json.event, r.json.data.id, r.json.data.stage])).toEqual([['opp_stage', two.id, won]]);
    expect(at('/every-stage').map((r) => r.json.data.stage).sort()).toEqual([second, won].sort());

    // PATCH: null removes the filter, and the connection receives every opp_stage event again
    expect((await admin().patch(`/api/v1/webhooks/${made.id}`, { filter: null }).expect(200)).body.webhook.filter).toBeNull();
    await admin().post(`/api/v1/opportunities/${one.id}/stage`, { stage: first }).expect(200);
    await waitFor(() => at('/won-only').length === 2);
    expect(at('/won-only')[1]!.json.data.stage).toBe(first);
    await admin().delete(`/api/v1/webhooks/${made.id}`).expect(200);
    await admin().delete(`/api/v1/webhooks/${all.id}`).expect(200);
  });

  it.each([
    ['an unknown operator', { conditions: [{ field: 'stage', op: 'gt', value: 1 }] }, 'filter.conditions[0].op', 'unknown operator gt; one of eq, in, not'],
    ['an empty in', { conditions: [{ field: 'stage', op: 'in', value: [] }] }, 'filter.conditions[0].value', 'must not be empty for in'],
    ['a bad path', { conditions: [{ field: 'owner..id', op: 'eq', value: 3 }] }, 'filter.conditions[0].field', 'must be a dotted path into data'],
    ['too many conditions', { conditions: Array.from({ length: 11 }, () => ({ field: 'stage', op: 'eq', value: 'x' })) }, 'filter.conditions', 'at most 10 conditions'],
    ['a field the subscribed kinds do not carry', { conditions: [{ field: 'priority', op: 'eq', value: 'x' }] }, 'filter.conditions[0].field', 'priority is not a data field of the subscribed events'],
    ['an unknown match', { match: 'most', conditions: [{ field: 'stage', op: 'eq', value: 'x' }] }, 'filter.match', 'must be one of all, any'],
  ])('refuses %s with 400 naming the part, and stores nothing', async (_what, filter, field, text) => {
    const before = (await admin().get('/api/v1/webhooks').expect(200)).body.items.length;
    const r = await admin().post('/api/v1/webhooks', { url: `${base}/bad`, events: ['opp_stage'], filter }).expect(400);
    expect(r.body).toMatchObject({ ok: false, error: 'invalid', field });
    expect(r.body.message).toContain(`${field}: ${text}`);
    expect((await admin().get('/api/v1/webhooks').expect(200)).body.items).toHaveLength(before);
  });

  it('PATCH checks the filter against the events the connection will have, and a filter that is not an object', async () => {
    const { won } = await stages();
    const filter = { conditions: [{ field: 'stage', op: 'eq', value: won }] };
    const w = (await admin().post('/api/v1/webhooks', { url: `${base}/patch`, events: ['opp_stage'], filter }).expect(201)).body.webhook;
    expect(w.filter).toEqual({ match: 'all', conditions: [{ field: 'stage', op: 'eq', value: won }] });
    // tickets carry no stage: the kept filter would drop every event
    const r = await admin().patch(`/api/v1/webhooks/${w.id}`, { events: ['ticket_created'] }).expect(400);
    expect(r.body.message).toContain('filter.conditions[0].field: stage is not a data field of the subscribed events');
    const bad = await admin().patch(`/api/v1/webhooks/${w.id}`, { filter: { conditions: [{ field: 'stage', op: 'in', value: [] }] } }).expect(400);
    expect(bad.body.field).toBe('filter.conditions[0].value');
    expect((await admin().patch(`/api/v1/webhooks/${w.id}`, { filter: 'stage=won' }).expect(400)).body.field).toBe('filter');
    // nothing changed
    expect((await admin().get(`/api/v1/webhooks/${w.id}`).expect(200)).body.webhook).toMatchObject({ events: ['opp_stage'], filter: w.filter });
    // events and filter together are checked together
    const both = await admin().patch(`/api/v1/webhooks/${w.id}`, { events: ['ticket_created'], filter: { match: 'any', conditions: [{ field: 'priority', op: 'not', value: null }] } }).expect(200);
    expect(both.body.webhook.filter).toEqual({ match: 'any', conditions: [{ field: 'priority', op: 'not', value: null }] });
    await admin().delete(`/api/v1/webhooks/${w.id}`).expect(200);
  });
});
