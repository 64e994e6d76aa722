import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ErpQueueEntry } from '../../src/domain/crm/orders/erp-queue-entry.entity';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../helpers/test-app';
import { Browser, formFields } from '../helpers/oauth-flow';

let t: TestApp;
let a: Fixture;
const PASSWORD = 'Correct-Horse-42';
const HOSTILE = `<img src=x onerror="alert(1)"> & 'quoted'`;

beforeAll(async () => {
  t = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', RATE_LIMIT_OAUTH_PER_MINUTE: '100000', RATE_LIMIT_ERP_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
});
afterAll(async () => {
  await t.close();
});

/** A browser signed in to the settings through the settings sign-in form (starting at the ERP card). */
async function settingsBrowser(f: Fixture, email: string, password: string): Promise<Browser> {
  const br = new Browser(t, f.host);
  const first = await br.get('/settings/erp');
  expect(first.status).toBe(302);
  expect(first.headers.location).toBe('/settings/signin?return_to=%2Fsettings%2Ferp');
  const page = await br.get(first.headers.location as string);
  const r = await br.post('/settings/signin', { ...formFields(page.text), username: email, password });
  expect(r.status).toBe(303);
  expect(r.headers.location).toBe('/settings/erp');
  return br;
}

function formOf(html: string, action: string): Record<string, string> {
  const i = html.indexOf(`action="${action}"`);
  if (i < 0) throw new Error(`no form ${action} in ${html.slice(0, 500)}`);
  return formFields(html.slice(i, html.indexOf('</form>', i)));
}

/** A company and an order queued for the ERP through the REST API; returns the order id. */
async function queuedOrder(f: Fixture): Promise<number> {
  const admin = api(t, f.host, f.adminKey);
  const c = await admin.post('/api/v1/companies', { name: `Co ${randomBytes(3).toString('hex')}` }).expect(201);
  const o = await admin.post('/api/v1/orders', { customer_id: c.body.company.id, kg: 10, price: 2 }).expect(201);
  await admin.post(`/api/v1/orders/${o.body.order.id}/erp`).expect(200);
  return o.body.order.id as number;
}

/** A change: 303 to `to` (POST-redirect-GET), then the page it leads to. */
async function submit(br: Browser, path: string, form: Record<string, string>, to: string) {
  const r = await br.post(path, form);
  expect({ status: r.status, location: r.headers.location }).toEqual({ status: 303, location: to });
  return br.get(to);
}

const erpGet = (f: Fixture, key: string, path = '/api/erp/v1/orders') => request(t.app.getHttpServer()).get(path).set('Host', f.host).set('Authorization', `Bearer ${key}`);
const keyOf = (html: string) => html.match(/<code class="key">([^<]+)<\/code>/)?.[1];

describe('settings: ERP connection card (server-rendered)', () => {
  it('redirects to sign-in when not signed in; a POST without session is refused', async () => {
    const br = new Browser(t, a.host);
    const r = await br.get('/settings/erp');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/settings/signin?return_to=%2Fsettings%2Ferp');
    expect((await br.post('/settings/erp/key', { csrf: 'x' })).status).toBe(403);
    expect((await br.post('/settings/erp/revoke', { csrf: 'x' })).status).toBe(403);
  });

  it('is admin-only: 403 page for a sales user (GET and POST)', async () => {
    const email = `s${randomBytes(3).toString('hex')}@${a.ws.slug}.test`;
    await createUser(t, a, { email, password: PASSWORD });
    const br = await settingsBrowser(a, email, PASSWORD);
    const r = await br.get('/settings/erp');
    expect(r.status).toBe(403);
    expect(r.text).toContain('Only admins');
    // a valid CSRF token from another page of the same session does not help
    const conn = await br.get('/settings');
    const csrf = formOf(conn.text, '/settings/signout').csrf!;
    expect((await br.post('/settings/erp/key', { csrf })).status).toBe(403);
    expect((await br.post('/settings/erp/revoke', { csrf, confirm: 'yes' })).status).toBe(403);
  });

  it('renders keys, queue counts, last poll and escaped errors; key shown once; rotate/revoke with CSRF', async () => {
    const f = await createWorkspace(t);
    await queuedOrder(f);
    const failedOrder = await queuedOrder(f);
    await db(t).update(ErpQueueEntry, { workspaceId: f.ws.id, orderId: failedOrder }, { state: 'failed', attempts: 5, lastError: HOSTILE });

    const br = await settingsBrowser(f, f.admin.email, 'Admin-Password-123');
    const page = await br.get('/settings/erp');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.text).toContain('<a href="/settings/erp" aria-current="page">ERP</a>');
    expect(page.text).toContain(`http://${f.host}:3000/api/erp/v1`);
    expect(page.text).toContain('No active ERP key.');
    expect(page.text).toContain('<tr><td>1</td><td>0</td><td>0</td><td>1</td><td>0</td></tr>'); // waiting, claimed, retrying, failed, written
    expect(page.text).toContain('Last poll: —');
    expect(page.text).toMatch(/Last hour: 0 claimed, 0 reported\. Oldest waiting order queued: \d{4}-\d{2}-\d{2} \d{2}:\d{2}</);
    expect(page.text).not.toContain('<img');
    expect(page.text).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quoted&#39;');
    expect(page.text).toContain(`<td data-label="Order">${failedOrder}</td><td data-label="State">failed</td><td data-label="Attempts">5</td>`);
    expect(page.text).not.toContain('action="/settings/erp/revoke"'); // nothing to revoke yet

    // CSRF refusal
    expect((await br.post('/settings/erp/key', {})).status).toBe(403);
    expect((await br.post('/settings/erp/key', { csrf: 'forged' })).status).toBe(403);
    expect(page.text).toContain('No active ERP key.');

    // create: the erp_ key is shown once, then only its prefix
    const made = await submit(br, '/settings/erp/key', formOf(page.text, '/settings/erp/key'), '/settings/erp');
    expect(made.status).toBe(200);
    const key = keyOf(made.text)!;
    expect(key).toMatch(/^erp_/);
    const polled = await erpGet(f, key, '/api/erp/v1/orders?claim=1').expect(200);
    expect(polled.body.orders.length).toBe(1);
    const after = await br.get('/settings/erp');
    expect(after.text).not.toContain(key);
    expect(keyOf(after.text)).toBeUndefined();
    const prefix = after.text.match(/<td><code>([^<…]+)…<\/code><\/td>/)![1]!;
    expect(key.startsWith(prefix)).toBe(true);
    expect(after.text).toMatch(/Last poll: \d{4}-\d{2}-\d{2} \d{2}:\d{2}</); // the claim above counts (pages show local time to the minute)
    expect(after.text).toContain('<tr><td>0</td><td>1</td><td>0</td><td>1</td><td>0</td></tr>'); // now claimed
    expect(after.text).toContain('Rotate key');

    // rotate: a new key, the old one is revoked
    const rotated = await submit(br, '/settings/erp/key', { ...formOf(after.text, '/settings/erp/key'), confirm: 'yes' }, '/settings/erp');
    const key2 = keyOf(rotated.text)!;
    expect(key2).not.toBe(key);
    await erpGet(f, key).expect(401);
    await erpGet(f, key2).expect(200);

    // revoke all: CSRF enforced, then every key gets 401
    expect((await br.post('/settings/erp/revoke', { csrf: 'forged' })).status).toBe(403);
    await erpGet(f, key2).expect(200);
    const revoked = await submit(br, '/settings/erp/revoke', { ...formOf(rotated.text, '/settings/erp/revoke'), confirm: 'yes' }, '/settings/erp');
    expect(revoked.status).toBe(200);
    expect(revoked.text).toContain('Revoked 1 ERP key');
    expect(revoked.text).toContain('No active ERP key.');
    await erpGet(f, key2).expect(401);
  });
});

describe('settings: ERP dead letters on the card', () => {
  it('lists dead letters with their reason; requeue one and all (POST-redirect-GET, CSRF)', async () => {
    const f = await createWorkspace(t);
    const rejected = await queuedOrder(f);
    const tired = await queuedOrder(f);
    await db(t).update(ErpQueueEntry, { workspaceId: f.ws.id, orderId: rejected }, { state: 'failed', deadReason: 'rejected', attempts: 1, lastError: HOSTILE, doneAt: new Date() });
    await db(t).update(ErpQueueEntry, { workspaceId: f.ws.id, orderId: tired }, { state: 'failed', deadReason: 'attempts', attempts: 5, lastError: 'timeout', doneAt: new Date() });
    const entry = (await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: f.ws.id, orderId: rejected })).id;
    const br = await settingsBrowser(f, f.admin.email, 'Admin-Password-123');
    const page = await br.get('/settings/erp');
    expect(page.text).toContain('<h2>Dead letters</h2>');
    expect(page.text).toContain(`<td id="dead-${entry}">ORD-${rejected}</td>`);
    expect(page.text).toContain('rejected by the ERP');
    expect(page.text).toContain('too many attempts');
    expect(page.text).not.toContain('<img');
    // CSRF refusal
    expect((await br.post(`/settings/erp/requeue/${entry}`, { csrf: 'forged' })).status).toBe(403);
    const one = await submit(br, `/settings/erp/requeue/${entry}`, formOf(page.text, `/settings/erp/requeue/${entry}`), '/settings/erp');
    expect(one.text).toContain('Requeued: the ERP gets the order at its next poll.');
    expect(one.text).not.toContain(`id="dead-${entry}"`);
    expect((await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: f.ws.id, orderId: rejected })).state).toBe('waiting');
    const all = await submit(br, '/settings/erp/requeue', formOf(one.text, '/settings/erp/requeue'), '/settings/erp');
    expect(all.text).toContain('Requeued 1 dead letter: the ERP gets them at its next poll.');
    expect(all.text).toContain('No dead letters.');
    expect((await db(t).findOneByOrFail(ErpQueueEntry, { workspaceId: f.ws.id, orderId: tired })).state).toBe('waiting');
  });
});
