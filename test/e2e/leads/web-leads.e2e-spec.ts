import type { Page } from 'playwright-core';
import { insertCompany, insertProduct } from '../../helpers/crm-fixtures';
import { api, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * The fairs and leads screens in Chromium: the fairs list, the lead list filtered by fair and status (in the
 * address), a lead captured at 390 px with chips (interest, catalogue products) and converted into a new company
 * with a new opportunity (checked on the server), the edit's PATCH semantics, and a conversion into an existing
 * company that links a contact and an open opportunity; a fair edited (an emptied field cleared) and deleted, and
 * the delete of a fair with leads refused in words; an admin sets up a website form (its submission address shown)
 * and closes it.
 */
const web = useWebApp();
let f: Fixture;
let fairA: number;
let fairB: number;

const as = () => api(web.t, f.host, f.adminKey);

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webleads');
  await insertProduct(web.t, f, { code: 'PE-23', name: 'Stretch film 23µ' });
  await insertProduct(web.t, f, { code: 'PE-50', name: 'Shrink film 50µ' });
  fairA = (await as().post('/api/v1/fairs', { name: 'Plast Eurasia 2026', city: 'Istanbul', venue: 'TÜYAP', stand: 'Hall 9, B120', start_date: '2026-11-25', end_date: '2026-11-28' }).expect(201)).body.fair.id;
  fairB = (await as().post('/api/v1/fairs', { name: 'Interpack 2026', city: 'Düsseldorf', start_date: '2026-05-07', end_date: '2026-05-13' }).expect(201)).body.fair.id;
  for (const [company, fair_id, status] of [
    ['Ege Plastik', fairA, 'Yeni'],
    ['Marmara Kimya', fairA, 'Teklif verildi'],
    ['Rhein Verpackung', fairB, 'Yeni'],
  ] as const)
    await as().post('/api/v1/leads', { company, fair_id, status, contact_name: `Contact of ${company}` }).expect(201);
});

async function open(path: string, width: Width = 'desktop'): Promise<Page> {
  const page = await web.page({ token: f.adminKey, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
}
const rows = (page: Page) => page.locator('.co-table tbody tr');
const lead = async (id: number) => (await as().get(`/api/v1/leads/${id}`).expect(200)).body.lead;

describe('fairs and the lead list', () => {
  it.each(['desktop', 'phone'] as const)('lists the fairs with their leads linked (%s)', async (width) => {
    const page = await open('/fairs', width);
    await page.getByRole('heading', { name: 'Trade fairs', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Plast Eurasia 2026' }).getAttribute('href')).toBe(`/leads?fair_id=${fairA}`);
    // newest first, with the count of leads
    expect(await rows(page).first().textContent()).toContain('Interpack 2026');
    expect(await rows(page).nth(1).textContent()).toMatch(/TÜYAP, Istanbul.*Hall 9, B120.*2(EditDelete)?$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'fairs', width);
  });

  it.each(['desktop', 'phone'] as const)('filters the leads by fair and status, kept in the address (%s)', async (width) => {
    const page = await open('/leads', width);
    await page.getByRole('link', { name: 'Rhein Verpackung' }).waitFor();
    await page.getByLabel('Fair').selectOption({ label: 'Plast Eurasia 2026' });
    await page.getByRole('link', { name: 'Rhein Verpackung' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Ege Plastik' }).waitFor();
    expect(await rows(page).count()).toBe(2);
    await page.getByLabel('Status').selectOption('Teklif verildi');
    await page.getByRole('link', { name: 'Ege Plastik' }).waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(1);
    const url = new URL(page.url());
    expect([url.searchParams.get('fair_id'), url.searchParams.get('status')]).toEqual([String(fairA), 'Teklif verildi']);
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('link', { name: 'Ege Plastik' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'leads', width);
  });
});

describe('capture and convert', () => {
  it('lays the capture form out at 1280 px, the newest fair chosen, details folded', async () => {
    const page = await open('/leads/new');
    const form = page.getByRole('form', { name: 'Capture a lead' });
    await form.waitFor();
    expect(await form.getByLabel('Fair').inputValue()).toBe(String(fairB));
    expect(await form.getByLabel('Website').isVisible()).toBe(false);
    await form.getByText('More details').click();
    await form.getByLabel('Website').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lead-capture', 'desktop');
  });

  it('captures a lead at 390 px with a few taps and converts it into a new company with a new opportunity', async () => {
    const page = await open(`/leads/new?fair_id=${fairA}`, 'phone');
    const form = page.getByRole('form', { name: 'Capture a lead' });
    await form.waitFor();
    expect(await form.getByLabel('Fair').inputValue()).toBe(String(fairA));
    await form.getByLabel('Company').fill('Anadolu Ambalaj A.Ş.');
    await form.getByLabel('Contact').fill('Mert Kaya');
    await form.getByLabel('Phone').fill('+90 532 555 0101');
    await form.getByRole('button', { name: 'High' }).click();
    await form.getByRole('button', { name: 'Stretch film 23µ' }).click();
    await form.getByRole('button', { name: 'Shrink film 50µ' }).click();
    await form.getByRole('button', { name: 'Shrink film 50µ' }).click(); // a second tap takes it back
    expect(await form.getByRole('button', { name: 'Stretch film 23µ' }).getAttribute('aria-pressed')).toBe('true');
    await form.getByLabel('Next action').selectOption('Send offer');
    await form.getByRole('button', { name: 'Add a person' }).click();
    await form.getByRole('group', { name: 'Person 1' }).getByLabel('Name').fill('Selin Aydın');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lead-capture', 'phone');
    await form.getByRole('button', { name: 'Save lead' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'saved' });
    await saved.waitFor();
    // the form is empty for the next visitor, the fair kept
    expect(await form.getByLabel('Company').inputValue()).toBe('');
    expect(await form.getByLabel('Fair').inputValue()).toBe(String(fairA));

    const href = (await saved.getByRole('link').getAttribute('href'))!;
    const id = Number(href.split('/').pop());
    const stored = await lead(id);
    expect(stored).toMatchObject({ company: 'Anadolu Ambalaj A.Ş.', contact_name: 'Mert Kaya', phone: '+90 532 555 0101', fair_id: fairA, interest: 'High', products: 'PE-23', next_action: 'Send offer', status: 'Yeni' });
    expect(stored.people.map((p: { name: string }) => p.name)).toEqual(['Mert Kaya', 'Selin Aydın']);

    await saved.getByRole('link').click();
    await page.getByRole('heading', { name: 'Anadolu Ambalaj A.Ş.', level: 1 }).waitFor();
    // the catalogue product by its name, not its code; the phone as a link
    await page.locator('dd').getByText('Stretch film 23µ', { exact: true }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain('PE-23');
    expect(await page.getByRole('link', { name: '+90 532 555 0101' }).first().getAttribute('href')).toBe('tel:+905325550101');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lead-record', 'phone');
    await page.getByRole('button', { name: 'Convert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert the lead' });
    await dialog.getByLabel('A new prospect').check();
    await dialog.getByLabel('What to do with Selin Aydın').selectOption('skip');
    expect(await dialog.getByLabel('Create a new opportunity').isChecked()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lead-convert', 'phone');
    await dialog.getByRole('button', { name: 'Convert' }).click();
    const result = page.getByRole('dialog', { name: 'Conversion result' });
    await result.waitFor();

    const after = await lead(id);
    expect(after.status).toBe('Aktarıldı');
    expect(after.opp_id).toEqual(expect.any(Number));
    const opp = (await as().get(`/api/v1/opportunities/${after.opp_id}`).expect(200)).body.opp;
    const company = (await as().get(`/api/v1/companies/${after.link_customer_id}`).expect(200)).body.company;
    expect(company.name).toBe('Anadolu Ambalaj A.Ş.');
    expect(opp.customer_id).toBe(company.id);
    expect(after.people.map((p: { cid: number | null }) => p.cid === null)).toEqual([false, true]);
    expect(await result.getByRole('link', { name: 'Anadolu Ambalaj A.Ş.' }).getAttribute('href')).toBe(`/companies/${company.id}`);
    expect(await result.locator(`a[href="/opportunities/${opp.id}"]`).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lead-convert-result', 'phone');
  });

  it('edits the whole form (an emptied field is cleared) and changes the status alone', async () => {
    const created = (await as().post('/api/v1/leads', { company: 'Karadeniz Gıda', city: 'Samsun', note: 'Wants samples', fair_id: fairB }).expect(201)).body.lead;
    const page = await open(`/leads/${created.id}`);
    await page.getByRole('heading', { name: 'Karadeniz Gıda', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit lead' });
    await form.getByLabel('City').fill('');
    await form.getByLabel('Note', { exact: true }).fill('Samples sent');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lead-record', 'desktop');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await lead(created.id)).toMatchObject({ city: '', note: 'Samples sent', fair_id: fairB, company: 'Karadeniz Gıda' });
    await page.getByLabel('Change status').selectOption('İletişime geçildi');
    await page.getByText('Status saved.').waitFor();
    expect(await lead(created.id)).toMatchObject({ status: 'İletişime geçildi', note: 'Samples sent' });
  });

  it('converts into an existing company, linking a contact and an open opportunity, without a visit', async () => {
    const c = await insertCompany(web.t, f, f.admin.id, { name: 'Bursa Tekstil A.Ş.' });
    const personId = (await as().post('/api/v1/people', { name: 'Ayşe Demir', customer_id: c.id }).expect(201)).body.person.id as number;
    const opp = (await as().post('/api/v1/opportunities', { name: 'Film line 2027', customer_id: c.id }).expect(201)).body.opp;
    const created = (await as().post('/api/v1/leads', { company: 'Bursa Tekstil', contact_name: 'Ayşe Demir' }).expect(201)).body.lead;
    const page = await open(`/leads/${created.id}`);
    await page.getByRole('button', { name: 'Convert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert the lead' });
    await dialog.getByLabel('An existing company').check();
    await dialog.getByLabel('Find the company').fill('Bursa Tekstil');
    await dialog.getByLabel('Find the company').press('Enter');
    await dialog.getByLabel('Company found').selectOption({ label: 'Bursa Tekstil A.Ş. (Izmir)' });
    await dialog.getByLabel('What to do with Ayşe Demir').selectOption({ label: 'Link to Ayşe Demir' });
    await dialog.getByLabel('Link an open opportunity').check();
    await dialog.getByRole('combobox', { name: /^Open opportunity/ }).selectOption({ label: 'Film line 2027' });
    await dialog.getByLabel('Log a fair visit').uncheck();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lead-convert', 'desktop');
    await dialog.getByRole('button', { name: 'Convert' }).click();
    await page.getByRole('dialog', { name: 'Conversion result' }).waitFor();
    const after = await lead(created.id);
    expect(after).toMatchObject({ status: 'Aktarıldı', link_customer_id: c.id, opp_id: opp.id });
    expect(after.people[0].cid).toBe(personId);
  });
});

describe('edit and delete a fair', () => {
  it.each(['desktop', 'phone'] as const)('edits a fair, clearing a field, then deletes it; a fair with leads is not deleted (%s)', async (width) => {
    const name = `K 2026 (${width})`;
    const id = (await as().post('/api/v1/fairs', { name, city: 'Dusseldorf', stand: 'Hall 3', start_date: '2026-10-08' }).expect(201)).body.fair.id as number;
    const page = await open('/fairs', width);
    const row = page.getByRole('group', { name });
    await row.getByRole('button', { name: `Edit “${name}”` }).click();
    const form = page.getByRole('form', { name: `Edit “${name}”` });
    expect(await form.getByLabel('City').inputValue()).toBe('Dusseldorf');
    await form.getByLabel('City').fill('Düsseldorf');
    await form.getByLabel('Our hall / stand').fill('');
    await form.getByLabel('End date').fill('2026-10-01');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The end date cannot be before the start date.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByLabel('End date').fill('2026-10-15');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: `Fair “${name}” saved.` }).waitFor();
    const saved = (await as().get(`/api/v1/fairs/${id}`).expect(200)).body.fair;
    expect(saved).toMatchObject({ name, city: 'Düsseldorf', end_date: '2026-10-15' });
    expect(saved.stand ?? '').toBe('');

    // a fair with leads: the API refuses (409) and the page says why
    const busy = page.getByRole('group', { name: 'Plast Eurasia 2026' });
    await busy.getByRole('button', { name: 'Delete' }).click();
    await busy.getByRole('button', { name: 'Yes, delete' }).click();
    await busy.getByText(/^“Plast Eurasia 2026” still has leads \(\d+\)\. Move them to another fair before deleting it\.$/).waitFor();
    await as().get(`/api/v1/fairs/${fairA}`).expect(200);

    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByText(`Delete ${name}? This cannot be undone.`).waitFor();
    await row.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('link', { name }).waitFor({ state: 'detached' });
    await as().get(`/api/v1/fairs/${id}`).expect(404);
    await screenshot(page, 'fair-deleted', width);
  });
});

describe('website forms (admins)', () => {
  it.each(['desktop', 'phone'] as const)('creates a website form with an extra field from the leads page, then closes it (%s)', async (width) => {
    const name = `Contact us (${width})`;
    const page = await open('/leads', width);
    await page.getByRole('link', { name: 'Website forms' }).click();
    await page.getByRole('heading', { name: 'Website forms', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New website form' }).click();
    const form = page.getByRole('form', { name: 'New website form' });
    await form.getByRole('button', { name: 'Add field' }).click();
    await form.getByRole('group', { name: 'Field 1' }).getByLabel('Label').fill('Phone');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Name is required.').waitFor();
    await form.getByText(/^Company, name, e-mail, phone, message and website are there already/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByRole('group', { name: 'Field 1' }).getByLabel('Label').fill('Yearly volume (t)');
    expect(await form.getByRole('group', { name: 'Field 1' }).getByLabel('Key').inputValue()).toBe('yearly_volume_t');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('status').filter({ hasText: `Website form “${name}” created.` }).waitFor();
    const stored = ((await as().get('/api/v1/forms').expect(200)).body.items as { id: number; name: string; public_key: string; active: boolean; fields: unknown[] }[]).find((x) => x.name === name)!;
    expect(stored.fields).toEqual([{ key: 'yearly_volume_t', label: 'Yearly volume (t)', required: false }]);
    await page.getByText(`/api/v1/forms/${stored.public_key}/submit`).waitFor();

    await page.getByRole('button', { name: `Edit “${name}”` }).click();
    const edit = page.getByRole('form', { name: `Edit “${name}”` });
    await edit.getByLabel('Takes submissions').uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: `Website form “${name}” saved.` }).waitFor();
    expect(((await as().get('/api/v1/forms').expect(200)).body.items as { id: number; active: boolean }[]).find((x) => x.id === stored.id)!.active).toBe(false);
  });
});
