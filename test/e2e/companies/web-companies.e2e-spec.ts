import type { Page } from 'playwright-core';
import { api, createWorkspace, type Fixture } from '../../helpers/test-app';
import { insertCompany } from '../../helpers/crm-fixtures';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * The companies and people screens in Chromium: the list with search, a filter and "Load more"; the company
 * record with its people and opportunities in one call (and the cached object definitions); create with a duplicate (the choice), edit, archive;
 * a person created on a company; the people list and the person record.
 */
const web = useWebApp();
let f: Fixture;
let companyId: number;
let oppName: string;

const as = () => api(web.t, f.host, f.adminKey);

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webco');
  // 30 matching companies (more than one page of 25) and 3 that the status filter leaves out
  for (let i = 1; i <= 30; i++) await insertCompany(web.t, f, f.admin.id, { name: `Loom Weaving ${String(i).padStart(2, '0')}`, status: 'Key account', city: 'Denizli', sector: 'Textile' });
  for (let i = 1; i <= 3; i++) await insertCompany(web.t, f, f.admin.id, { name: `Loom Prospect ${i}`, status: 'Prospect', city: 'Bursa', sector: 'Textile' });
  const c = (await as().post('/api/v1/companies', { name: 'Anadolu Ambalaj A.Ş.', city: 'Bursa', sector: 'Packaging', phone: '+90 224 555 0100', email: 'info@anadolu.example', website: 'www.anadolu.example.com' }).expect(201)).body.company;
  companyId = c.id;
  await as().post('/api/v1/people', { name: 'Mert Kaya', customer_id: c.id, title: 'Purchasing manager', is_main: true, email: 'mert@anadolu.example' }).expect(201);
  await as().post('/api/v1/people', { name: 'Selin Aydın', customer_id: c.id, title: 'Quality' }).expect(201);
  oppName = 'Stretch film 2027';
  await as().post('/api/v1/opportunities', { name: oppName, customer_id: c.id }).expect(201);
  await as().post('/api/v1/tasks', { title: 'Send the price list', customer_id: c.id }).expect(201);
  await as().post('/api/v1/activities', { customer_id: c.id, type: 'F2F', date: '2026-11-02', topic: 'Offer' }).expect(201);
});

const open = async (path: string, width: Width = 'desktop'): Promise<Page> => {
  const page = await web.page({ token: f.adminKey, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
};
const rows = (page: Page) => page.locator('.co-table tbody tr');

describe('companies list', () => {
  it('searches, filters by status (kept in the address) and loads the next page', async () => {
    const page = await open('/companies');
    await page.getByRole('heading', { name: 'Companies', level: 1 }).waitFor();
    await page.getByLabel('Name contains').fill('Loom');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: 'Loom Prospect 1' }).waitFor();
    await page.getByLabel('Status').selectOption('Key account');
    await page.getByRole('link', { name: 'Loom Prospect 1' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Loom Weaving 06' }).waitFor();
    expect(await rows(page).count()).toBe(25);
    const url = new URL(page.url());
    expect([url.searchParams.get('q'), url.searchParams.get('status')]).toEqual(['Loom', 'Key account']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'companies', 'desktop');

    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('30 shown').waitFor();
    expect(await rows(page).count()).toBe(30);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // newest first: the last page ends with the first inserted
    await expect(rows(page).last().getByRole('link').textContent()).resolves.toBe('Loom Weaving 01');
  });

  it('opens with the filters of its address, stacked at 390 px', async () => {
    const page = await open('/companies?q=Loom&status=Prospect&sector=textile', 'phone');
    await page.getByRole('link', { name: 'Loom Prospect 3' }).waitFor();
    expect(await rows(page).count()).toBe(3);
    expect(await page.getByLabel('Sector').inputValue()).toBe('textile');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'companies', 'phone');
  });
});

describe('company record', () => {
  it.each(['desktop', 'phone'] as const)('shows the company with its people, opportunities and tasks, each linked (%s)', async (width) => {
    const page = await open(`/companies/${companyId}`, width);
    await page.getByRole('heading', { name: 'Anadolu Ambalaj A.Ş.', level: 1 }).waitFor();
    const people = page.getByRole('region', { name: 'People' });
    await people.getByRole('link', { name: 'Mert Kaya' }).waitFor();
    await people.getByRole('link', { name: 'Selin Aydın' }).waitFor();
    const opps = page.getByRole('region', { name: 'Open opportunities' });
    expect(await opps.getByRole('link', { name: oppName }).getAttribute('href')).toMatch(/^\/opportunities\/\d+$/);
    await page.getByRole('region', { name: 'Open tasks' }).getByRole('link', { name: 'Send the price list' }).waitFor();
    expect(await page.getByRole('region', { name: 'Activities' }).getByRole('link').getAttribute('href')).toMatch(/^\/activities\/\d+$/);
    // typed without a scheme, the number and the site are still links
    expect(await page.getByRole('link', { name: '+90 224 555 0100' }).getAttribute('href')).toBe('tel:+902245550100');
    expect(await page.getByRole('link', { name: 'www.anadolu.example.com' }).getAttribute('href')).toBe('https://www.anadolu.example.com/');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'company-record', width);
  });

  // the company (with its includes), the custom object definitions for a section and "New" per related object,
  // and its e-mail threads (the E-mails section); an admin's workflow section loads apart from the record
  // (its own component, `/api/v1/workflows` and `/api/v1/workflow-runs`), so it is not counted here
  it('loads the record in three API calls', async () => {
    const page = await web.page({ token: f.adminKey });
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/v1/') && u.pathname !== '/api/v1/me' && !u.pathname.startsWith('/api/v1/workflow')) calls.push(u.pathname);
    });
    const defs = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/objects');
    const threads = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/emails/threads');
    await page.goto(`${web.origin(f.host)}/companies/${companyId}`);
    await page.getByRole('link', { name: 'Mert Kaya' }).waitFor();
    await Promise.all([defs, threads]);
    expect([...calls].sort()).toEqual([`/api/v1/companies/${companyId}`, '/api/v1/emails/threads', '/api/v1/objects'].sort());
  });
});

describe('create, edit, archive', () => {
  it.each(['desktop', 'phone'] as const)('shows the API\'s field message, then a duplicate as a choice that opens the existing company (%s)', async (width) => {
    // the list below the form narrowed to the one company, so the screenshot shows the form
    const page = await open('/companies?q=anadolu', width);
    await page.getByRole('link', { name: 'Anadolu Ambalaj A.Ş.' }).waitFor();
    await page.getByRole('button', { name: 'New company' }).click();
    const form = page.getByRole('form', { name: 'New company' });
    await form.getByLabel('Name').fill('ANADOLU AMBALAJ');
    await form.getByLabel('E-mail').fill('not-an-address');
    await form.getByRole('button', { name: 'Create' }).click();
    const email = form.getByLabel('E-mail');
    await form.locator('[aria-invalid="true"]').first().waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await email.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toMatch(/e-?mail/i);

    await email.fill('');
    await form.getByRole('button', { name: 'Create' }).click();
    const choice = form.getByRole('alert').filter({ hasText: 'A record like this exists' });
    await choice.waitFor();
    await choice.getByRole('button', { name: 'Create anyway' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'company-form', width);

    await choice.getByRole('link', { name: 'Open Anadolu Ambalaj A.Ş.' }).click();
    await page.getByRole('heading', { name: 'Anadolu Ambalaj A.Ş.', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/companies/${companyId}`);
    const list = (await as().get('/api/v1/companies?q=anadolu').expect(200)).body.items;
    expect(list).toHaveLength(1);
  });

  it('creates a company and lands on its record', async () => {
    const page = await open('/companies');
    await page.getByRole('button', { name: 'New company' }).click();
    const form = page.getByRole('form', { name: 'New company' });
    await form.getByLabel('Name').fill('Ege Kimya');
    await form.getByLabel('Status').selectOption('Prospect');
    await form.getByLabel('City').fill('Izmir');
    // what the API takes beyond the laid-out texts: the yearly potential with its unit, the source and the ERP's keys
    await form.getByLabel('Yearly potential').fill('abc');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Enter a number, such as 1250.5').waitFor();
    await form.getByLabel('Yearly potential').fill('1250,5');
    const units = await form.getByLabel('Unit').locator('option').allTextContents();
    await form.getByLabel('Unit').selectOption(units[1]!);
    await form.getByLabel('Source').fill('Fuar 2026');
    await form.getByLabel('ERP code').fill('120.01.077');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Ege Kimya', level: 1 }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect((await as().get(`/api/v1/companies/${id}`).expect(200)).body.company).toMatchObject({ name: 'Ege Kimya', status: 'Prospect', city: 'Izmir', potential_kg: 1250.5, unit: units[1], source: 'Fuar 2026', erp_code: '120.01.077', erp_ext_id: '' });
    await page.getByText('Fuar 2026').waitFor();
    await page.getByText('120.01.077').waitFor();
  });

  it('edits a company, then archives it by keyboard after a confirmation', async () => {
    const c = (await as().post('/api/v1/companies', { name: 'Marmara Tekstil', city: 'Bursa' }).expect(201)).body.company;
    const page = await open(`/companies/${c.id}`);
    await page.getByRole('heading', { name: 'Marmara Tekstil', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit company' });
    await form.getByLabel('City').fill('Tekirdağ');
    await form.getByLabel('Sector').fill('Textile');
    await form.getByLabel('ERP id').fill('SAP-4411');
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/v1/companies/${c.id}`));
    await form.getByRole('button', { name: 'Save' }).click();
    // the potential, unit and currency it was read with (none: 0 and the defaults) are not written back
    expect(Object.keys((await patch).postDataJSON() as object)).toEqual(expect.arrayContaining(['city', 'sector', 'erp_ext_id', 'source']));
    for (const k of ['potential_kg', 'unit', 'currency']) expect((await patch).postDataJSON()).not.toHaveProperty(k);
    await form.waitFor({ state: 'detached' });
    await page.getByText('Tekirdağ').waitFor();
    expect((await as().get(`/api/v1/companies/${c.id}`).expect(200)).body.company).toMatchObject({ city: 'Tekirdağ', sector: 'Textile', erp_ext_id: 'SAP-4411', active: true });

    await page.getByRole('button', { name: 'Archive' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('group', { name: 'Archive' });
    await confirm.getByText('Archive Marmara Tekstil?').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // the confirming button has the focus: Enter archives
    await page.keyboard.press('Enter');
    await page.getByText('Archived', { exact: true }).waitFor();
    expect((await as().get(`/api/v1/companies/${c.id}`).expect(200)).body.company.active).toBe(false);
    await page.getByRole('button', { name: 'Restore' }).waitFor();
  });
});

describe('people', () => {
  it('creates a person on a company from its record, and opens the person record', async () => {
    const c = (await as().post('/api/v1/companies', { name: 'Trakya Gıda' }).expect(201)).body.company;
    const page = await open(`/companies/${c.id}`);
    await page.getByRole('heading', { name: 'Trakya Gıda', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New person' }).click();
    const form = page.getByRole('form', { name: 'New person' });
    await form.getByLabel('Name').fill('Deniz Yıldız');
    await form.getByLabel('Title').fill('Buyer');
    await form.getByLabel('E-mail').fill('deniz@trakya.example');
    await form.getByRole('button', { name: 'Create' }).click();
    const link = page.getByRole('region', { name: 'People' }).getByRole('link', { name: 'Deniz Yıldız' });
    await link.waitFor();
    const people = (await as().get(`/api/v1/people?customer_id=${c.id}`).expect(200)).body.items;
    expect(people).toEqual([expect.objectContaining({ name: 'Deniz Yıldız', title: 'Buyer', customer_id: c.id })]);

    await link.click();
    await page.getByRole('heading', { name: 'Deniz Yıldız', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Trakya Gıda' }).waitFor();
  });

  it.each(['desktop', 'phone'] as const)('lists people with search, and shows a person record (%s)', async (width) => {
    const page = await open('/people?q=anadolu', width);
    await page.getByRole('link', { name: 'Mert Kaya' }).waitFor();
    expect(await rows(page).count()).toBe(1);
    expect(await page.getByLabel('Name or e-mail contains').inputValue()).toBe('anadolu');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'people', width);

    await page.getByRole('link', { name: 'Mert Kaya' }).click();
    await page.getByRole('heading', { name: 'Mert Kaya', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Anadolu Ambalaj A.Ş.' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'person-record', width);
  });
});
