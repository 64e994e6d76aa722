import type { BrowserContext, Page } from 'playwright-core';
import { createWorkspace, type Fixture } from '../../helpers/test-app';
import { useWebApp } from '../../helpers/web-app';

/**
 * The browser helper lends a test a page whose context a later test of the file reuses (test/helpers/browser.ts):
 * what one test leaves in it (cookies, local and session storage of every origin it loaded, listeners, routes, other
 * pages) must be gone when the next one gets it, as with a fresh context. The tests run in order.
 */
const web = useWebApp();
let a: Fixture;
let b: Fixture;
let first: { context: BrowserContext; page: Page; heard: string[] };

beforeAll(async () => {
  a = await createWorkspace(web.t);
  b = await createWorkspace(web.t);
});

const storage = (page: Page) => page.evaluate('JSON.stringify([localStorage.getItem("left"), sessionStorage.getItem("left")])') as Promise<string>;

it('leaves cookies, storage in two origins, a listener and a second page behind', async () => {
  const page = await web.page({ token: a.adminKey });
  const heard: string[] = [];
  page.on('request', (r) => void heard.push(r.url()));
  await page.route('**/api/v1/me', (route) => route.abort('connectionrefused'));
  for (const f of [a, b]) {
    await page.goto(`${web.origin(f.host)}/`);
    await page.evaluate('localStorage.setItem("left", "1"); sessionStorage.setItem("left", "1"); document.cookie = "left=1; path=/"');
    expect(await storage(page)).toBe('["1","1"]');
  }
  await page.context().newPage();
  expect(page.context().pages()).toHaveLength(2);
  expect((await page.context().cookies()).map((c) => c.name)).toContain('left');
  first = { context: page.context(), page, heard };
});

it('gets the same context back with none of it', async () => {
  const page = await web.page({ token: a.adminKey });
  // the same context and page (so this test checks the reset, not a fresh context)
  expect(page.context()).toBe(first.context);
  expect(page).toBe(first.page);
  // parked on a document of the app's origin without scripts (the last one it loaded), its renderer kept
  expect(page.url()).toBe(`${web.origin(b.host)}/favicon.svg`);
  expect(page.context().pages()).toEqual([page]);
  expect(await page.context().cookies()).toEqual([]);
  const before = first.heard.length;
  for (const f of [a, b]) {
    await page.goto(`${web.origin(f.host)}/`);
    expect(await storage(page)).toBe('[null,null]');
    expect(await page.evaluate('document.cookie')).toBe('');
  }
  // the first test's listener heard none of this test's requests, and its route stops none of them
  expect(first.heard.length).toBe(before);
  expect((await page.goto(`${web.origin(a.host)}/api/v1/me`))?.status()).toBe(200);
});

it('lends the context with the headers of the new lend: another user signed in', async () => {
  const page = await web.page({ token: b.adminKey });
  expect(page.context()).toBe(first.context);
  await page.goto(`${web.origin(b.host)}/api/v1/me`);
  expect(await page.evaluate('JSON.parse(document.body.innerText).user.username')).toBe(b.admin.username);
});

it('lends another context to a second page of the same options in one test, and a fresh one to other options', async () => {
  const one = await web.page({ token: a.adminKey });
  const two = await web.page({ token: a.adminKey });
  const other = await web.page({ token: b.adminKey });
  expect(new Set([one.context(), two.context(), other.context()]).size).toBe(3);
  // the bearer of each context's options is what the API sees
  await other.goto(`${web.origin(b.host)}/api/v1/me`);
  expect(await other.evaluate('JSON.parse(document.body.innerText).user.username')).toBe(b.admin.username);
});

it('does not lend a page the test closed', async () => {
  const page = await web.page({ token: b.adminKey });
  await page.close();
  const next = await web.page({ token: b.adminKey });
  expect(next.isClosed()).toBe(false);
  expect(next).not.toBe(page);
});
