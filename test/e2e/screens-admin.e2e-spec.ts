import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { signInWithPage, useChromium } from '../helpers/browser';
import { listenLoopback } from '../helpers/loopback-fetch';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../helpers/test-app';
import { UsersService } from '../../src/domain/identity/users.service';
import { SETTINGS_TEXT } from '../../src/interfaces/web/pages';
import { SETTINGS_MESSAGES } from '../../src/interfaces/web/settings-messages.text';
import { PASSWORD_TEXT } from '../../src/interfaces/web/password.text';
import { screensDir } from '../helpers/screens-dir';

/**
 * The admins' settings pages (Apps, SCIM, ERP; Connections is the app's: web-settings-connections) in Chromium at phone width (390 px) and desktop: no
 * sideways scrolling of the page, every change through the page without script
 * (create a chat connection, pause it, rotate a key through its confirm page), screenshots written to
 * SCREENS_DIR (default: test-output/screens, ignored by git). Every settings page follows the user's
 * language: a Turkish admin sees each one in Turkish (no English word of the dictionaries), an English one in English.
 */
jest.setTimeout(120_000);

const chromium = useChromium();
const dir = screensDir();
const LONG_URL = `http://127.0.0.1:9/hooks/${'averyveryverylongpathsegmentwithoutanybreaks'.repeat(3)}?token=${'x'.repeat(80)}`;
let t: TestApp;
let a: Fixture;
let port = 0;

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  t = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t, `admscreens${process.pid}`);
  port = (await listenLoopback(t)).port;
  const admin = api(t, a.host, a.adminKey);
  await admin.post('/api/v1/webhooks', { url: LONG_URL, events: ['opp_won', 'opp_created', 'customer_created', 'lead_created', 'ticket_created'] }).expect(201);
  await admin.post('/api/v1/webhooks', { url: 'https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX', events: ['opp_won'], kind: 'slack', active: false }).expect(201);
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
] as const)('admin settings at %s width', (_label, contextOptions) => {
  it('Apps fits the width; a chat connection is created, paused and edited; a delete asks on its confirm page', async () => {
    const width = contextOptions.viewport.width;
    const page = await chromium.page({ ...contextOptions, deviceScaleFactor: 1, colorScheme: 'light', locale: 'en-GB', javaScriptEnabled: false });
    await page.goto(`${origin()}/settings/apps`);
    await signInWithPage(page, a.admin.email, 'Admin-Password-123');
    await page.waitForURL((u) => u.pathname === '/settings/apps');
    await page.getByRole('heading', { name: /Apps/ }).waitFor();

    // create a Discord connection through the form
    await page.getByLabel('Kind').selectOption('discord');
    await page.getByLabel('URL (https)').fill(`http://127.0.0.1:9/discord-${width}`);
    await page.getByLabel('opp_won').check();
    // a filter on the event data, typed in its labelled box (the workspace's won stage, never a literal)
    const won = Object.entries(a.ws.constants.stage_roles).find(([, role]) => role === 'won')![0];
    await page.getByLabel('Filter on the event data (optional)').fill(JSON.stringify({ conditions: [{ field: 'stage', op: 'in', value: [won] }] }));
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Connection created (Discord)').waitFor();
    await page.getByText(`Filter: stage in [${won}]`).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/apps');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    await shoot(page, `apps-${width}`);

    // a reload of the page after the redirect repeats nothing
    await page.reload();
    expect(await page.getByText('Connection created').count()).toBe(0);
    await page.getByRole('button', { name: 'Pause' }).first().click();
    await page.getByText('Connection paused').waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);

    // edit form
    await page.locator(`a[href$="/edit"]`).first().click();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);

    // a destructive action asks on its confirm page first (SCIM and ERP keys are app screens: web-settings-scim, -erp)
    await page.goto(`${origin()}/settings/apps`);
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await page.getByRole('heading', { name: 'Delete connection?' }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    await shoot(page, `confirm-${width}`);
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
  const PAGES = ['/settings', '/settings/apps'];

  it('a Turkish admin sees every server settings page and an error page in Turkish, with lang="tr"', async () => {
    const { user } = await createUser(t, a, { role: 'admin', password: 'Turkish-Admin-Password-1', fullName: 'Ayşe Yılmaz', email: `ayse@${a.ws.slug}.test` });
    await t.get(UsersService).setLocale(a.ws.id, user.id, 'tr');
    // an English browser: the user's own language wins over Accept-Language once signed in
    const page = await chromium.page({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', javaScriptEnabled: false });
    await page.goto(`${origin()}/settings`);
    await signInWithPage(page, user.email, 'Turkish-Admin-Password-1');
    await page.waitForURL((u) => u.pathname === '/settings');
    const hook = (await api(t, a.host, a.adminKey).get('/api/v1/webhooks').expect(200)).body.items[0].id as number;
    for (const path of [...PAGES, `/settings/apps/${hook}/edit`, `/settings/apps/${hook}/deliveries`]) {
      await page.goto(`${origin()}${path}`);
      expect({ path, lang: await page.locator('html').getAttribute('lang') }).toEqual({ path, lang: 'tr' });
      expect({ path, english: await englishOn(page) }).toEqual({ path, english: [] });
    }
    // an error page
    await page.goto(`${origin()}/settings/apps/999999/edit`);
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole('link', { name: 'Ayarlara dön' }).waitFor();
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
