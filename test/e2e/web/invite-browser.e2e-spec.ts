import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { horizontalOverflow, signInWithPage, useChromium } from '../../helpers/browser';
import { LoopbackSmtp, mailText, smtpServer } from '../../helpers/smtp-server';
import { createWorkspace, Fixture, issueKey, TestApp } from '../../helpers/test-app';
import { startOnFreePort } from '../../helpers/web-app';
import { screensDir } from '../../helpers/screens-dir';

/**
 * A user created over SCIM receives the invitation by e-mail (a real SMTP
 * conversation with a loopback server, sent by the background mail sender), opens the link in Chromium,
 * sets a password, lands signed in, and signs in again with it. Also "forgot password" end to end, and
 * screenshots of both pages at 1280 and 390 px (written to test-output/screens, or SCREENS_DIR).
 */
jest.setTimeout(120_000);

const chromium = useChromium();
const dir = screensDir();
const PASSWORD = 'Sunny-Harbour-2024';
let t: TestApp;
let a: Fixture;
let smtp: LoopbackSmtp;
let port = 0;

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  smtp = await smtpServer();
  // the background sender delivers (every 100 ms) over SMTP: nothing is called by hand
  // mailed links carry the configured port (PUBLIC_PORT), never the request's: the app listens on it
  ({ t, port } = await startOnFreePort(
    (p) => ({ env: { SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_MS: '100', MAIL_FROM: 'CRM <no-reply@crm.test>', PUBLIC_PORT: String(p) } }),
    async (started) => void (a = await createWorkspace(started, `invite${process.pid}`)),
  ));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const origin = () => `http://${a.host}:${port}`;

/** The link of `path` in the next e-mail to `to` (waits for the SMTP server to receive it). */
async function mailedLink(to: string, path: string): Promise<string> {
  const msg = await smtp.next(to);
  expect(msg.from).toContain('no-reply@crm.test');
  const text = mailText(msg.data);
  const m = new RegExp(`(http://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+)`).exec(text);
  expect(m).not.toBeNull();
  return m![1]!;
}

async function scimCreate(email: string, givenName: string): Promise<void> {
  const key = await issueKey(t, a, 'scim');
  await request(t.app.getHttpServer())
    .post('/api/scim/v2/Users')
    .set('Host', a.host)
    .set('Authorization', `Bearer ${key}`)
    .set('Content-Type', 'application/scim+json')
    .send(JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: email, name: { givenName, familyName: 'Okta' }, emails: [{ primary: true, value: email }], active: true }))
    .expect(201);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe.each([
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const)('in Chromium at %s width', (label, contextOptions) => {
  it('a user created over SCIM gets the e-mail, opens the link, sets a password, is signed in, and signs in again with it', async () => {
    const width = contextOptions.viewport.width;
    const email = `okta.${label}@${a.ws.slug}.test`;
    await scimCreate(email, 'Imani');
    const link = await mailedLink(email, '/invite');
    expect(link.startsWith(`${origin()}/invite?token=inv_`)).toBe(true);

    const page = await chromium.page({ ...contextOptions, deviceScaleFactor: 1, colorScheme: 'light', locale: 'en-GB' });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByText(`Your user name: ${email}`).waitFor();
    await shoot(page, `invite-${width}`);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    // signed in: the app's Connections screen, with the user's name in the app's header
    await page.waitForURL((u) => u.pathname === '/settings/connections');
    await page.getByRole('heading', { name: 'Connections', level: 1 }).waitFor();
    await page.locator('.user-name', { hasText: 'Imani Okta' }).waitFor({ state: 'attached' }); // hidden beside the avatar at phone width

    // the link is spent
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link has expired' }).waitFor();

    // sign out, then sign in with the new password
    await page.goto(`${origin()}/settings`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Signed out' }).waitFor();
    await page.goto(`${origin()}/settings`);
    await signInWithPage(page, email, PASSWORD);
    await page.waitForURL((u) => u.pathname === '/settings');
    await page.getByText('Signed in as Imani Okta').waitFor();
  });

  it('forgot password: the sign-in page links to it, the e-mail arrives, the link sets a new password', async () => {
    const width = contextOptions.viewport.width;
    const email = `forgot.${label}@${a.ws.slug}.test`;
    await scimCreate(email, 'Noor');
    await smtp.next(email); // the invitation, not used: the user goes through "forgot password" instead

    const page = await chromium.page({ ...contextOptions, deviceScaleFactor: 1, colorScheme: 'light', locale: 'en-GB' });
    await page.goto(`${origin()}/settings/signin`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await shoot(page, `forgot-${width}`);
    await page.getByLabel('Username or e-mail').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If the user name or address is known').waitFor();

    const link = await mailedLink(email, '/reset-password');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/settings/connections');
    await page.locator('.user-name', { hasText: 'Noor Okta' }).waitFor({ state: 'attached' });
  });
});
