import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { currentTotp } from '../../../src/domain/identity/totp';
import { UsersService } from '../../../src/domain/identity/users.service';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp } from '../../helpers/web-app';

/**
 * The `url` of a webhook delivery opens the record in the web app for a signed-out
 * browser, after the sign-in (the real one: HttpOnly cookie and CSRF header, two-factor when on).
 */
const PASSWORD = 'Web-Signin-Password-1';
const got: { event: string; url: string; data: { id?: number } }[] = [];
let receiver: Server;
const web = useWebApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', WEBHOOK_POLL_MS: '30', WEBHOOK_WORKER: '1' } });
let f: Fixture;
let email: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  f = await createWorkspace(web.t);
  const u = await createUser(web.t, f, { password: PASSWORD, fullName: 'Deniz Kaya', role: 'admin' });
  email = u.user.email;
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await api(web.t, f.host, f.adminKey).post('/api/v1/webhooks', { url: hook, events: ['opp_created', 'customer_created', 'contact_created', 'lead_created'] }).expect(201);
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});

/** A record created through the API as a browser would reach it (Host with the port), and its delivery's url. */
async function deliveredUrl(event: string, create: () => Promise<number>): Promise<{ id: number; url: string }> {
  const id = await create();
  for (let i = 0; i < 1200; i++) {
    const d = got.find((g) => g.event === event && g.data.id === id);
    if (d) return { id, url: d.url };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${event} delivery for ${id}`);
}

/** The API as the browser reaches it: the Host carries the listening port, so links carry it too. */
const browserApi = () => api(web.t, new URL(web.origin(f.host)).host, f.adminKey);

async function signIn(page: Page, otp?: () => string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (otp) {
    const code = page.getByLabel('Two-factor code');
    await code.waitFor();
    await code.fill(otp());
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
}

it("opens an opp_created delivery's url after signing in, on that opportunity with its name, stage and value", async () => {
  const company = (await browserApi().post('/api/v1/companies', { name: 'Marmara Plastik' }).expect(201)).body.company.id as number;
  const { id, url } = await deliveredUrl('opp_created', async () => (await browserApi().post('/api/v1/opportunities', { name: 'Stretch film 2027', customer_id: company, value: 12500 }).expect(201)).body.opp.id);
  expect(url).toBe(`${web.origin(f.host)}/opportunities/${id}`);
  const opp = (await browserApi().get(`/api/v1/opportunities/${id}`).expect(200)).body.opp;

  const page = await web.page();
  await page.goto(url);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await signIn(page);
  await page.getByRole('heading', { name: 'Stretch film 2027' }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/opportunities/${id}`);
  await page.getByText(opp.stage_label as string).first().waitFor();
  await page.getByText(/12[,.]500/).first().waitFor();

  // the session is the HttpOnly cookie; nothing in script-readable storage holds a token
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'crm_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  expect(await page.evaluate('JSON.stringify(localStorage) + JSON.stringify(sessionStorage) + document.cookie')).not.toMatch(/xk_/);

  // sign-out ends the session: the next visit asks again
  await page.locator('.user-menu summary').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.goto(url);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
});

it.each([
  ['customer_created', 'companies', async () => (await browserApi().post('/api/v1/companies', { name: 'Ege Ambalaj' }).expect(201)).body.company.id as number, 'Ege Ambalaj'],
  [
    'contact_created',
    'people',
    async () => {
      const c = (await browserApi().post('/api/v1/companies', { name: 'Trakya Film' }).expect(201)).body.company.id as number;
      return (await browserApi().post('/api/v1/people', { name: 'Selin Aksoy', customer_id: c }).expect(201)).body.person.id as number;
    },
    'Selin Aksoy',
  ],
  ['lead_created', 'leads', async () => (await browserApi().post('/api/v1/leads', { company: 'Karadeniz Gıda', contact_name: 'Murat Öz' }).expect(201)).body.lead.id as number, 'Karadeniz Gıda'],
] as const)('opens a %s delivery on its record after signing in', async (event, section, create, name) => {
  const { id, url } = await deliveredUrl(event, create);
  expect(url).toBe(`${web.origin(f.host)}/${section}/${id}`);
  const page = await web.page();
  await page.goto(url);
  await signIn(page);
  await page.getByRole('heading', { name }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/${section}/${id}`);
});

it('signs in with two-factor authentication, and says so when a code is wrong', async () => {
  const u = await createUser(web.t, f, { password: PASSWORD, fullName: 'Two Factor' });
  const { secret } = await web.t.get(UsersService).enableTotp(f.ws.id, u.user.id);
  const page = await web.page({ width: 'phone' });
  await page.goto(`${web.origin(f.host)}/`);
  await page.getByLabel('E-mail').fill(u.user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = page.getByLabel('Two-factor code');
  await code.waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, 'signin-otp', 'phone');
  await code.fill(currentTotp(secret) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'That code is not valid.' }).waitFor();
  await code.fill(currentTotp(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  // at 390 px the navigation is behind the menu button; the user menu shows who is signed in
  await page.locator('.user-menu summary').filter({ hasText: 'TF' }).waitFor();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Today' }).waitFor();
});

it('says so for a wrong password, and keeps no session', async () => {
  const page = await web.page();
  await page.goto(`${web.origin(f.host)}/companies`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' }).waitFor();
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('crm_session');
});
