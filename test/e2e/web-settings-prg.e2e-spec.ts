import request from 'supertest';
import { CONNECTION_KINDS } from '../../src/domain/integrations/webhook-connection.entity';
import { isRecordKind } from '../../src/domain/integrations/record-kinds';

/** The kinds that take a URL (webhook and chat); the record-creation kinds take settings and a token (web-settings.e2e-spec). */
const URL_KINDS = CONNECTION_KINDS.filter((k) => !isRecordKind(k));
import { api, createWorkspace, Fixture, startApp, TestApp } from '../helpers/test-app';
import { formFields, settingsBrowser } from '../helpers/oauth-flow';

/**
 * Settings changes are POST-redirect-GET (a reload neither repeats the change nor shows
 * a key again), destructive actions ask first, a form error keeps what was typed, and the Apps page
 * creates every connection kind of the API and edits, pauses/resumes and deletes a connection.
 */
let t: TestApp;
let a: Fixture;

beforeAll(async () => {
  t = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
});
afterAll(async () => {
  await t.close();
});


const adminBrowser = (f: Fixture) => settingsBrowser(t, f.host, f.admin.email, 'Admin-Password-123');

function formOf(html: string, action: string): Record<string, string> {
  const i = html.indexOf(`action="${action}"`);
  if (i < 0) throw new Error(`no form ${action} in ${html.slice(0, 500)}`);
  return formFields(html.slice(i, html.indexOf('</form>', i)));
}

const keyOf = (html: string) => html.match(/<code class="key">([^<]+)<\/code>/)?.[1];
const scimGet = (key: string) => request(t.app.getHttpServer()).get('/api/scim/v2/Users').set('Host', a.host).set('Authorization', `Bearer ${key}`);

describe('settings: POST-redirect-GET', () => {
  it('a new ERP key: 303, shown once on the GET, a reload shows it no more and creates nothing', async () => {
    const br = await adminBrowser(a);
    const page = await br.get('/settings/erp');
    const post = await br.post('/settings/erp/key', formOf(page.text, '/settings/erp/key'));
    expect(post.status).toBe(303);
    expect(post.headers.location).toBe('/settings/erp');
    expect(post.text).not.toMatch(/erp_[A-Za-z0-9_-]{20}/); // the key is not in the redirect
    const flashCookie = br.cookies.get('crm_settings_flash')!;
    expect(flashCookie).toMatch(/^v1\./); // sealed, not the key in clear
    expect(flashCookie).not.toContain('erp_');

    const shown = await br.get('/settings/erp');
    expect(shown.status).toBe(200);
    const key = keyOf(shown.text)!;
    expect(key).toMatch(/^erp_/);
    expect(shown.text).toContain('New ERP key');
    const reload = await br.get('/settings/erp');
    expect(reload.status).toBe(200);
    expect(keyOf(reload.text)).toBeUndefined();
    expect(reload.text.split('<tr><td><code>').length - 1).toBe(1); // one key in the list, no second one

    // the sealed flash is bound to its session: replayed into another session it shows nothing
    const other = await adminBrowser(a);
    other.cookies.set('crm_settings_flash', flashCookie);
    expect(keyOf((await other.get('/settings/erp')).text)).toBeUndefined();
    // a forged flash is ignored
    other.cookies.set('crm_settings_flash', 'v1.AAAA.BBBB.CCCC');
    expect((await other.get('/settings/erp')).status).toBe(200);
    await api(t, a.host, a.adminKey).delete('/api/v1/settings/erp/key').expect(200); // the next test starts without a key
  });

  it('SCIM rotation asks first; the key shown after the redirect stays valid on reload (no second rotation)', async () => {
    const br = await adminBrowser(a);
    const made = await br.post('/settings/scim/key', formOf((await br.get('/settings/scim')).text, '/settings/scim/key'));
    expect(made.status).toBe(303); // the first key: nothing to lose, no question
    const key1 = keyOf((await br.get('/settings/scim')).text)!;
    await scimGet(key1).expect(200);

    const page = await br.get('/settings/scim');
    const ask = await br.post('/settings/scim/key', formOf(page.text, '/settings/scim/key'));
    expect(ask.status).toBe(200);
    expect(ask.text).toContain('<h1>Rotate SCIM key?</h1>');
    expect(ask.text).toContain('<input type="hidden" name="confirm" value="yes">');
    expect(ask.text).toContain('<a href="/settings/scim">Cancel</a>');
    await scimGet(key1).expect(200); // nothing happened yet

    const done = await br.post('/settings/scim/key', formOf(ask.text, '/settings/scim/key'));
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/settings/scim');
    const key2 = keyOf((await br.get('/settings/scim')).text)!;
    expect(key2).not.toBe(key1);
    await scimGet(key1).expect(401);
    const reload = await br.get('/settings/scim');
    expect(keyOf(reload.text)).toBeUndefined();
    await scimGet(key2).expect(200); // the reload rotated nothing
  });

  it('ERP: revoke asks first; nothing is revoked until confirmed', async () => {
    const br = await adminBrowser(a);
    expect((await br.post('/settings/erp/key', formOf((await br.get('/settings/erp')).text, '/settings/erp/key'))).status).toBe(303);
    const page = await br.get('/settings/erp');
    const key = keyOf(page.text)!;
    const erp = () => request(t.app.getHttpServer()).get('/api/erp/v1/orders').set('Host', a.host).set('Authorization', `Bearer ${key}`);
    const ask = await br.post('/settings/erp/revoke', formOf(page.text, '/settings/erp/revoke'));
    expect(ask.status).toBe(200);
    expect(ask.text).toContain('Revoke every ERP key?');
    await erp().expect(200);
    const done = await br.post('/settings/erp/revoke', formOf(ask.text, '/settings/erp/revoke'));
    expect(done.status).toBe(303);
    expect((await br.get('/settings/erp')).text).toContain('Revoked 1 ERP key');
    await erp().expect(401);
  });
});

describe('settings: Apps page', () => {
  it('creates every URL connection kind of the API; chat kinds get no signing key', async () => {
    const br = await adminBrowser(a);
    const page = await br.get('/settings/apps');
    for (const kind of CONNECTION_KINDS) expect(page.text).toContain(`<option value="${kind}"`);
    for (const kind of URL_KINDS) {
      const form = formOf((await br.get('/settings/apps')).text, '/settings/apps');
      const r = await br.post('/settings/apps', { ...form, kind, url: `http://127.0.0.1:9/${kind}`, events: 'opp_won' });
      expect({ kind, status: r.status, location: r.headers.location }).toEqual({ kind, status: 303, location: '/settings/apps' });
      const shown = await br.get('/settings/apps');
      expect(shown.text).toContain('Connection created');
      expect({ kind, key: keyOf(shown.text) === undefined }).toEqual({ kind, key: kind !== 'webhook' });
    }
    const list = (await api(t, a.host, a.adminKey).get('/api/v1/webhooks').expect(200)).body.items as { kind: string; url: string }[];
    expect(list.map((c) => c.kind).sort()).toEqual([...URL_KINDS].sort());
  });

  it('a form error keeps what was typed (400): URL, kind and events', async () => {
    const br = await adminBrowser(a);
    const form = formOf((await br.get('/settings/apps')).text, '/settings/apps');
    const r = await br.post('/settings/apps', { ...form, kind: 'discord', url: 'ftp://typed.example/"x"', events: ['opp_won', 'lead_created'] } as unknown as Record<string, string>);
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/<p class="error" role="alert">[^<]+<\/p>/);
    expect(r.text).toContain('value="ftp://typed.example/&quot;x&quot;"');
    expect(r.text).toContain('<option value="discord" selected>');
    expect(r.text).toContain('value="opp_won" checked');
    expect(r.text).toContain('value="lead_created" checked');
    expect(r.text).not.toContain('value="opp_lost" checked');
  });

  it('edits, pauses, resumes and deletes (asking first) a connection', async () => {
    const admin = api(t, a.host, a.adminKey);
    const id = (await admin.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/edit-me', events: ['opp_won'], kind: 'slack' }).expect(201)).body.webhook.id as number;
    const br = await adminBrowser(a);
    const edit = await br.get(`/settings/apps/${id}/edit`);
    expect(edit.status).toBe(200);
    expect(edit.text).toContain('value="http://127.0.0.1:9/edit-me"');
    expect(edit.text).toContain('value="opp_won" checked');
    expect(edit.text).toContain('Kind: Slack.');

    const bad = await br.post(`/settings/apps/${id}`, { ...formOf(edit.text, `/settings/apps/${id}`), url: 'http://127.0.0.1:9/typed' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('select at least one event');
    expect(bad.text).toContain('value="http://127.0.0.1:9/typed"');

    const saved = await br.post(`/settings/apps/${id}`, { ...formOf(edit.text, `/settings/apps/${id}`), url: 'http://127.0.0.1:9/edited', events: ['opp_lost', 'ticket_created'] } as unknown as Record<string, string>);
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/settings/apps');
    expect((await br.get('/settings/apps')).text).toContain('Connection saved.');
    let hook = (await admin.get(`/api/v1/webhooks/${id}`).expect(200)).body.webhook;
    expect({ url: hook.url, events: hook.events, kind: hook.kind }).toEqual({ url: 'http://127.0.0.1:9/edited', events: ['opp_lost', 'ticket_created'], kind: 'slack' });

    const list = await br.get('/settings/apps');
    const paused = await br.post(`/settings/apps/${id}/pause`, formOf(list.text, `/settings/apps/${id}/pause`));
    expect(paused.status).toBe(303);
    const afterPause = await br.get('/settings/apps');
    expect(afterPause.text).toContain('Connection paused');
    expect((await admin.get(`/api/v1/webhooks/${id}`).expect(200)).body.webhook.active).toBe(false);
    expect((await br.post(`/settings/apps/${id}/resume`, formOf(afterPause.text, `/settings/apps/${id}/resume`))).status).toBe(303);
    hook = (await admin.get(`/api/v1/webhooks/${id}`).expect(200)).body.webhook;
    expect(hook.active).toBe(true);

    const page = await br.get('/settings/apps');
    const ask = await br.post(`/settings/apps/${id}/delete`, formOf(page.text, `/settings/apps/${id}/delete`));
    expect(ask.status).toBe(200);
    expect(ask.text).toContain('Delete the connection to http://127.0.0.1:9/edited?');
    await admin.get(`/api/v1/webhooks/${id}`).expect(200);
    const deleted = await br.post(`/settings/apps/${id}/delete`, formOf(ask.text, `/settings/apps/${id}/delete`));
    expect(deleted.status).toBe(303);
    expect((await br.get('/settings/apps')).text).toContain('Connection deleted.');
    await admin.get(`/api/v1/webhooks/${id}`).expect(404);
    expect((await br.get(`/settings/apps/${id}/edit`)).status).toBe(404);
  });

  it("edits a connection's filter on its data: a bad one is 400 naming the part, the card shows it, the form keeps it", async () => {
    const admin = api(t, a.host, a.adminKey);
    const won = Object.entries(a.ws.constants.stage_roles).find(([, role]) => role === 'won')![0];
    const id = (await admin.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/filtered', events: ['opp_stage'] }).expect(201)).body.webhook.id as number;
    const br = await adminBrowser(a);
    const edit = await br.get(`/settings/apps/${id}/edit`);
    expect(edit.text).toMatch(/<label for="filter">[^<]+<\/label><textarea id="filter" name="filter"[^>]*aria-describedby="filter-hint"><\/textarea>/);
    // the hint's example uses this workspace's won stage
    expect(edit.text).toContain(`&quot;value&quot;:[&quot;${won}&quot;]`);
    const form = { ...formOf(edit.text, `/settings/apps/${id}`), url: 'http://127.0.0.1:9/filtered', events: 'opp_stage' };

    const notJson = await br.post(`/settings/apps/${id}`, { ...form, filter: '{"conditions": [' });
    expect(notJson.status).toBe(400);
    expect(notJson.text).toContain('filter: is not valid JSON');
    expect(notJson.text).toContain('{&quot;conditions&quot;: [</textarea>'); // what was typed is kept
    const badOp = await br.post(`/settings/apps/${id}`, { ...form, filter: JSON.stringify({ conditions: [{ field: 'stage', op: 'gt', value: won }] }) });
    expect(badOp.status).toBe(400);
    expect(badOp.text).toContain('filter.conditions[0].op: unknown operator gt; one of eq, in, not');
    expect((await admin.get(`/api/v1/webhooks/${id}`).expect(200)).body.webhook.filter).toBeNull();

    const filter = { match: 'all', conditions: [{ field: 'stage', op: 'in', value: [won] }] };
    const saved = await br.post(`/settings/apps/${id}`, { ...form, filter: JSON.stringify(filter) });
    expect(saved.status).toBe(303);
    expect((await admin.get(`/api/v1/webhooks/${id}`).expect(200)).body.webhook.filter).toEqual(filter);
    const card = await br.get('/settings/apps');
    expect(card.text).toMatch(new RegExp(`id="conn-${id}">http://127\\.0\\.0\\.1:9/filtered</td>.*?<div class="muted">Filter: stage in \\[${won}\\]</div>`, 's'));
    const again = await br.get(`/settings/apps/${id}/edit`);
    expect(again.text).toContain(`&quot;field&quot;: &quot;stage&quot;`);
    // emptying the textarea removes the filter
    expect((await br.post(`/settings/apps/${id}`, { ...form, filter: '' })).status).toBe(303);
    expect((await admin.get(`/api/v1/webhooks/${id}`).expect(200)).body.webhook.filter).toBeNull();
    expect((await br.get('/settings/apps')).text).not.toContain(`Filter: stage in`);
    await admin.delete(`/api/v1/webhooks/${id}`).expect(200);
  });
});
