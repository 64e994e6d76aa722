import type { Page } from 'playwright-core';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * A first day in the web app: every link of the shell (navigation, brand, user menu), for an admin and a
 * sales user at both widths, leads to a page, never to a 404 (the server's or the app's "Not found"), and no
 * page on the way (the app's screens, the server-rendered settings) reports a Content-Security-Policy violation.
 */
const web = useWebApp();
let f: Fixture;
const PASSWORD = 'Shell-Walk-Password-1';
let salesEmail = '';

beforeAll(async () => {
  f = await createWorkspace(web.t);
  salesEmail = (await createUser(web.t, f, { password: PASSWORD, fullName: 'Selin Kaya', department: 'North' })).user.email;
});

/** A page signed in through the app's own sign-in (the HttpOnly session cookie the settings pages share), collecting CSP reports. */
async function signedIn(width: Width, username: string, password: string): Promise<{ page: Page; csp: string[] }> {
  const page = await web.page({ width });
  const csp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) csp.push(`${page.url()}: ${m.text()}`);
  });
  await page.goto(`${web.origin(f.host)}/`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('E-mail').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('header.top').waitFor();
  return { page, csp };
}

/** The shell's links (everything outside the screen itself), as paths of this origin. */
async function shellLinks(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (as) => as.filter((a) => !a.closest('#main') && !a.getAttribute('href')!.startsWith('#')).map((a) => (a as unknown as { href: string }).href));
  return [...new Set(hrefs)].map((h) => {
    const u = new URL(h);
    return u.pathname + u.search;
  });
}

const credentials = (who: string) => (who === 'admin' ? { username: f.admin.email, password: 'Admin-Password-123' } : { username: salesEmail, password: PASSWORD });

describe.each(['desktop', 'phone'] as const)('the shell at %s width', (width) => {
  it.each(['admin', 'sales user'])('every link leads to a page, none to a 404 (%s)', async (who) => {
    const u = credentials(who);
    const { page, csp } = await signedIn(width, u.username, u.password);
    const links = await shellLinks(page);
    expect(links).toEqual(expect.arrayContaining(['/', '/companies', '/settings', '/settings/sessions']));
    const broken: string[] = [];
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const path of links) {
      // the server's answer to the address (what a reload or a shared link gets), with the page's session cookie
      const status = (await api(web.t, f.host).get(path).set('Cookie', cookie).set('Accept', 'text/html').redirects(5)).status;
      if (status >= 400) {
        broken.push(`${path}: ${status}`);
        continue;
      }
      // then the link as a person follows it: a click on the shell's link (in a closed menu on a phone, so
      // dispatched), which the app routes in the browser (`main` is keyed by the path: a new element) and a
      // server-rendered page loads; on a page without the shell's links, the address is opened
      const here = () => new URL(page.url()).pathname + new URL(page.url()).search;
      if (here() !== path) {
        await page.evaluate(`document.getElementById('main')?.setAttribute('data-left', '')`);
        const link = page.locator(`a[href="${path}"]:not(#main a)`).first();
        if (await link.count()) await link.dispatchEvent('click');
        else await page.goto(`${web.origin(f.host)}${path}`);
      }
      // the app answers every app path with 200 and routes in the browser: its "Not found" screen is a 404 too
      const heading = page.locator('main:not([data-left]) h1').first();
      await heading.waitFor().catch((e: unknown) => Promise.reject(new Error(`${path} (from ${here()}): ${String(e)}`)));
      expect(here()).toBe(path);
      const title = (await heading.textContent())?.trim() ?? '';
      if (title === 'Not found') broken.push(`${path}: ${title}`);
    }
    expect(broken).toEqual([]);
    expect(csp).toEqual([]);
  });
});

it.each(['desktop', 'phone'] as const)('the settings landing page lists the admin pages to an admin (%s)', async (width) => {
  const { page, csp } = await signedIn(width, f.admin.email, 'Admin-Password-123');
  await page.goto(`${web.origin(f.host)}/settings`);
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  expect(await page.getByRole('heading', { name: 'Workspace (admins)' }).count()).toBe(1);
  expect(await page.locator('dl.pages dt a').allTextContents()).toEqual(['Connections', 'Developers', 'Sessions', 'Apps', 'SCIM', 'ERP', 'Users', 'Weekly targets', 'Workflows']);
  // nothing scrolls sideways on a phone
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(csp).toEqual([]);
  await screenshot(page, 'settings-overview', width);
});
