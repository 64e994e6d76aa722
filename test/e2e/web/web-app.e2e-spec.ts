import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { webDistDir } from '../../../src/interfaces/web/app-shell';
import { api, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp } from '../../helpers/web-app';

/**
 * The web app is served at `/` and at every record URL the service hands out; the page is the same for
 * every app path (the app routes in the browser), and a signed-out visitor gets the sign-in in place.
 */
const web = useWebApp();
let f: Fixture;
let leadId: number;

beforeAll(async () => {
  f = await createWorkspace(web.t);
  leadId = (await api(web.t, f.host, f.adminKey).post('/api/v1/leads', { company: 'Anadolu Ambalaj', contact_name: 'Ayşe Demir' }).expect(201)).body.lead.id;
});

describe('serving', () => {
  const server = () => web.t.app.getHttpServer();

  it.each(['/', '/companies', '/opportunities/34', '/leads/1', '/search'])('answers %s with the app page and a CSP without inline scripts', async (path) => {
    const r = await request(server()).get(path).set('Host', f.host).expect(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.text).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    const csp = r.headers['content-security-policy'] as string;
    const scripts = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scripts).toBe("'self'");
    expect(r.text).not.toMatch(/<script(?![^>]*\ssrc=)/);
    // no inline styles either: the app's dynamic styles go through the CSSOM (checked in Chromium by web-shell-links)
    expect(/style-src ([^;]+)/.exec(csp)?.[1]).toBe("'self'");
  });

  it("keeps inline styles for the swagger library's OpenAPI UI only", async () => {
    const r = await request(server()).get('/api/docs/').set('Host', f.host);
    expect(/style-src ([^;]+)/.exec(r.headers['content-security-policy'] as string)?.[1]).toBe("'self' 'unsafe-inline'");
  });

  it('serves the hashed assets for good, and 404s a missing one', async () => {
    const page = await request(server()).get('/').set('Host', f.host).expect(200);
    const asset = /src="(\/assets\/[^"]+)"/.exec(page.text)![1];
    const r = await request(server()).get(asset).set('Host', f.host).expect(200);
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toMatch(/immutable/);
    await request(server()).get('/assets/nope-123.js').set('Host', f.host).expect(404);
  });

  it("keeps the first screen's JavaScript within 200 kB gzipped (the entry and what it preloads)", async () => {
    const page = await request(server()).get('/').set('Host', f.host).expect(200);
    const files = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(0);
    let total = 0;
    for (const file of files) total += gzipSync(readFileSync(join(webDistDir(), file))).length;
    expect(total).toBeLessThan(200 * 1024);
    // and the screens are separate chunks, not in the entry
    expect(readdirSync(join(webDistDir(), 'assets')).filter((n) => /^(Pipeline|Today|CompanyRecord)-.*\.js$/.test(n))).toHaveLength(3);
  });

  it('leaves other paths to the service: the API answers JSON 404, an unknown page 404', async () => {
    const r = await request(server()).get('/api/v1/nope').set('Host', f.host).expect(404);
    expect(r.body).toMatchObject({ ok: false, error: 'not_found' });
    await request(server()).get('/nope').set('Host', f.host).expect(404);
  });

  it('answers 404 for an unknown workspace host', async () => {
    await request(server()).get('/').set('Host', 'nobody.localhost').expect(404);
  });
});

describe('in Chromium', () => {
  it('shows sign-in in place of a record for a signed-out visitor, keeping the address', async () => {
    const page = await web.page();
    await page.goto(`${web.origin(f.host)}/leads/${leadId}`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/leads/${leadId}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'signin', 'desktop');
  });

  it.each(['desktop', 'phone'] as const)('opens a lead record in the shell (%s)', async (width) => {
    const page = await web.page({ token: f.adminKey, width });
    await page.goto(`${web.origin(f.host)}/leads/${leadId}`);
    await page.getByRole('heading', { name: 'Anadolu Ambalaj' }).waitFor();
    await page.getByText('Ayşe Demir').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lead-record', width);
  });

  it("speaks the user's chosen language, and the choice is kept by the service", async () => {
    const page = await web.page({ token: f.adminKey });
    await page.goto(`${web.origin(f.host)}/leads/${leadId}`);
    await page.getByRole('link', { name: 'Today' }).waitFor();
    await page.locator('.user-menu summary').click();
    await page.getByLabel('Language').selectOption('tr');
    await page.getByRole('link', { name: 'Bugün' }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('tr');
    expect((await api(web.t, f.host, f.adminKey).get('/api/v1/me').expect(200)).body.locale).toBe('tr');
    await api(web.t, f.host, f.adminKey).patch('/api/v1/me', { locale: null }).expect(200);
  });

  it('opens the activity, task and ticket records that event links name', async () => {
    const me = (await api(web.t, f.host, f.adminKey).get('/api/v1/me').expect(200)).body;
    const company = (await api(web.t, f.host, f.adminKey).post('/api/v1/companies', { name: 'Linked Kimya' }).expect(201)).body.company.id;
    const type = me.constants.visit_types[0];
    const activity = (await api(web.t, f.host, f.adminKey).post('/api/v1/activities', { type, date: '2026-11-20', customer_id: company, note: 'Talked about samples' }).expect(201)).body.activity.id;
    const task = (await api(web.t, f.host, f.adminKey).post('/api/v1/tasks', { title: 'Send the samples' }).expect(201)).body.task.id;
    const ticket = (await api(web.t, f.host, f.adminKey).post('/api/v1/tickets', { subject: 'Damaged pallet', priority: me.constants.task_priorities[0] ?? 'Normal' }).expect(201)).body.ticket.id;
    const page = await web.page({ token: f.adminKey });
    await page.goto(`${web.origin(f.host)}/activities/${activity}`);
    await page.getByText('Talked about samples').waitFor();
    await page.getByRole('link', { name: 'Linked Kimya' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(`${web.origin(f.host)}/tasks/${task}`);
    await page.getByRole('heading', { name: 'Send the samples' }).waitFor();
    await page.goto(`${web.origin(f.host)}/tickets/${ticket}`);
    await page.getByRole('heading', { name: 'Damaged pallet' }).waitFor();
  });

  it('says not found for a record that does not exist', async () => {
    const page = await web.page({ token: f.adminKey });
    await page.goto(`${web.origin(f.host)}/opportunities/999999`);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
  });
});
