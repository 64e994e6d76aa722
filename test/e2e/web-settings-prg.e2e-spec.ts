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

describe('settings: POST-redirect-GET', () => {
  it('a new signing key: 303, shown once on the GET, a reload shows it no more and creates nothing', async () => {
    const f = await createWorkspace(t); // its own workspace: the Apps tests below count a's connections
    const br = await adminBrowser(f);
    const page = await br.get('/settings/apps');
    const post = await br.post('/settings/apps', { ...formOf(page.text, '/settings/apps'), kind: 'webhook', url: 'http://127.0.0.1:9/prg', events: 'opp_won' });
    expect(post.status).toBe(303);
    expect(post.headers.location).toBe('/settings/apps');
    const flashCookie = br.cookies.get('crm_settings_flash')!;
    expect(flashCookie).toMatch(/^v1\./); // sealed, not the key in clear

    const shown = await br.get('/settings/apps');
    expect(shown.status).toBe(200);
    const key = keyOf(shown.text)!;
    expect(key.length).toBeGreaterThan(20);
    expect(post.text).not.toContain(key); // the key is not in the redirect
    expect(flashCookie).not.toContain(key);
    expect(shown.text).toContain('Signing key of http://127.0.0.1:9/prg');
    const reload = await br.get('/settings/apps');
    expect(reload.status).toBe(200);
    expect(keyOf(reload.text)).toBeUndefined();
    expect((await api(t, f.host, f.adminKey).get('/api/v1/webhooks').expect(200)).body.items).toHaveLength(1); // the reload created no second one

    // the sealed flash is bound to its session: replayed into another session it shows nothing
    const other = await adminBrowser(f);
    other.cookies.set('crm_settings_flash', flashCookie);
    expect(keyOf((await other.get('/settings/apps')).text)).toBeUndefined();
    // a forged flash is ignored
    other.cookies.set('crm_settings_flash', 'v1.AAAA.BBBB.CCCC');
    expect((await other.get('/settings/apps')).status).toBe(200);
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
