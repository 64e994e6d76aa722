import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { ErpQueueEntry } from '../../../src/domain/crm/orders/erp-queue-entry.entity';
import { ErpStall } from '../../../src/domain/crm/orders/erp-stall.entity';
import { api, createUser, createWorkspace, db, type Fixture } from '../../helpers/test-app';
import { mainWords, screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * Settings → ERP in the app at its old address (admins): keys (a new key shown once; rotate and revoke ask first),
 * the queue by state, the heartbeat, the newest errors (shown as text, never as markup) and the dead letters
 * (requeue one or all), every change over /api/v1. Chromium at 1280 and 390 px, English and Turkish, axe-clean.
 */
jest.setTimeout(120_000);
const web = useWebApp({ env: { RATE_LIMIT_ERP_PER_MINUTE: '100000' } });
const HOSTILE = `<img src=x onerror="alert(1)"> & 'quoted'`;
/** An unbroken error of the ERP: it wraps instead of widening a phone's page. */
const LONG = `ERP said: ${'E'.repeat(150)}`;
/** The screen's texts (the app's dictionary, loaded at run time: the service's tsconfig has no JSX). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const TEXTS = (require('../../../web/src/features/settings/erp/erp.text') as { useErpText: { texts: Record<'en' | 'tr', Record<string, string>> } }).useErpText.texts;

/** A company and an order queued for the ERP through the REST API; returns the order id. */
async function queuedOrder(f: Fixture): Promise<number> {
  const admin = api(web.t, f.host, f.adminKey);
  const c = await admin.post('/api/v1/companies', { name: `Co ${randomBytes(3).toString('hex')}` }).expect(201);
  const o = await admin.post('/api/v1/orders', { customer_id: c.body.company.id, kg: 10, price: 2 }).expect(201);
  await admin.post(`/api/v1/orders/${o.body.order.id}/erp`).expect(200);
  return o.body.order.id as number;
}
const erpGet = (f: Fixture, key: string, path = '/api/erp/v1/orders') => request(web.t.app.getHttpServer()).get(path).set('Host', f.host).set('Authorization', `Bearer ${key}`);
async function open(f: Fixture, token: string, width: Width = 'desktop'): Promise<Page> {
  const page = await web.page({ token, width });
  await page.goto(`${web.origin(f.host)}/settings/erp`);
  return page;
}
const fits = async (page: Page, width: Width) => expect(await page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(width === 'phone' ? 390 : 1280);
const counts = async (page: Page) => page.locator('.st-counts dd').allTextContents();

describe.each(['desktop', 'phone'] as const)('Settings → ERP at %s width', (width) => {
  it('shows the queue and escaped errors; a key is shown once and polls; rotate and revoke ask first, then the old key is 401', async () => {
    const f = await createWorkspace(web.t);
    await queuedOrder(f);
    const failedOrder = await queuedOrder(f);
    await db(web.t).update(ErpQueueEntry, { workspaceId: f.ws.id, orderId: failedOrder }, { state: 'failed', attempts: 5, lastError: `${HOSTILE} ${LONG}` });
    const page = await open(f, f.adminKey, width);
    await page.getByRole('heading', { name: 'ERP connection', level: 1 }).waitFor();
    const base = (await api(web.t, f.host, f.adminKey).get('/api/v1/settings/erp').expect(200)).body.base_url as string;
    expect(base).toBe(`${web.origin(f.host)}/api/erp/v1`); // PUBLIC_PORT of the test app
    await page.getByText(base, { exact: true }).waitFor(); // the workspace's configured base, where the ERP polls
    await page.getByText('No active ERP key.').waitFor();
    expect(await counts(page)).toEqual(['1', '0', '0', '1', '0']); // waiting, claimed, retrying, failed, written
    await page.getByText('Last poll: never').waitFor();
    await page.getByText(/^Last hour: 0 claimed, 0 reported\. Oldest waiting order queued: \d/).waitFor();
    const error = page.getByRole('table', { name: 'Newest errors' }).getByRole('row', { name: new RegExp(`ORD-${failedOrder}`) });
    await error.getByText(HOSTILE).waitFor(); // the ERP's words as text
    await error.getByText('failed', { exact: true }).waitFor();
    expect(await page.locator('main img').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Revoke all keys' }).count()).toBe(0); // nothing to revoke yet
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-erp', width);

    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('secret-once');
    const key = (await shown.textContent())!;
    expect(key).toMatch(/^erp_/);
    expect((await erpGet(f, key, '/api/erp/v1/orders?claim=1').expect(200)).body.orders.length).toBe(1);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await page.getByText(/^Last poll: \d/).waitFor(); // the claim above counts
    expect(await counts(page)).toEqual(['0', '1', '0', '1', '0']);
    const prefix = (await page.locator('tbody th code').first().textContent())!.replace('…', '');
    expect(key.startsWith(prefix)).toBe(true);
    expect(await page.content()).not.toContain(key);

    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByText('Make a new ERP key? The current keys stop working at once', { exact: false }).waitFor();
    await erpGet(f, key).expect(200); // asked, not done
    await page.getByRole('button', { name: 'Yes, rotate' }).click();
    const key2 = (await shown.textContent())!;
    expect(key2).not.toBe(key);
    await erpGet(f, key).expect(401);
    await erpGet(f, key2).expect(200);

    await page.getByRole('button', { name: 'Revoke all keys' }).click();
    await page.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.getByText('Revoked 1 ERP key(s): the ERP can no longer poll.').waitFor();
    await page.getByText('No active ERP key.').waitFor();
    await erpGet(f, key2).expect(401);
  });

  it('lists dead letters with their reason; requeue one, then all', async () => {
    const f = await createWorkspace(web.t);
    const rejected = await queuedOrder(f);
    const tired = await queuedOrder(f);
    await db(web.t).update(ErpQueueEntry, { workspaceId: f.ws.id, orderId: rejected }, { state: 'failed', deadReason: 'rejected', attempts: 1, lastError: HOSTILE, doneAt: new Date() });
    await db(web.t).update(ErpQueueEntry, { workspaceId: f.ws.id, orderId: tired }, { state: 'failed', deadReason: 'attempts', attempts: 5, lastError: 'timeout', doneAt: new Date() });
    const page = await open(f, f.adminKey, width);
    const dead = page.getByRole('table', { name: 'Dead letters' });
    await dead.getByRole('row', { name: new RegExp(`ORD-${rejected}`) }).getByText('rejected by the ERP').waitFor();
    await dead.getByRole('row', { name: new RegExp(`ORD-${tired}`) }).getByText('too many attempts').waitFor();
    expect(await page.locator('main img').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-erp-dead', width);

    await page.getByRole('button', { name: `Requeue ORD-${rejected}` }).click();
    await page.getByText('Requeued: the ERP gets the order at its next poll.').waitFor();
    await dead.getByRole('row', { name: new RegExp(`ORD-${rejected}`) }).waitFor({ state: 'detached' });
    expect((await db(web.t).findOneByOrFail(ErpQueueEntry, { workspaceId: f.ws.id, orderId: rejected })).state).toBe('waiting');
    await page.getByRole('button', { name: 'Requeue all' }).click();
    await page.getByText('Requeued 1 dead letter(s): the ERP gets them at its next poll.').waitFor();
    await page.getByText('No dead letters.').waitFor();
    expect((await db(web.t).findOneByOrFail(ErpQueueEntry, { workspaceId: f.ws.id, orderId: tired })).state).toBe('waiting');
  });
});

describe('Settings → ERP for other users and in Turkish', () => {
  it('shows an open stall where the erp_stalled alert links to (#erp-stalled)', async () => {
    const f = await createWorkspace(web.t);
    await queuedOrder(f);
    const since = new Date(Date.now() - 40 * 60_000);
    await db(web.t).insert(ErpStall, { workspaceId: f.ws.id, raisedAt: since, lastPollAt: null, oldestWaitingAt: since, waiting: 1, clearedAt: null });
    const page = await open(f, f.adminKey);
    const stall = page.locator('#erp-stalled');
    await stall.getByText('Stalled', { exact: true }).waitFor();
    expect(await stall.textContent()).toContain('No poll while orders wait: the erp_stalled alert went out');
  });

  it('a sales user is refused (403): no key, no queue', async () => {
    const f = await createWorkspace(web.t);
    const { key } = await createUser(web.t, f);
    const page = await open(f, key);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await api(web.t, f.host, key).post('/api/v1/settings/erp/key').expect(403);
  });

  it.each(['desktop', 'phone'] as const)('a Turkish admin gets the screen in Turkish, axe-clean (%s)', async (width) => {
    const f = await createWorkspace(web.t);
    const order = await queuedOrder(f);
    await db(web.t).update(ErpQueueEntry, { workspaceId: f.ws.id, orderId: order }, { state: 'failed', deadReason: 'rejected', attempts: 1, lastError: 'unknown customer', doneAt: new Date() });
    await api(web.t, f.host, f.adminKey).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const { en, tr } = TEXTS;
    const english = Object.keys(en).filter((k) => en[k] !== tr[k] && !en[k].includes('{')).map((k) => en[k]);
    const page = await open(f, f.adminKey, width);
    await page.getByRole('heading', { name: tr.heading, level: 1 }).waitFor();
    await page.getByText('ERP reddetti').waitFor();
    await page.getByRole('button', { name: tr.createKey }).click();
    await page.getByText(tr.newKey).waitFor();
    await page.getByRole('button', { name: tr.rotateKey }).click();
    await page.getByText(tr.askRotate).waitFor();
    const body = await mainWords(page);
    expect(english.filter((w) => body.includes(w))).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-erp-tr', width);
  });
});
