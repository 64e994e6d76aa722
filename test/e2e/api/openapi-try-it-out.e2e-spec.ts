import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useChromium } from '../../helpers/browser';
import { listenLoopback } from '../../helpers/loopback-fetch';
import { api, createWorkspace, type Fixture, startApp, type TestApp } from '../../helpers/test-app';
import { screensDir } from '../../helpers/screens-dir';

/**
 * `/api/docs` in Chromium: after "Authorize" with an API key, "Try it out" → "Execute" with the values the
 * page fills in answers 2xx on the list endpoints (it used to pre-fill `updated_since`, which the server
 * refuses without `sort=update`). A screenshot of the last answer is written to SCREENS_DIR or test-output/screens.
 */
jest.setTimeout(180_000);

const chromium = useChromium();
const dir = screensDir();
/** List endpoints and their tags. */
const LISTS: Record<string, string> = {
  '/api/v1/companies': 'Companies',
  '/api/v1/people': 'People',
  '/api/v1/opportunities': 'Opportunities',
  '/api/v1/activities': 'Activities',
  '/api/v1/tasks': 'Actions & tasks',
  '/api/v1/leads': 'Trade fairs & leads',
  '/api/v1/fairs': 'Trade fairs & leads',
  '/api/v1/orders': 'Orders',
  '/api/v1/tickets': 'Support',
  '/api/v1/webhooks': 'Webhooks',
  '/api/v1/deleted': 'Workspace',
};
let t: TestApp;
let a: Fixture;
let origin = '';

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  t = await startApp();
  a = await createWorkspace(t, `tryit${process.pid}`);
  origin = (await listenLoopback(t)).baseUrl(a.host);
  await api(t, a.host, a.adminKey).post('/api/v1/companies', { name: 'Try It Out AG' }).expect(201);
});
afterAll(() => t?.close());

async function authorize(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  const dialog = page.locator('.modal-ux');
  await dialog.locator('input').first().fill(a.adminKey);
  // swagger-ui labels these buttons "Apply credentials" and "Close this dialog"
  await dialog.locator('button.authorize').click();
  await dialog.locator('button.btn-done').click();
}

/**
 * swagger-ui 5 renders only the tags near the viewport: narrow the page to the operation's tag with the
 * filter box, so its block is at the top.
 */
async function findOperation(page: Page, path: string, tag: string) {
  await page.locator('.operation-filter-input').fill(tag);
  const block = page.locator('.opblock-get').filter({ has: page.locator(`[data-path="${path}"]`) });
  await block.first().waitFor();
  return block.first();
}

/** Expands GET <path>, presses "Try it out" and "Execute", and returns the status shown. */
async function tryList(page: Page, path: string, tag: string): Promise<string> {
  const block = await findOperation(page, path, tag);
  await block.locator('.opblock-summary-control').first().click();
  await block.getByRole('button', { name: 'Try it out' }).click();
  await block.getByRole('button', { name: 'Execute' }).click();
  const status = block.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor();
  const text = (await status.innerText()).trim();
  if (path === '/api/v1/companies') {
    await block.locator('.live-responses-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dir, 'api-docs-try-it-out.png') });
  }
  await block.locator('.opblock-summary-control').first().click();
  return text;
}

it('answers 2xx on the list endpoints with the values "Try it out" fills in', async () => {
  const page = await chromium.page({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  await page.goto(`${origin}/api/docs`);
  await page.locator('.opblock').first().waitFor();
  await authorize(page);
  const statuses: Record<string, string> = {};
  for (const [path, tag] of Object.entries(LISTS)) statuses[path] = await tryList(page, path, tag);
  // swagger-ui writes "Undocumented" beside a status the document does not list
  expect(statuses).toEqual(Object.fromEntries(Object.keys(LISTS).map((p) => [p, '200'])));
});
