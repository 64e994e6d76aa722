import type { Page } from 'playwright-core';
import { api, createWorkspace, type Fixture } from '../../helpers/test-app';
import { insertCompany } from '../../helpers/crm-fixtures';
import { useWebApp } from '../../helpers/web-app';

/**
 * The first screen in Chromium with an empty cache: what crosses the wire (compressed) and whether the
 * screen's chunk loads beside `/me` instead of after it. FIRST_PAINT_REPORT=1 prints the figures that
 * docs/performance.md ("Compression and first paint") quotes.
 */
const web = useWebApp();
let f: Fixture;
let companyId: number;

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webpaint');
  for (let i = 1; i <= 30; i++) await insertCompany(web.t, f, f.admin.id, { name: `Ege Tekstil ${String(i).padStart(2, '0')}`, city: 'Denizli' });
  companyId = (await api(web.t, f.host, f.adminKey).post('/api/v1/companies', { name: 'Marmara Plastik' }).expect(201)).body.company.id;
});

interface Figures {
  transferKB: number;
  decodedKB: number;
  fcpMs: number;
  contentMs: number;
  chunkStart: number;
  meEnd: number;
}

async function measure(page: Page, path: string, content: string, chunk: RegExp): Promise<Figures> {
  await page.goto(`${web.origin(f.host)}${path}`);
  await page.locator(content).first().waitFor();
  const contentMs = (await page.evaluate('performance.now()')) as number;
  const entries = (await page.evaluate(`JSON.stringify([...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource'), ...performance.getEntriesByType('paint')])`)) as string;
  const list = JSON.parse(entries) as { name: string; entryType: string; startTime: number; responseEnd: number; transferSize?: number; decodedBodySize?: number }[];
  const loads = list.filter((e) => e.entryType !== 'paint');
  const me = loads.find((e) => e.name.endsWith('/api/v1/me'));
  const screen = loads.find((e) => chunk.test(e.name));
  const figures = {
    transferKB: Math.round(loads.reduce((s, e) => s + (e.transferSize ?? 0), 0) / 102.4) / 10,
    decodedKB: Math.round(loads.reduce((s, e) => s + (e.decodedBodySize ?? 0), 0) / 102.4) / 10,
    fcpMs: Math.round(list.find((e) => e.name === 'first-contentful-paint')?.startTime ?? -1),
    contentMs: Math.round(contentMs),
    chunkStart: Math.round(screen?.startTime ?? -1),
    meEnd: Math.round(me?.responseEnd ?? -1),
  };
  if (process.env.FIRST_PAINT_REPORT) process.stdout.write(`first paint ${path}: ${JSON.stringify(figures)}\n`);
  return figures;
}

it.each([
  ['/', 'main h1', /\/assets\/Today-[^/]+\.js$/],
  ['record', '.record-header h1', /\/assets\/CompanyRecord-[^/]+\.js$/],
  ['/companies', '.co-table tbody tr', /\/assets\/Companies-[^/]+\.js$/],
])('the first screen of %s arrives compressed, its chunk loading beside /me', async (path, content, chunk) => {
  const page = await web.page({ token: f.adminKey });
  const figures = await measure(page, path === 'record' ? `/companies/${companyId}` : path, content, chunk);
  await page.close();
  // the bundle alone is 277 KB decoded; compressed, everything the screen fetched is well under half of it
  expect(figures.transferKB).toBeLessThan(figures.decodedKB / 2);
  expect(figures.chunkStart).toBeGreaterThanOrEqual(0);
  expect(figures.chunkStart).toBeLessThan(figures.meEnd);
});
