import request from 'supertest';
import { api, createWorkspace, Fixture, startApp, TestApp } from '../helpers/test-app';
import { settingsBrowser } from '../helpers/oauth-flow';

/**
 * A state-changing settings request without a body (no body parser ran, so there is no
 * form and no `csrf` field) is checked for CSRF like any other: 403, nothing changed.
 */
let t: TestApp;
let a: Fixture;
let hook: number;

beforeAll(async () => {
  t = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
  hook = (await api(t, a.host, a.adminKey).post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/csrf', events: ['opp_won'] }).expect(201)).body.webhook.id as number;
});
afterAll(async () => {
  await t.close();
});

const adminBrowser = (f: Fixture) => settingsBrowser(t, f.host, f.admin.email, 'Admin-Password-123');

/** The state-changing routes of the remaining server pages (Apps, sign-out); the moved screens call /api/v1. */
const routes = () => [`/settings/apps/${hook}/test`, `/settings/apps/${hook}/rotate`, `/settings/apps/${hook}/pause`, `/settings/apps/${hook}/delete`, `/settings/apps/${hook}/replay/failed`, '/settings/signout'];
/** The connection as it was: there, active, and no test delivery queued. */
async function unchanged() {
  const admin = api(t, a.host, a.adminKey);
  expect((await admin.get(`/api/v1/webhooks/${hook}`).expect(200)).body.webhook.active).toBe(true);
  expect((await admin.get(`/api/v1/webhooks/${hook}/deliveries`).expect(200)).body.items).toEqual([]);
}

describe('settings CSRF on body-less requests', () => {
  it('a cross-site POST without a body is refused with 403 on every state-changing route, and changes nothing', async () => {
    const br = await adminBrowser(a);
    const other = (await api(t, a.host).post('/api/v1/login', { username: a.admin.email, password: 'Admin-Password-123', device: 'Other' }).expect(200)).body.token as string;
    for (const path of routes()) {
      const r = await request(t.app.getHttpServer())
        .post(path)
        .set('Host', a.host)
        .set('Cookie', br.cookieHeader())
        .set('Origin', 'https://evil.example')
        .set('Sec-Fetch-Site', 'cross-site');
      expect({ path, status: r.status }).toEqual({ path, status: 403 });
      expect(r.text).toContain('The form expired. Reload the page and try again.');
    }
    // nothing changed: the connection as it was, still signed in, the other session still works
    await unchanged();
    expect((await br.get('/settings/apps')).status).toBe(200);
    await api(t, a.host, other).get('/api/v1/me').expect(200);
  });

  it('a same-site body-less POST without a token is refused too (the token is required, not only the origin check)', async () => {
    const br = await adminBrowser(a);
    for (const path of routes()) {
      const r = await request(t.app.getHttpServer()).post(path).set('Host', a.host).set('Cookie', br.cookieHeader());
      expect({ path, status: r.status }).toEqual({ path, status: 403 });
      expect(r.text).toContain('The form expired');
    }
    await unchanged();
  });
});
