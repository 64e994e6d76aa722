import type { Page } from 'playwright-core';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';
import { WebhookWorker } from '../../../src/domain/integrations/webhook-worker';
import { waitFor } from '../../helpers/wait';

/**
 * Settings → Apps in the app at its old address (admins): webhook, chat and record-creation connections over
 * /api/v1/webhooks. A webhook's signing key is shown once from the create's answer (and after a rotation that asked
 * first); test, pause/resume, edit, delete (asking first), "send again" and the delivery log. Chromium at 1280 and
 * 390 px, English and Turkish, axe-clean, nothing scrolls sideways.
 */
jest.setTimeout(180_000);
const web = useWebApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1' } });
/** The screen's texts (the app's dictionary, loaded at run time: the service's tsconfig has no JSX). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const TEXTS = (require('../../../web/src/features/webhooks/apps.text') as { useAppsText: { texts: Record<'en' | 'tr', Record<string, string>> } }).useAppsText.texts;

async function open(f: Fixture, token: string, width: Width = 'desktop', path = '/settings/apps'): Promise<Page> {
  const page = await web.page({ token, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
}
const fits = async (page: Page, width: Width) => expect(await page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(width === 'phone' ? 390 : 1280);
const hooks = async (f: Fixture) => (await api(web.t, f.host, f.adminKey).get('/api/v1/webhooks').expect(200)).body.items as { id: number; url: string; active: boolean; events: string[]; filter: unknown }[];
const row = (page: Page, id: number) => page.locator('tr', { has: page.locator(`#conn-${id}`) });

/** Runs the webhook worker until the connection's newest delivery is done (a refused address fails at once). */
async function settle(f: Fixture, id: number) {
  const worker = web.t.get(WebhookWorker);
  const deadline = Date.now() + 20_000;
  for (;;) {
    await worker.round();
    const items = (await api(web.t, f.host, f.adminKey).get(`/api/v1/webhooks/${id}/deliveries`).expect(200)).body.items as { status: string }[];
    if (items[0]?.status === 'done') return;
    if (Date.now() > deadline) throw new Error('the delivery never finished');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(['desktop', 'phone'] as const)('Settings → Apps at %s width', (width) => {
  it('creates a webhook (an escaped hostile URL, the key shown once), tests, rotates after asking, pauses, edits, reads its log, deletes after asking', async () => {
    const f = await createWorkspace(web.t);
    const page = await open(f, f.adminKey, width);
    await page.getByRole('heading', { name: TEXTS.en.heading, level: 1 }).waitFor();
    await page.getByText('No connections.').waitFor();

    // nothing chosen: the service refuses it, naming the field
    await page.getByLabel('URL (https)').fill('http://127.0.0.1:9/h');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('alert').getByText('Events:').waitFor();
    expect(await hooks(f)).toEqual([]);

    const hostile = `http://127.0.0.1:9/h-${width}/${'averyverylongpathsegment'.repeat(4)}?q='onmouseover='x&a="><b>bold</b>`;
    await page.getByLabel('URL (https)').fill(hostile);
    await page.getByLabel('opp_won').check();
    await page.getByLabel('opp_created').check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Connection created (Webhook (signed JSON))').waitFor();
    const key = (await page.getByTestId('secret-once').textContent())!;
    expect(key).toMatch(/^whsec_/);
    const [hook] = await hooks(f);
    expect(hook).toMatchObject({ url: new URL(hostile).href, events: ['opp_won', 'opp_created'], active: true }); // stored normalised
    expect(await page.locator('main b').count()).toBe(0); // the URL is text, not markup
    await page.locator(`#conn-${hook!.id}`).getByText(hook!.url, { exact: true }).waitFor();
    await row(page, hook!.id).getByText('opp_won, opp_created').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-apps', width);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await row(page, hook!.id).waitFor();
    expect(await page.content()).not.toContain(key);

    // test: queued, and in the delivery log with "Send again"
    await row(page, hook!.id).getByRole('button', { name: 'Test' }).click();
    await page.getByText('Test delivery queued').waitFor();

    // rotate asks first; the new key is shown once
    await row(page, hook!.id).getByRole('button', { name: 'Rotate key' }).click();
    await page.getByText('The current key stops signing at once', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Yes, rotate' }).click();
    await page.getByText(/^New signing key of /).waitFor();
    const key2 = (await page.getByTestId('secret-once').textContent())!;
    expect(key2).toMatch(/^whsec_/);
    expect(key2).not.toBe(key);
    await page.getByRole('button', { name: 'Done' }).click();

    await row(page, hook!.id).getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Connection paused').waitFor();
    expect((await hooks(f))[0]!.active).toBe(false);
    await row(page, hook!.id).getByRole('button', { name: 'Resume' }).click();
    await page.getByText('Connection resumed').waitFor();
    expect((await hooks(f))[0]!.active).toBe(true);

    // edit: a bad filter is refused naming the filter and kept as typed; a good one is saved and shown in words
    await row(page, hook!.id).getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit connection', level: 1 }).waitFor();
    const filter = page.getByLabel('Filter on the event data (optional)');
    await filter.fill('{"conditions": [{"field": "stage", "op": "like", "value": "x"}]}');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText(/Filter on the event data/).waitFor();
    expect(await filter.inputValue()).toContain('"like"');
    const won = Object.entries(f.ws.constants.stage_roles).find(([, role]) => role === 'won')![0];
    await filter.fill(JSON.stringify({ conditions: [{ field: 'stage', op: 'in', value: [won] }] }));
    await fits(page, width);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Connection saved.').waitFor();
    await row(page, hook!.id).getByText(`Filter: all of: stage in ["${won}"]`).waitFor();

    // the delivery log: the test, sent again
    await row(page, hook!.id).getByRole('link', { name: 'Delivery log' }).click();
    await page.getByRole('heading', { name: 'Delivery log', level: 1 }).waitFor();
    await page.locator('td').filter({ hasText: /^test$/ }).waitFor();
    await page.getByRole('button', { name: 'Send again' }).first().click();
    await page.getByText('Sent again').waitFor();
    await page.locator('td').filter({ hasText: /^test$/ }).nth(1).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await page.getByRole('link', { name: 'Back to Apps' }).click();

    // delete asks first
    await row(page, hook!.id).getByRole('button', { name: /^Delete the connection to / }).click();
    await page.getByText('its delivery log is deleted with it', { exact: false }).waitFor();
    expect(await hooks(f)).toHaveLength(1); // asked, not done
    await page.getByRole('button', { name: 'Delete connection' }).click();
    await page.getByText('Connection deleted.').waitFor();
    expect(await hooks(f)).toEqual([]);
  });
});

describe('Settings → Apps: record-creation kinds, sending again, other users and Turkish', () => {
  it('creates and edits an Asana connection: its settings, a token never shown again, a bad setting refused by name and kept', async () => {
    const f = await createWorkspace(web.t);
    const page = await open(f, f.adminKey);
    await page.getByLabel('Kind').selectOption('asana');
    expect(await page.getByLabel('URL (https)').count()).toBe(0);
    const TOKEN = '2/1200000000000001/1209999999999999:webformtoken0123456789';
    await page.getByLabel('Project gid').fill('my project');
    await page.getByLabel('Product token').fill(TOKEN);
    await page.getByLabel('opp_created').check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('alert').getByText('Project gid:').waitFor();
    expect(await page.getByLabel('Project gid').inputValue()).toBe('my project');
    await page.getByLabel('Project gid').fill('1204567890123456');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Connection created (Asana (task))').waitFor();
    expect(await page.getByTestId('secret-once').count()).toBe(0); // nothing signs: no key to show
    expect(await page.content()).not.toContain(TOKEN);
    const hook = (await api(web.t, f.host, f.adminKey).get('/api/v1/webhooks').expect(200)).body.items[0];
    expect(hook).toMatchObject({ kind: 'asana', config: { project_gid: '1204567890123456' }, token_set: true, events: ['opp_created'] });
    expect(await row(page, hook.id).getByRole('button', { name: 'Rotate key' }).count()).toBe(0);

    await row(page, hook.id).getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit connection', level: 1 }).waitFor();
    expect(await page.getByLabel('Project gid').inputValue()).toBe('1204567890123456');
    expect(await page.getByLabel('URL (https)').count()).toBe(0);
    expect(await page.getByLabel('Product token').inputValue()).toBe('');
    await page.getByLabel('Project gid').fill('1204567890999999');
    await page.getByLabel('opp_won').check();
    await page.getByRole('button', { name: 'Save' }).click(); // an empty token keeps the stored one
    await page.getByText('Connection saved.').waitFor();
    const saved = (await api(web.t, f.host, f.adminKey).get(`/api/v1/webhooks/${hook.id}`).expect(200)).body.webhook;
    expect(saved).toMatchObject({ config: { project_gid: '1204567890999999' }, token_set: true, events: ['opp_created', 'opp_won'] });
  });

  it('"Send again what failed" and "Send again everything since …" queue replays, marked in the delivery log', async () => {
    const f = await createWorkspace(web.t);
    const admin = api(web.t, f.host, f.adminKey);
    // a receiver that refuses connections: the event's delivery fails
    const hook = (await admin.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/replay', events: ['customer_created'] }).expect(201)).body.webhook;
    await admin.post('/api/v1/companies', { name: 'Replay Screen Co' }).expect(201);
    await settle(f, hook.id);
    const page = await open(f, f.adminKey);
    const r = row(page, hook.id);
    await r.getByRole('button', { name: 'Send again what failed' }).click();
    await page.getByText('1 event queued to send again').waitFor();
    await settle(f, hook.id);
    // a window older than the journal keeps is refused; the window since the connection was made holds the one event
    await r.getByLabel('Send again everything since').fill('2020-01-01T00:00');
    await r.getByRole('button', { name: 'Send again', exact: true }).click();
    await r.getByRole('alert').waitFor(); // older than the journal keeps events: refused, naming the field
    await r.getByLabel('Send again everything since').fill(hook.created_at.slice(0, 16));
    await r.getByRole('button', { name: 'Send again', exact: true }).click();
    const replays = async () => (await admin.get(`/api/v1/webhooks/${hook.id}/deliveries`).expect(200)).body.items.map((d: { replay: boolean }) => d.replay);
    await waitFor(async () => (await replays()).length === 3, 20_000);
    expect(await replays()).toEqual([true, true, false]);
    await page.getByText('1 event queued to send again').waitFor();
    await r.getByRole('link', { name: 'Delivery log' }).click();
    await page.locator('td').filter({ hasText: /^customer_created \(replay\)$/ }).nth(1).waitFor();
  });

  it('a sales user is refused (403): the screen shows the error and no connection is made', async () => {
    const f = await createWorkspace(web.t);
    const { key } = await createUser(web.t, f);
    const page = await open(f, key);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await api(web.t, f.host, key).post('/api/v1/webhooks', { url: 'https://hooks.example.com/x', events: ['opp_won'] }).expect(403);
    expect(await hooks(f)).toEqual([]);
  });

  it.each(['desktop', 'phone'] as const)('a Turkish admin gets the list, the edit form and the delivery log in Turkish, axe-clean (%s)', async (width) => {
    const f = await createWorkspace(web.t);
    const admin = api(web.t, f.host, f.adminKey);
    await admin.patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const hook = (await admin.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/tr', events: ['opp_won'] }).expect(201)).body.webhook;
    await admin.post('/api/v1/webhooks', { url: 'https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX', events: ['opp_won'], kind: 'slack', active: false }).expect(201);
    await admin.post(`/api/v1/webhooks/${hook.id}/test`).expect(201);
    const { en, tr } = TEXTS;
    const english = Object.keys(en)
      .filter((k) => en[k] !== tr[k] && !en[k]!.includes('{') && en[k]!.length > 3)
      .map((k) => en[k]!);
    const englishOn = async (page: Page) => {
      const body = await page.locator('main').innerText();
      return english.filter((w) => new RegExp(`(^|[^\\p{L}_])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}_])`, 'u').test(body));
    };
    const page = await open(f, f.adminKey, width);
    await page.getByRole('heading', { name: tr.heading, level: 1 }).waitFor();
    await row(page, hook.id).getByRole('button', { name: tr.rotateKey }).click();
    await page.getByText(tr.yesRotate).waitFor();
    expect(await englishOn(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fits(page, width);
    await screenshot(page, 'settings-apps-tr', width);
    for (const path of [`/settings/apps/${hook.id}/edit`, `/settings/apps/${hook.id}/deliveries`]) {
      await page.goto(`${web.origin(f.host)}${path}`);
      await page.getByRole('heading', { name: path.endsWith('edit') ? tr.editTitle : tr.deliveryLog, level: 1 }).waitFor();
      await page.locator('main form, main table, main .panel').first().waitFor();
      expect({ path, english: await englishOn(page) }).toEqual({ path, english: [] });
      await fits(page, width);
    }
  });
});
