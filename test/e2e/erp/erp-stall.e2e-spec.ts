import { randomBytes } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { Server } from 'node:http';
import { Clock } from '../../../src/platform/common/clock';
import { ErpStallWatch } from '../../../src/domain/crm/orders';
import { ErpStall } from '../../../src/domain/crm/orders/erp-stall.entity';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { settingsBrowser } from '../../helpers/oauth-flow';
import { api, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';
import { waitFor } from '../../helpers/wait';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createReceiver } = require('../../../examples/webhook-receiver.js') as { createReceiver: (o: object) => Server };

/**
 * The `erp_stalled` alert: no poll for ERP_STALL_MINUTES (30) while an order waits raises it
 * once, to webhooks subscribed to it (a loopback receiver here); a poll clears it and a later stall raises
 * it again; nothing waiting, nothing raised. Time moves by the Clock; rounds are run explicitly, per
 * workspace (other test files share the database).
 */
jest.setTimeout(60_000);

interface Received {
  path: string;
  headers: Record<string, string>;
  json: Record<string, unknown> & { data: Record<string, unknown> };
}

let t: TestApp;
let receiver: Server;
let base: string;
const got: Received[] = [];
let clockNow: Date | null = null;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  receiver = createReceiver({ key: () => undefined, onDelivery: (d: Received) => got.push(d), handle: () => ({ status: 200, body: 'ok' }) });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', WEBHOOK_POLL_MS: '30', WEBHOOK_WORKER: '1', RATE_LIMIT_ERP_PER_MINUTE: '100000' } });
  const clock = t.get(Clock);
  const real = clock.now.bind(clock);
  clock.now = () => clockNow ?? real();
});
afterAll(async () => {
  await t.close();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});
afterEach(() => {
  clockNow = null;
});

const asAdmin = (f: Fixture) => api(t, f.host, f.adminKey);
const at = (path: string) => got.filter((g) => g.path === path);

/** A workspace with an ERP key and a webhook subscribed to erp_stalled at `/<path>`. */
async function setup(path: string): Promise<{ f: Fixture; erp: string }> {
  const f = await createWorkspace(t);
  const erp = await issueKey(t, f, 'erp');
  await asAdmin(f).post('/api/v1/webhooks', { url: `${base}/${path}`, events: ['erp_stalled'] }).expect(201);
  return { f, erp };
}

async function queuedOrder(f: Fixture): Promise<number> {
  const c = await asAdmin(f).post('/api/v1/companies', { name: `Co ${randomBytes(3).toString('hex')}` }).expect(201);
  const o = await asAdmin(f).post('/api/v1/orders', { customer_id: c.body.company.id, kg: 10, price: 2 }).expect(201);
  await asAdmin(f).post(`/api/v1/orders/${o.body.order.id}/erp`).expect(200);
  return o.body.order.id as number;
}

const stalledEvents = (f: Fixture) => db(t).countBy(OutboxEvent, { workspaceId: f.ws.id, event: 'erp_stalled' });

describe('erp_stalled', () => {
  it('fires once when nothing polls while an order waits, to the subscribed webhook, with a link to the ERP settings', async () => {
    const { f } = await setup('stall-once');
    await queuedOrder(f);
    const watch = t.get(ErpStallWatch);
    // 29 minutes on: not yet
    clockNow = later(29);
    expect(await watch.check(f.ws.id)).toBe('ok');
    clockNow = later(120);
    // two instances' rounds at once: one raises it
    expect((await Promise.all([watch.check(f.ws.id), watch.check(f.ws.id)])).sort()).toEqual(['raised', 'stalled']);
    // the next rounds while it is open: nothing more
    expect(await watch.check(f.ws.id)).toBe('stalled');
    expect(await watch.check(f.ws.id)).toBe('stalled');
    const [d] = await waitFor(() => at('/stall-once').length > 0 && at('/stall-once'));
    expect(d!.headers['x-service-event']).toBe('erp_stalled');
    expect(d!.json).toMatchObject({
      event: 'erp_stalled',
      title: 'ERP connector stalled',
      url: expect.stringMatching(new RegExp(`^http://${f.host.replace(/\./g, '\\.')}(:\\d+)?/settings/erp$`)),
      data: { waiting: 1, oldest_waiting_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/), last_poll_at: null, stall_minutes: 30 },
    });
    expect(d!.json.text).toContain('has not polled for 30 minutes (last poll: never) and 1 order waits');
    // the url opens the app's ERP screen, which shows the stall from the card's `heartbeat.stalled_since` below
    // (web/src/features/settings/erp/ErpQueue.tsx, `#erp-stalled`)
    const br = await settingsBrowser(t, f.host, f.admin.email, 'Admin-Password-123');
    const page = await br.get(new URL(d!.json.url as string).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root"></div>');
    const card = await asAdmin(f).get('/api/v1/settings/erp').expect(200);
    expect(card.body.heartbeat.stalled_since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(await stalledEvents(f)).toBe(1);
    // one delivery only (the worker has long handled every event it would send)
    await new Promise((r) => setTimeout(r, 300));
    expect(at('/stall-once')).toHaveLength(1);
  });

  it('is cleared by a poll; a later stall fires again', async () => {
    const { f, erp } = await setup('stall-again');
    await queuedOrder(f);
    const watch = t.get(ErpStallWatch);
    clockNow = later(60);
    expect(await watch.check(f.ws.id)).toBe('raised');
    // the ERP polls (and claims the order, never reporting it)
    clockNow = later(61);
    const claimed = await api(t, f.host, erp).get('/api/erp/v1/orders?claim=1').expect(200);
    expect(claimed.body.orders).toHaveLength(1);
    expect((await asAdmin(f).get('/api/v1/settings/erp').expect(200)).body.heartbeat.stalled_since).toBeNull();
    expect(await watch.check(f.ws.id)).toBe('cleared');
    expect(await watch.check(f.ws.id)).toBe('ok');
    expect(await db(t).findOneByOrFail(ErpStall, { workspaceId: f.ws.id })).toMatchObject({ clearedAt: expect.any(Date), waiting: 1, lastPollAt: null });
    // the poller died with the order: 30 minutes after its last poll the next stall is raised
    clockNow = later(61 + 31);
    expect(await watch.check(f.ws.id)).toBe('raised');
    await waitFor(() => at('/stall-again').length === 2);
    expect(at('/stall-again')[1]!.json.data).toMatchObject({ waiting: 1, last_poll_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) });
    expect(await stalledEvents(f)).toBe(2);
  });

  it('does not fire when nothing waits, or for an order queued less than ERP_STALL_MINUTES ago', async () => {
    const { f } = await setup('stall-none');
    const watch = t.get(ErpStallWatch);
    clockNow = later(24 * 60);
    expect(await watch.check(f.ws.id)).toBe('ok');
    clockNow = null;
    await queuedOrder(f);
    clockNow = later(10);
    expect(await watch.check(f.ws.id)).toBe('ok');
    expect(await stalledEvents(f)).toBe(0);
    expect(await db(t).countBy(ErpStall, { workspaceId: f.ws.id })).toBe(0);
    expect((await asAdmin(f).get('/api/v1/settings/erp').expect(200)).body.heartbeat.stalled_since).toBeNull();
    expect(at('/stall-none')).toHaveLength(0);
  });
});
