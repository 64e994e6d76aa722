import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { signInWithPage, useChromium } from '../../helpers/browser';
import { listenLoopback } from '../../helpers/loopback-fetch';
import { createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { UsersService } from '../../../src/domain/identity/users.service';
import { SETTINGS_TEXT } from '../../../src/interfaces/web/pages';
import { SETTINGS_MESSAGES } from '../../../src/interfaces/web/settings-messages.text';
import { PASSWORD_TEXT } from '../../../src/interfaces/web/password.text';
import { screensDir } from '../../helpers/screens-dir';

/**
 * The settings pages the service still renders (the landing page; every settings screen that changes things is the
 * app's: web-settings-*) in Chromium at phone width (390 px) and desktop without script: no sideways scrolling of
 * the page, screenshots written to SCREENS_DIR (default: test-output/screens, ignored by git). Every settings page follows the user's
 * language: a Turkish admin sees each one in Turkish (no English word of the dictionaries), an English one in English.
 */
jest.setTimeout(120_000);

const chromium = useChromium();
const dir = screensDir();
let t: TestApp;
let a: Fixture;
let port = 0;

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  t = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t, `admscreens${process.pid}`);
  port = (await listenLoopback(t)).port;
});
afterAll(async () => {
  await t?.close();
});

const origin = () => `http://${a.host}:${port}`;

async function shoot(page: Page, name: string): Promise<void> {
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  expect(readFileSync(file).length).toBeGreaterThan(1000);
}

/** The page's scroll width: at most the viewport's, i.e. nothing scrolls sideways. */
const scrollWidth = (page: Page): Promise<number> => page.evaluate('document.scrollingElement.scrollWidth') as Promise<number>;

describe.each([
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['desktop', { viewport: { width: 1280, height: 800 } }],
] as const)('settings landing page at %s width', (_label, contextOptions) => {
  it('fits the width without script and lists the admin pages, Apps among them (an app screen now: web-settings-apps)', async () => {
    const width = contextOptions.viewport.width;
    const page = await chromium.page({ ...contextOptions, deviceScaleFactor: 1, colorScheme: 'light', locale: 'en-GB', javaScriptEnabled: false });
    await page.goto(`${origin()}/settings`);
    await signInWithPage(page, a.admin.email, 'Admin-Password-123');
    await page.waitForURL((u) => u.pathname === '/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.locator('main a[href="/settings/apps"]').count()).toBeGreaterThan(0);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    await shoot(page, `settings-overview-${width}`);
  });
});

/** Every word of an English dictionary that Turkish words differently (nested maps included; functions left out). */
function englishOnly(en: object, tr: object): string[] {
  return Object.entries(en).flatMap(([k, v]): string[] => {
    const other = (tr as Record<string, unknown>)[k];
    if (v && typeof v === 'object') return englishOnly(v as object, other as object);
    return typeof v === 'string' && v !== other && v.length > 3 ? [v] : [];
  });
}

describe('settings pages in the user’s language', () => {
  const ENGLISH = [
    ...new Set([...englishOnly(SETTINGS_TEXT.en, SETTINGS_TEXT.tr), ...englishOnly(SETTINGS_MESSAGES.en, SETTINGS_MESSAGES.tr), ...englishOnly(PASSWORD_TEXT.en, PASSWORD_TEXT.tr)]),
    // fixed parts of worded sentences
    'Signed in as',
    'Last hour:',
    'at most 200',
    'active keys',
  ];
  /** Names that are the same in every language: a product's name, a value of a product's API. */
  const NAMES = ['Google Chat', 'pending (Mailchimp', 'varsayılan pending'];
  /** The English words on the page (a phrase anywhere; a single word as a whole word, case-sensitive). */
  const englishOn = async (page: Page): Promise<string[]> => {
    const text = NAMES.reduce((all, name) => all.split(name).join(' '), await page.locator('body').innerText());
    const title = await page.title();
    return ENGLISH.filter((w) => (w.includes(' ') ? `${title}\n${text}`.includes(w) : new RegExp(`(^|[^\\p{L}_])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}_])`, 'u').test(`${title}\n${text}`)));
  };
  const PAGES = ['/settings'];

  it('a Turkish admin sees every server settings page in Turkish, with lang="tr"', async () => {
    const { user } = await createUser(t, a, { role: 'admin', password: 'Turkish-Admin-Password-1', fullName: 'Ayşe Yılmaz', email: `ayse@${a.ws.slug}.test` });
    await t.get(UsersService).setLocale(a.ws.id, user.id, 'tr');
    // an English browser: the user's own language wins over Accept-Language once signed in
    const page = await chromium.page({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', javaScriptEnabled: false });
    await page.goto(`${origin()}/settings`);
    await signInWithPage(page, user.email, 'Turkish-Admin-Password-1');
    await page.waitForURL((u) => u.pathname === '/settings');
    for (const path of PAGES) {
      await page.goto(`${origin()}${path}`);
      expect({ path, lang: await page.locator('html').getAttribute('lang') }).toEqual({ path, lang: 'tr' });
      expect({ path, english: await englishOn(page) }).toEqual({ path, english: [] });
    }
  });

  it('an English admin still sees English; a Turkish browser gets the sign-in and forgot-password pages in Turkish', async () => {
    const page = await chromium.page({ viewport: { width: 1280, height: 800 }, locale: 'tr-TR', javaScriptEnabled: false });
    await page.goto(`${origin()}/settings`);
    await page.waitForURL((u) => u.pathname === '/settings/signin');
    expect(await page.locator('html').getAttribute('lang')).toBe('tr');
    await page.getByRole('link', { name: 'Parolanızı mı unuttunuz?' }).click();
    await page.getByRole('heading', { name: 'Parolanızı mı unuttunuz?' }).waitFor();
    expect(await englishOn(page)).toEqual([]);
    await page.goto(`${origin()}/settings/signin`);
    await page.getByLabel('Kullanıcı adı veya e-posta').fill(a.admin.email);
    await page.getByLabel('Parola', { exact: true }).fill('Admin-Password-123');
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    // signed in, the admin's own language (the workspace's: English) wins over the browser's
    await page.waitForURL((u) => u.pathname === '/settings/connections');
    for (const path of PAGES) {
      await page.goto(`${origin()}${path}`);
      expect({ path, lang: await page.locator('html').getAttribute('lang') }).toEqual({ path, lang: 'en' });
    }
    await page.goto(`${origin()}/settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByRole('link', { name: 'Overview' }).waitFor();
    await page.getByText('Your account').waitFor();
  });
});
