import { readFile } from 'node:fs/promises';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { insertCompany } from '../../helpers/crm-fixtures';
import { csvRecords, xlsxRecords } from '../../helpers/export-files';
import { screenshot, seriousA11yViolations, useWebApp } from '../../helpers/web-app';

/**
 * "Export" on a list screen in Chromium: the downloaded file holds what the list shows with the filters in the
 * address (every page of it, not only the rows loaded), as CSV or XLSX.
 */
const web = useWebApp();
let f: Fixture;

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webexport');
  // more than one page of the list (25) in Denizli, and companies the filter leaves out
  for (let i = 1; i <= 30; i++) await insertCompany(web.t, f, f.admin.id, { name: `Loom Weaving ${String(i).padStart(2, '0')}`, city: 'Denizli' });
  for (let i = 1; i <= 3; i++) await insertCompany(web.t, f, f.admin.id, { name: `Bursa Prospect ${i}`, city: 'Bursa' });
});

describe('export button', () => {
  it('downloads the filtered companies list as CSV and XLSX', async () => {
    const page = await web.page({ token: f.adminKey });
    await page.goto(`${web.origin(f.host)}/companies?city=Denizli`);
    await page.getByRole('link', { name: 'Loom Weaving 30' }).waitFor();
    const listed = (await api(web.t, f.host, f.adminKey).get('/api/v1/companies?city=Denizli&limit=200').expect(200)).body.items as { id: number }[];
    expect(listed).toHaveLength(30);

    await page.getByLabel('File format').selectOption('csv');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^companies-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await csv.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = csvRecords(text);
    expect(rows.map((r) => Number(r.id))).toEqual(listed.map((c) => c.id));
    expect(rows.every((r) => r.city === 'Denizli')).toBe(true);

    await page.getByLabel('File format').selectOption('xlsx');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^companies-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await xlsxRecords(await readFile((await xlsx.path())!));
    expect(sheet.map((r) => r.id)).toEqual(listed.map((c) => c.id));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'companies-export', 'desktop');
  });

  it('in Turkish, at phone width: the tasks list exports a CSV with `;` that Excel in Turkey reads', async () => {
    const tr = await createUser(web.t, f, { role: 'admin', fullName: 'Tuna Türk' });
    await api(web.t, f.host, tr.key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    await api(web.t, f.host, tr.key).post('/api/v1/tasks', { title: 'Fiyat listesini gönder' }).expect(201);
    const page = await web.page({ token: tr.key, locale: 'tr-TR', width: 'phone' });
    await page.goto(`${web.origin(f.host)}/tasks`);
    await page.getByRole('link', { name: 'Fiyat listesini gönder' }).waitFor();
    await page.getByLabel('Dosya biçimi').selectOption('csv');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Dışa aktar' }).click()]);
    const text = await readFile((await csv.path())!, 'utf8');
    const rows = csvRecords(text, ';');
    expect(rows.map((r) => r.title)).toEqual(['Fiyat listesini gönder']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'tasks-export-tr', 'phone');
  });
});
