import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { LoopbackCallback, loopbackCallback, signInWithPage, useChromium } from '../../helpers/browser';
import { listenLoopback } from '../../helpers/loopback-fetch';
import { authorizeUrl, pkce, register } from '../../helpers/oauth-flow';
import { UsersService } from '../../../src/domain/identity/users.service';
import { createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { screensDir } from '../../helpers/screens-dir';

/**
 * Screenshots of the server-rendered pages (sign-in and its code step, consent; the settings screens of the app: web-settings-connections)
 * at desktop and phone width, written to SCREENS_DIR (default: test-output/screens, ignored by git).
 * The README's few are copied to docs/screens by hand.
 */
jest.setTimeout(60_000);

const chromium = useChromium();
const dir = screensDir();
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PASSWORD = 'Correct-Horse-42';
let t: TestApp;
let a: Fixture;
let port = 0;
let cb: LoopbackCallback;

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t, `screens${process.pid}`);
  port = (await listenLoopback(t)).port;
  cb = await loopbackCallback();
});
afterAll(async () => {
  await cb?.close();
  await t?.close();
});

const origin = () => `http://${a.host}:${port}`;

async function shoot(page: Page, name: string): Promise<string> {
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  const png = readFileSync(file);
  expect(png.length).toBeGreaterThan(1000);
  expect(png.subarray(0, 8).equals(PNG)).toBe(true);
  return file;
}

describe.each([
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const)('screens at %s width', (label, contextOptions) => {
  it('sign-in, consent, and the sign-in code step', async () => {
    const email = `dana.${label}@${a.ws.slug}.test`;
    await createUser(t, a, { email, password: PASSWORD, fullName: 'Dana Example' });
    const clientId = (await register(t, a.host, { client_name: 'Notes Assistant', redirect_uris: [cb.uri], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id as string;
    const page = await chromium.page({ ...contextOptions, deviceScaleFactor: 1, colorScheme: 'light', locale: 'en-GB' });
    const width = contextOptions.viewport.width;

    await page.goto(origin() + authorizeUrl({ client_id: clientId, redirect_uri: cb.uri, scope: 'crm.read crm.write', code_challenge: pkce().challenge }));
    await page.getByLabel('Username or e-mail').waitFor();
    await shoot(page, `signin-${width}`);

    await signInWithPage(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Allow' }).waitFor();
    await shoot(page, `consent-${width}`);
    await Promise.all([cb.next(), page.getByRole('button', { name: 'Allow' }).click()]);

    // the code step of a user with two-factor: the 6-digit code only, the password is not asked again
    const twoFactor = `tomas.${label}@${a.ws.slug}.test`;
    const u = await createUser(t, a, { email: twoFactor, password: PASSWORD, fullName: 'Tomas Example' });
    await t.get(UsersService).enableTotp(a.ws.id, u.user.id);
    const fresh = await chromium.page({ ...contextOptions, deviceScaleFactor: 1, colorScheme: 'light', locale: 'en-GB' });
    await fresh.goto(`${origin()}/settings/signin`);
    await fresh.getByLabel('Username or e-mail').fill(twoFactor);
    await fresh.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await fresh.keyboard.press('Enter');
    await fresh.getByLabel('6-digit code').waitFor();
    expect(await fresh.getByLabel('Password', { exact: true }).count()).toBe(0);
    await shoot(fresh, `signin-code-${width}`);
  });
});
