import request from 'supertest';
import { LogMailTransport, MAIL_TRANSPORT, MailSender } from '../../../src/platform/outbox/mail';
import { Browser, formFields } from '../../helpers/oauth-flow';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * Password links (reset and invitation) are built on the configured base of the workspace, never on the
 * request's Host or X-Forwarded-Host: a request naming an IP literal, another port or a proxy header
 * must not make the service e-mail a set-password token to a host of the requester's choosing
 * (docs/decisions/deployment-and-runtime.md, "Link base"). IP literals stay the default workspace; unknown hosts are 404.
 */
const HOME = `hl${process.pid}`;
let t: TestApp;
let home: Fixture;
let other: Fixture;
let seq = 0;

beforeAll(async () => {
  t = await startApp({ env: { DEFAULT_WORKSPACE: HOME, LOGIN_MAX_FAILURES: '50' } });
  home = await createWorkspace(t, HOME);
  other = await createWorkspace(t);
});
afterAll(async () => {
  await t?.close();
});

/** Hosts that are not a configured name, the workspace each selects, and the configured base of its links (PORT 3000). */
const foreign = (): [string, Fixture, string][] => [
  ['203.0.113.66', home, 'http://localhost:3000'],
  ['203.0.113.66:8080', home, 'http://localhost:3000'],
  ['[2001:db8::bad]:8443', home, 'http://localhost:3000'],
  [`${other.host}:8443`, other, `http://${other.ws.slug}.localhost:3000`],
];
const UNKNOWN = ['evil.example', 'evil.example:3000', `${HOME}.localhost.evil.example`];

/** The text of the last mail to `to` (pending mail delivered first). */
async function mailTo(app: TestApp, to: string): Promise<string> {
  await app.get(MailSender).deliver();
  const mail = [...app.get<LogMailTransport>(MAIL_TRANSPORT).sent].reverse().find((m) => m.to === to);
  expect(mail).toBeDefined();
  return mail!.text;
}

const urlsIn = (text: string) => text.match(/https?:\/\/[^\s"]+/g) ?? [];

/** "Forgot password" sent from a browser that reaches the service by `host` (and `headers` on the POST). */
async function forgot(app: TestApp, host: string, login: string, headers: Record<string, string> = {}) {
  const br = new Browser(app, host);
  const page = await br.get('/forgot-password');
  if (page.status !== 200) return page;
  return br.post('/forgot-password', { ...formFields(page.text), login }, headers);
}

/** A SCIM-provisioned user (active, no password: an invitation is e-mailed), created through `host`. */
function scimCreate(app: TestApp, host: string, key: string, email: string) {
  const body = { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: email, emails: [{ primary: true, value: email }], active: true };
  return request(app.app.getHttpServer()).post('/api/scim/v2/Users').set('Host', host).set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/scim+json').send(JSON.stringify(body));
}

describe('without PUBLIC_URL: BASE_DOMAIN with PUBLIC_SCHEME and PUBLIC_PORT', () => {
  it('forgot-password from an IP literal or another port mails the link on the configured base; an unknown host gets 404 and no mail', async () => {
    for (const [host, f, base] of foreign()) {
      const email = `reset${++seq}@${f.ws.slug}.test`;
      await createUser(t, f, { email, password: 'Old-Passw0rd-123' });
      expect((await forgot(t, host, email)).status).toBe(200);
      const text = await mailTo(t, email);
      expect(urlsIn(text)).toEqual([expect.stringMatching(new RegExp(`^${base.replace(/\./g, '\\.')}/reset-password\\?token=pwr_[A-Za-z0-9_-]{43}$`))]);
      expect(text).not.toContain(host);
    }
    const email = `unknown${++seq}@${home.ws.slug}.test`;
    await createUser(t, home, { email, password: 'Old-Passw0rd-123' });
    const before = t.get<LogMailTransport>(MAIL_TRANSPORT).sent.length;
    for (const host of UNKNOWN) expect((await forgot(t, host, email)).status).toBe(404);
    await t.get(MailSender).deliver();
    expect(t.get<LogMailTransport>(MAIL_TRANSPORT).sent.length).toBe(before);
  });

  it('an invitation provisioned through a foreign host links (and points apps) to the configured base; SCIM locations too', async () => {
    for (const [host, f, base] of foreign()) {
      const email = `invited${++seq}@${f.ws.slug}.test`;
      const created = await scimCreate(t, host, await issueKey(t, f, 'scim'), email).expect(201);
      expect(created.headers.location).toBe(`${base}/api/scim/v2/Users/${created.body.id}`);
      const text = await mailTo(t, email);
      expect(urlsIn(text)).toEqual([expect.stringMatching(new RegExp(`^${base.replace(/\./g, '\\.')}/invite\\?token=inv_[A-Za-z0-9_-]{43}$`)), `${base}/api/v1/invitations/accept`]);
      expect(text).not.toContain(host);
    }
    await scimCreate(t, 'evil.example', await issueKey(t, home, 'scim'), `nobody${++seq}@${HOME}.test`).expect(404);
  });

  it('a new invitation link for an admin who came by another port is on the configured base (Settings → Users)', async () => {
    const email = `shown${++seq}@${other.ws.slug}.test`;
    const id = (await scimCreate(t, other.host, await issueKey(t, other, 'scim'), email).expect(201)).body.id as string;
    const made = await api(t, `${other.host}:8443`, other.adminKey).post(`/api/v1/users/${id}/invitation`).expect(201);
    expect(made.body.link).toMatch(new RegExp(`^http://${other.ws.slug}\\.localhost:3000/invite\\?token=inv_[A-Za-z0-9_-]{43}$`));
  });
});

describe('with PUBLIC_URL behind a trusted proxy', () => {
  const MAIN = `hlp${process.pid}`;
  let p: TestApp;
  let main: Fixture;
  let acme: Fixture;
  beforeAll(async () => {
    p = await startApp({ env: { DEFAULT_WORKSPACE: MAIN, PUBLIC_URL: 'https://crm.example.test:8443', BASE_DOMAIN: 'crm.example.test', TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '50' } });
    main = await createWorkspace(p, MAIN);
    acme = await createWorkspace(p);
  });
  afterAll(async () => {
    await p?.close();
  });

  it('reset links are on PUBLIC_URL (its scheme and port on the slug host for another workspace), whatever Host or X-Forwarded-Host says', async () => {
    const cases: [string, Record<string, string>, Fixture, string][] = [
      ['203.0.113.66', {}, main, 'https://crm.example.test:8443'],
      ['crm.example.test', { 'X-Forwarded-Host': '203.0.113.66:9999', 'X-Forwarded-Proto': 'http' }, main, 'https://crm.example.test:8443'],
      [`${acme.ws.slug}.crm.example.test`, { 'X-Forwarded-Host': `${acme.ws.slug}.crm.example.test:9999` }, acme, `https://${acme.ws.slug}.crm.example.test:8443`],
    ];
    for (const [host, headers, f, base] of cases) {
      const email = `proxied${++seq}@${f.ws.slug}.test`;
      await createUser(p, f, { email, password: 'Old-Passw0rd-123' });
      expect((await forgot(p, host, email, headers)).status).toBe(200);
      const text = await mailTo(p, email);
      expect(urlsIn(text)).toEqual([expect.stringMatching(new RegExp(`^${base.replace(/\./g, '\\.')}/reset-password\\?token=pwr_`))]);
      expect(text).not.toContain('9999');
      expect(text).not.toContain('203.0.113.66');
    }
  });
});
