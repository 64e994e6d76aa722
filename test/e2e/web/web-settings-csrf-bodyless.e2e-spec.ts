import request from 'supertest';
import { api, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { settingsBrowser } from '../../helpers/oauth-flow';

/**
 * A state-changing settings request without a body (no body parser ran, so there is no
 * form and no `csrf` field) is checked for CSRF like any other: 403, nothing changed.
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

/** The state-changing route of the remaining server pages (sign-out); the settings screens are the app's, over /api/v1. */
const routes = () => ['/settings/signout'];
/** Nothing changed: the browser is still signed in. */
async function unchanged(br: Awaited<ReturnType<typeof adminBrowser>>) {
  expect((await br.get('/settings')).status).toBe(200);
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
    // nothing changed: still signed in, the other session still works
    await unchanged(br);
    await api(t, a.host, other).get('/api/v1/me').expect(200);
  });

  it('a same-site body-less POST without a token is refused too (the token is required, not only the origin check)', async () => {
    const br = await adminBrowser(a);
    for (const path of routes()) {
      const r = await request(t.app.getHttpServer()).post(path).set('Host', a.host).set('Cookie', br.cookieHeader());
      expect({ path, status: r.status }).toEqual({ path, status: 403 });
      expect(r.text).toContain('The form expired');
    }
    await unchanged(br);
    // the Apps page's old form routes are gone (its screen calls /api/v1/webhooks): the app's addresses are no routes of
    // the service, and a POST there finds none
    const gone = await request(t.app.getHttpServer()).post('/settings/apps/1/test').set('Host', a.host).set('Cookie', br.cookieHeader());
    expect(gone.status).toBe(404);
  });
});
