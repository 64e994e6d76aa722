import { AddressInfo } from 'node:net';
import { Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { WebhookDelivery } from '../../../src/domain/integrations/webhook-delivery.entity';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';
import { waitFor } from '../../helpers/wait';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createReceiver } = require('../../../examples/webhook-receiver.js') as { createReceiver: (o: object) => Server };

/**
 * Replay for a connection: a receiver that was down for a window gets every event it missed
 * again, with the original webhook-ids and bodies, signed so that off-the-shelf verifiers accept it.
 * One delivery at a time per connection (WEBHOOK_CONCURRENCY=1), so arrival order is the queue's order.
 */
interface Received {
  path: string;
  headers: Record<string, string>;
  raw: Buffer;
  verified: boolean;
}

let t: TestApp;
let receiver: Server;
let base: string;
const keys = new Map<string, string>();
/** Paths whose receiver is down: it answers 503 and processes nothing. */
const down = new Set<string>();
/** What the receivers processed (answered 2xx). */
const got: Received[] = [];

beforeAll(async () => {
  receiver = createReceiver({
    key: (req: { url: string }) => keys.get(req.url),
    onDelivery: (d: Received) => {
      if (!down.has(d.path)) got.push(d);
    },
    handle: (req: { url: string }) => (down.has(req.url) ? { status: 503, body: 'down' } : { status: 200, body: 'ok' }),
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', WEBHOOK_POLL_MS: '30', WEBHOOK_WORKER: '1', WEBHOOK_CONCURRENCY: '1' } });
});

afterAll(async () => {
  await t.close();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});

const as = (f: Fixture, key = f.adminKey) => api(t, f.host, key);

interface LogItem {
  id: number;
  event: string;
  status: string;
  ok: boolean | null;
  replay: boolean;
  webhook_id: string;
}

async function connect(f: Fixture, path: string, events = ['customer_created']) {
  const w = (await as(f).post('/api/v1/webhooks', { url: `${base}${path}`, events }).expect(201)).body.webhook;
  keys.set(path, w.signing_key);
  return { id: w.id as number, key: w.signing_key as string, createdAt: w.created_at as string };
}

const log = async (f: Fixture, id: number): Promise<LogItem[]> => (await as(f).get(`/api/v1/webhooks/${id}/deliveries`).expect(200)).body.items;
/** The log once every attempt is finished and it holds `n` of them, oldest first. */
const settled = (f: Fixture, id: number, n: number) =>
  waitFor(async () => {
    const items = await log(f, id);
    return items.length === n && items.every((d) => d.status === 'done') && items.reverse();
  });

async function company(f: Fixture, name: string): Promise<number> {
  return (await as(f).post('/api/v1/companies', { name }).expect(201)).body.company.id;
}

/** Both verifiers: the example receiver's own check and the `standardwebhooks` package. */
function expectVerified(r: Received, key: string) {
  expect(r.verified).toBe(true);
  expect(() => new Webhook(key).verify(r.raw.toString('utf8'), r.headers)).not.toThrow();
}

describe('POST /api/v1/webhooks/{id}/replay', () => {
  it('sends a receiver that was down every missed event again, in event order, with the original webhook-ids and bodies, signed', async () => {
    const f = await createWorkspace(t);
    const path = '/down-window';
    const hook = await connect(f, path);
    await company(f, 'Before Ltd');
    await settled(f, hook.id, 1);
    down.add(path);
    for (const name of ['Missed One', 'Missed Two', 'Missed Three']) await company(f, name);
    const failed = await settled(f, hook.id, 4);
    expect(failed.map((d) => d.ok)).toEqual([true, false, false, false]);
    down.delete(path);
    await company(f, 'After Ltd');
    const before = await settled(f, hook.id, 5);
    const processed = got.filter((g) => g.path === path);
    expect(processed.map((g) => JSON.parse(g.raw.toString()).data.name)).toEqual(['Before Ltd', 'After Ltd']);

    // a paused connection still gets the replay an admin asks for
    await as(f).patch(`/api/v1/webhooks/${hook.id}`, { active: false }).expect(200);
    const r = await as(f).post(`/api/v1/webhooks/${hook.id}/replay`, { since: hook.createdAt }).expect(201);
    expect(r.body).toEqual({ ok: true, queued: 5 });
    const after = await settled(f, hook.id, 10);
    const replays = after.slice(5);
    expect(replays.every((d) => d.replay && d.ok)).toBe(true);
    expect(before.every((d) => !d.replay)).toBe(true);
    // the same ids, in event order
    expect(replays.map((d) => d.webhook_id)).toEqual(before.map((d) => d.webhook_id));

    const again = got.filter((g) => g.path === path).slice(2);
    expect(again.map((g) => JSON.parse(g.raw.toString()).data.name)).toEqual(['Before Ltd', 'Missed One', 'Missed Two', 'Missed Three', 'After Ltd']);
    expect(again.map((g) => g.headers['webhook-id'])).toEqual(before.map((d) => d.webhook_id));
    for (const g of again) expectVerified(g, hook.key);
    // the events delivered before arrive again as the same bytes, signed again
    expect(again[0]!.raw.equals(processed[0]!.raw)).toBe(true);
    expect(again[4]!.raw.equals(processed[1]!.raw)).toBe(true);
    expect(Number(again[0]!.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(Number(processed[0]!.headers['webhook-timestamp']));
  });

  it('keeps the original webhook-id after the delivery log lost the original (derived id), and sends the body as it was built', async () => {
    const f = await createWorkspace(t);
    const path = '/pruned';
    const hook = await connect(f, path);
    await company(f, 'Pruned Co');
    const [first] = await settled(f, hook.id, 1);
    const original = got.find((g) => g.path === path)!;
    // as if the log had pruned it (it keeps the newest 200 per connection)
    await db(t).getRepository(WebhookDelivery).delete({ workspaceId: f.ws.id, connectionId: hook.id });
    expect((await as(f).post(`/api/v1/webhooks/${hook.id}/replay`, { since: hook.createdAt }).expect(201)).body.queued).toBe(1);
    const [replayed] = await settled(f, hook.id, 1);
    expect(replayed).toMatchObject({ replay: true, ok: true, webhook_id: first!.webhook_id });
    const again = got.filter((g) => g.path === path)[1]!;
    expect(again.headers['webhook-id']).toBe(original.headers['webhook-id']);
    expectVerified(again, hook.key);
    const [a, b] = [JSON.parse(original.raw.toString()), JSON.parse(again.raw.toString())];
    expect({ ...b, sent_at: undefined }).toEqual({ ...a, sent_at: undefined });
    expect(b.sent_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });

  it('only_failed sends only the events whose latest delivery failed; until bounds the window', async () => {
    const f = await createWorkspace(t);
    const path = '/flaky';
    const hook = await connect(f, path, ['customer_created', 'opp_created']);
    const cid = await company(f, 'Fine One');
    await settled(f, hook.id, 1);
    down.add(path);
    await as(f).post('/api/v1/opportunities', { name: 'Lost Deal Event', customer_id: cid }).expect(201);
    await company(f, 'Lost Two');
    await settled(f, hook.id, 3);
    down.delete(path);
    await company(f, 'Fine Three');
    const before = await settled(f, hook.id, 4);
    const failedIds = before.filter((d) => !d.ok).map((d) => d.webhook_id);
    expect(failedIds).toHaveLength(2);

    // an until before the failures holds no failed event
    const outbox = await db(t).getRepository(OutboxEvent).find({ where: { workspaceId: f.ws.id }, order: { id: 'ASC' } });
    expect(outbox).toHaveLength(4);
    const untilIso = outbox[1]!.occurredAt.toISOString();
    expect((await as(f).post(`/api/v1/webhooks/${hook.id}/replay`, { since: hook.createdAt, until: untilIso, only_failed: true }).expect(201)).body).toEqual({ ok: true, queued: 0 });

    expect((await as(f).post(`/api/v1/webhooks/${hook.id}/replay`, { since: hook.createdAt, only_failed: true }).expect(201)).body.queued).toBe(2);
    const after = await settled(f, hook.id, 6);
    expect(after.slice(4).map((d) => [d.webhook_id, d.replay, d.ok])).toEqual(failedIds.map((id) => [id, true, true]));
    const received = got.filter((g) => g.path === path);
    expect(received.map((g) => JSON.parse(g.raw.toString()).data.name)).toEqual(['Fine One', 'Fine Three', 'Lost Deal Event', 'Lost Two']);
    for (const g of received) expectVerified(g, hook.key);
    // they have gone through now: nothing failed is left, also without a window (every failed event the journal keeps)
    expect((await as(f).post(`/api/v1/webhooks/${hook.id}/replay`, { since: hook.createdAt, only_failed: true }).expect(201)).body.queued).toBe(0);
    expect((await as(f).post(`/api/v1/webhooks/${hook.id}/replay`, { only_failed: true }).expect(201)).body.queued).toBe(0);
  });

  it("applies the connection's data filter as dispatch does: a replay sends nothing the filter excludes", async () => {
    const f = await createWorkspace(t);
    const path = '/filtered';
    const hook = await connect(f, path);
    await company(f, 'Keep Co');
    await company(f, 'Drop Co');
    await settled(f, hook.id, 2);
    await as(f).patch(`/api/v1/webhooks/${hook.id}`, { filter: { conditions: [{ field: 'name', op: 'eq', value: 'Keep Co' }] } }).expect(200);
    expect((await as(f).post(`/api/v1/webhooks/${hook.id}/replay`, { since: hook.createdAt }).expect(201)).body.queued).toBe(1);
    await settled(f, hook.id, 3);
    expect(got.filter((g) => g.path === path).map((g) => JSON.parse(g.raw.toString()).data.name)).toEqual(['Keep Co', 'Drop Co', 'Keep Co']);
  });

  it('is for admins of the workspace, first-party only; refuses a bad window with 400 naming the field', async () => {
    const f = await createWorkspace(t);
    const other = await createWorkspace(t);
    const hook = await connect(f, '/guarded');
    const body = { since: hook.createdAt };
    const sales = await createUser(t, f, { role: 'sales' });
    expect((await as(f, sales.key).post(`/api/v1/webhooks/${hook.id}/replay`, body).expect(403)).body.error).toBe('forbidden');
    const appToken = await issueKey(t, f, 'oauth', f.admin.id, ['crm.read', 'crm.write']);
    expect((await as(f, appToken).post(`/api/v1/webhooks/${hook.id}/replay`, body).expect(403)).body.error).toBe('insufficient_scope');
    expect((await as(other).post(`/api/v1/webhooks/${hook.id}/replay`, body).expect(404)).body.error).toBe('not_found');
    await as(f).post('/api/v1/webhooks/99999999/replay', body).expect(404);
    await api(t, f.host).post(`/api/v1/webhooks/${hook.id}/replay`).send(body).expect(401);

    const bad = async (b: object, field: string, message?: RegExp) => {
      const r = (await as(f).post(`/api/v1/webhooks/${hook.id}/replay`, b).expect(400)).body;
      expect(r).toMatchObject({ ok: false, error: 'invalid', field });
      if (message) expect(r.message).toMatch(message);
    };
    await bad({}, 'since');
    await bad({ only_failed: false }, 'since');
    await bad({ until: '2999-01-01T00:00:00', only_failed: true }, 'since'); // a window needs its start
    await bad({ since: 'yesterday' }, 'since');
    await bad({ since: '2020-01-01T00:00:00' }, 'since', /older than the event journal keeps events \(7 days\)/);
    await bad({ since: '2999-01-01T00:00:00' }, 'since', /future/);
    await bad({ since: hook.createdAt, until: '2020-01-01T00:00:00Z' }, 'until');
    await bad({ since: hook.createdAt, until: 'soon' }, 'until');
    await bad({ since: hook.createdAt, only_failed: 'yes' }, 'only_failed');
    // an empty window is fine
    expect((await as(f).post(`/api/v1/webhooks/${hook.id}/replay`, body).expect(201)).body).toEqual({ ok: true, queued: 0 });
  });
});
