import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp } from '../../helpers/web-app';

/**
 * The import wizard in Chromium: upload a CSV of companies, map (preselected from the suggestions), check
 * (counts and a refused row), import (progress, then the result), the companies in the list, revert.
 * The import worker runs in this app (polling fast), as it does in production: the page polls the job.
 */
const web = useWebApp({ env: { IMPORT_WORKER: '1', IMPORT_POLL_MS: '50' } });
let f: Fixture;
let dir: string;

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webimport');
  dir = await mkdtemp(join(tmpdir(), 'web-imports-'));
});

async function csvFile(name: string, prefix: string): Promise<string> {
  const status = f.ws.constants.customer_statuses[0];
  const path = join(dir, name);
  await writeFile(path, `Firma Adı,Şehir,Durum\n${prefix} Alpha,İzmir,${status}\n${prefix} Beta,Bursa,nonsense\n${prefix} Gamma,Ankara,\n`, 'utf8');
  return path;
}

const cells = async (page: Page, table: string, row: string) => (await page.getByRole('table', { name: table }).getByRole('row', { name: new RegExp(row) }).innerText()).replace(/\s+/g, ' ');

describe('import wizard', () => {
  it('an admin uploads, maps, checks, imports and sees the companies (desktop)', async () => {
    const page = await web.page({ token: f.adminKey });
    await page.goto(`${web.origin(f.host)}/companies`);
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
    await page.getByLabel('CSV or Excel file').setInputFiles(await csvFile('firms.csv', 'Wizard'));
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/\/imports\/\d+$/);

    // the mapping screen offers what the headers suggest; no field name of the API is shown
    expect(await page.getByLabel('Field: Firma Adı').inputValue()).toBe('name');
    expect(await page.getByLabel('Field: Şehir').inputValue()).toBe('city');
    expect(await page.getByLabel('Field: Durum').inputValue()).toBe('status');
    expect(await page.getByRole('row', { name: /Firma Adı/ }).innerText()).toContain('Wizard Alpha');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Check' }).click();

    await page.getByRole('table', { name: 'The check found' }).waitFor();
    expect(await cells(page, 'The check found', 'Companies')).toMatch(/Companies\s2\s0\s0\s1/);
    const refused = (await page.getByRole('table', { name: 'Refused rows' }).innerText()).replace(/\s+/g, ' ');
    expect(refused).toContain('3 Durum nonsense Not one of the values this workspace uses');
    expect(await page.getByRole('link', { name: 'Download refused rows' }).getAttribute('href')).toMatch(/\/api\/v1\/imports\/\d+\/errors\?format=csv$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-checked', 'desktop');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('table', { name: 'Result' }).waitFor({ timeout: 30_000 });
    expect(await cells(page, 'Result', 'Companies')).toMatch(/Companies\s2\s0\s0\s1/);
    await page.getByRole('button', { name: 'Revert the import' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-result', 'desktop');

    await page.goto(`${web.origin(f.host)}/companies?q=Wizard`);
    await page.getByRole('link', { name: 'Wizard Alpha' }).waitFor();
    await page.getByRole('link', { name: 'Wizard Gamma' }).waitFor();
    expect(await page.getByRole('link', { name: 'Wizard Beta' }).count()).toBe(0);

    // the jobs list names the file, its target and state
    await page.goto(`${web.origin(f.host)}/imports`);
    const row = await page.getByRole('row', { name: /firms\.csv/ }).innerText();
    expect(row).toContain('Companies');
    expect(row).toContain('Imported');
  });

  it('in Turkish at phone width: imports, then reverts', async () => {
    const tr = await createUser(web.t, f, { role: 'admin', fullName: 'Tuna Türk' });
    await api(web.t, f.host, tr.key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const page = await web.page({ token: tr.key, locale: 'tr-TR', width: 'phone' });
    await page.goto(`${web.origin(f.host)}/imports`);
    await page.getByLabel('CSV veya Excel dosyası').setInputFiles(await csvFile('firmalar.csv', 'Sihirbaz'));
    await page.getByRole('button', { name: 'Yükle' }).click();
    await page.waitForURL(/\/imports\/\d+$/);
    await page.getByRole('button', { name: 'Kontrol et' }).click();
    await page.getByRole('table', { name: 'Kontrolün sonucu' }).waitFor();
    expect(await cells(page, 'Kontrolün sonucu', 'Firmalar')).toMatch(/2/);
    expect(await page.getByRole('table', { name: 'Reddedilen satırlar' }).innerText()).toContain('nonsense');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-checked-tr', 'phone');

    await page.getByRole('button', { name: 'İçe aktar', exact: true }).click();
    await page.getByRole('button', { name: 'İçe aktarmayı geri al' }).click({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Geri al', exact: true }).click();
    await page.getByText(/Geri alındı: 2 silindi/).waitFor({ timeout: 30_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-reverted-tr', 'phone');
    const left = (await api(web.t, f.host, tr.key).get('/api/v1/companies?q=Sihirbaz').expect(200)).body.items;
    expect(left).toEqual([]);
  });
});
