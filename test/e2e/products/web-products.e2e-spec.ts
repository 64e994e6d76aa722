import type { Page } from 'playwright-core';
import { insertProduct } from '../../helpers/crm-fixtures';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * The product catalogue in Chromium: an admin adds a product (required fields, a code in use refused next to
 * the code), edits it (an emptied ERP id cleared), retires it and offers it again, checked on the server; a
 * sales user reads the catalogue without the buttons; the page in Turkish. Both widths.
 */
const web = useWebApp();
let f: Fixture;
let salesKey: string;

const as = () => api(web.t, f.host, f.adminKey);
const product = async (code: string) => ((await as().get('/api/v1/products?all=true').expect(200)).body.items as { code: string; id: number; name: string; list_price: number; unit: string; ext_id: string; active: boolean }[]).find((p) => p.code === code);

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webproducts');
  await insertProduct(web.t, f, { code: 'PE-23', name: 'Stretch film 23µ', listPrice: 2.4 });
  salesKey = (await createUser(web.t, f, { department: 'Export' })).key;
});

async function open(path: string, width: Width = 'desktop', key = f.adminKey): Promise<Page> {
  const page = await web.page({ token: key, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
}

describe('product catalogue', () => {
  it.each(['desktop', 'phone'] as const)('an admin adds, edits, retires and offers again a product (%s)', async (width) => {
    const code = `PP-${width}`;
    const page = await open('/products', width);
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.getByRole('rowheader', { name: 'Stretch film 23µ' }).waitFor();
    await page.getByRole('button', { name: 'New product' }).click();
    const form = page.getByRole('form', { name: 'New product' });
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Code is required.').waitFor();
    await form.getByText('Name is required.').waitFor();
    await form.getByLabel('Code').fill('PE-23');
    await form.getByLabel('Name').fill(`Polypropylene tape (${width})`);
    await form.getByLabel('List price').fill('1,75');
    await form.getByLabel('ERP id').fill('MAT-7');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Another product already has this code.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByLabel('Code').fill(code);
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('status').filter({ hasText: `Product “Polypropylene tape (${width})” created.` }).waitFor();
    expect(await product(code)).toMatchObject({ name: `Polypropylene tape (${width})`, list_price: 1.75, ext_id: 'MAT-7', active: true });

    const name = `Polypropylene tape (${width})`;
    const row = page.getByRole('group', { name });
    await row.getByRole('button', { name: `Edit “${name}”` }).click();
    const edit = page.getByRole('form', { name: `Edit “${name}”` });
    await edit.getByLabel('Name').fill(`PP tape (${width})`);
    await edit.getByLabel('ERP id').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: `Product “PP tape (${width})” saved.` }).waitFor();
    expect(await product(code)).toMatchObject({ name: `PP tape (${width})`, ext_id: '', list_price: 1.75 });

    await page.getByRole('button', { name: `Retire “PP tape (${width})”` }).click();
    await page.getByRole('rowheader', { name: `PP tape (${width})` }).waitFor({ state: 'detached' });
    expect((await product(code))!.active).toBe(false);
    await page.getByLabel('Show retired products').check();
    const again = page.getByRole('button', { name: `Offer again: “PP tape (${width})”` });
    await again.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await again.click();
    await page.getByRole('button', { name: `Retire “PP tape (${width})”` }).waitFor();
    expect((await product(code))!.active).toBe(true);
    await screenshot(page, 'products', width);
  });

  it('a sales user reads the catalogue without the buttons', async () => {
    const page = await open('/products', 'desktop', salesKey);
    await page.getByRole('rowheader', { name: 'Stretch film 23µ' }).waitFor();
    await page.getByText('Only admins change the catalogue.').waitFor();
    expect(await page.getByRole('button', { name: 'New product' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('is in Turkish for a Turkish user, from the navigation', async () => {
    const tr = await createUser(web.t, f, { role: 'admin' });
    await api(web.t, f.host, tr.key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const page = await open('/', 'desktop', tr.key);
    await page.getByRole('link', { name: 'Ürünler' }).click();
    await page.getByRole('heading', { name: 'Ürünler', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Yeni ürün' }).click();
    const form = page.getByRole('form', { name: 'Yeni ürün' });
    await form.getByLabel('Liste fiyatı').waitFor();
    await form.getByRole('button', { name: 'Oluştur' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
