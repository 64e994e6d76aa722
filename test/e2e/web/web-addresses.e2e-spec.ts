import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { insertCompany } from '../../helpers/crm-fixtures';
import { useWebApp, WIDTHS, type Width } from '../../helpers/web-app';

/**
 * The edges of the web app: answers compressed when the client asks (and only then, never an event
 * stream); an unknown address and a malformed record id show the app's Not found page; the tab's title
 * names the screen and the record; a field error reads as a sentence in the user's language.
 */
const web = useWebApp();
let f: Fixture;
let companyId: number;
let trKey = '';

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webedge');
  // a list answer well over the compression threshold (25 companies of a page)
  for (let i = 1; i <= 30; i++) await insertCompany(web.t, f, f.admin.id, { name: `Ege Tekstil ${String(i).padStart(2, '0')}`, status: 'Key account', city: 'Denizli', sector: 'Textile' });
  companyId = (await api(web.t, f.host, f.adminKey).post('/api/v1/companies', { name: 'Marmara Plastik' }).expect(201)).body.company.id;
  trKey = (await createUser(web.t, f, { role: 'admin', fullName: 'Ayşe Demir' })).key;
  await api(web.t, f.host, trKey).patch('/api/v1/me', { locale: 'tr' }).expect(200);
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET on the listening service with exactly these headers (no client adds or decodes an encoding). */
function get(path: string, headers: Record<string, string>): Promise<Raw> {
  const { port } = new URL(web.origin(f.host));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: Number(port), path, headers: { Host: f.host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (r: Raw): Buffer => (r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body);

describe('compression', () => {
  const bundle = (): string => /src="(\/assets\/index-[^"]+\.js)"/.exec(readFileSync(join(__dirname, '..', '..', '..', 'web', 'dist', 'index.html'), 'utf8'))![1];
  const list = '/api/v1/companies?limit=25';
  const auth = () => ({ Authorization: `Bearer ${f.adminKey}` });

  it.each([
    // brotli for the hashed assets only: on API JSON it cost many times gzip's CPU (docs/performance.md)
    ['gzip, deflate, br', 'br', 'gzip'],
    ['gzip, deflate', 'gzip', 'gzip'],
    ['br', 'br', undefined],
  ])('sends the main bundle and a large API list compressed when asked (%s)', async (accept, bundleEncoding, listEncoding) => {
    for (const [path, headers, encoding] of [
      [bundle(), {}, bundleEncoding],
      [list, auth(), listEncoding],
    ] as const) {
      const plain = await get(path, { ...headers });
      const packed = await get(path, { ...headers, 'Accept-Encoding': accept });
      expect([plain.status, packed.status]).toEqual([200, 200]);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/Accept-Encoding/i);
      if (encoding) expect(packed.body.length).toBeLessThan(plain.body.length / 2);
      expect(decode(packed).equals(plain.body)).toBe(true);
    }
  });

  it('answers identity when the client does not ask, or asks for identity', async () => {
    for (const accept of [undefined, 'identity']) {
      for (const [path, headers] of [
        [bundle(), {}],
        [list, auth()],
      ] as const) {
        const r = await get(path, { ...headers, ...(accept ? { 'Accept-Encoding': accept } : {}) });
        expect(r.status).toBe(200);
        expect(r.headers['content-encoding']).toBeUndefined();
        expect(r.body.length).toBeGreaterThan(1024);
      }
    }
  });

  it('leaves a small answer alone (under 1 KB)', async () => {
    const r = await get('/health', { 'Accept-Encoding': 'gzip, br' });
    expect(r.body.length).toBeLessThan(1024);
    expect(r.headers['content-encoding']).toBeUndefined();
  });
});

describe('unknown addresses', () => {
  it('answers a browser the app (404) and an API client JSON', async () => {
    const page = await get('/nope/thing', { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body.toString()).toContain('<div id="root">');
    const json = await get('/nope/thing', { Accept: '*/*' });
    expect([json.status, JSON.parse(json.body.toString()).error]).toEqual([404, 'not_found']);
    const apiMiss = await get('/api/v1/nope', { Accept: 'text/html' });
    expect([apiMiss.status, apiMiss.headers['content-type']]).toEqual([404, expect.stringMatching(/^application\/json/)]);
  });
});

const open = async (path: string, width: Width, key = f.adminKey): Promise<Page> => {
  const page = await web.page({ token: key, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
};

describe.each(Object.keys(WIDTHS) as Width[])('in Chromium at %s width', (width) => {
  it.each(['/nope/thing', '/companies/abc', '/companies/999999'])('shows the app Not found page for %s', async (path) => {
    const page = await open(path, width);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    await page.locator('header.top').waitFor();
    expect(await page.title()).toBe('Not found · CRM');
  });

  it('names the record and the list in the tab title, in the user language', async () => {
    const page = await open(`/companies/${companyId}`, width);
    await page.getByRole('heading', { level: 1, name: 'Marmara Plastik' }).waitFor();
    expect(await page.title()).toBe('Marmara Plastik · CRM');
    await page.goto(`${web.origin(f.host)}/companies`);
    await page.locator('.co-table tbody tr').first().waitFor();
    expect(await page.title()).toBe('Companies · CRM');
    const tr = await open('/companies', width, trKey);
    await tr.locator('.co-table tbody tr').first().waitFor();
    expect(await tr.title()).toBe('Firmalar · CRM');
  });

  it.each([
    ['en', 'New company', 'Create', 'Fill in this field.'],
    ['tr', 'Yeni firma', 'Oluştur', 'Bu alanı doldurun.'],
  ])('shows a field error as a sentence (%s), not the API message', async (lang, newLabel, create, sentence) => {
    const page = await open('/companies', width, lang === 'tr' ? trKey : f.adminKey);
    await page.getByRole('button', { name: newLabel }).click();
    await page.getByRole('button', { name: create, exact: true }).click();
    await page.locator('.co-field-error').first().waitFor();
    expect(await page.locator('.co-field-error').first().textContent()).toBe(sentence);
    expect(await page.locator('#main').textContent()).not.toMatch(/should not be empty|must not be/);
  });

  it('says the server could not be reached instead of "Failed to fetch"', async () => {
    const page = await open('/companies', width);
    await page.locator('.co-table tbody tr').first().waitFor();
    await page.route('**/api/v1/companies**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'New company' }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Unreachable Ltd.');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Could not reach the server', { exact: false }).waitFor();
    expect(await page.locator('#main').textContent()).not.toContain('Failed to fetch');
  });
});
