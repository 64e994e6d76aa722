import type { Page } from 'playwright-core';
import { api, createWorkspace, type Fixture } from '../../helpers/test-app';
import { insertProduct } from '../../helpers/crm-fixtures';
import { expectNoIds, screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * Orders in Chromium: the orders of a company, a new order from the company record, the customer PO edited
 * (whitespace collapsed) until the order is sent to the ERP and the PO answers 409, explained. The ticket screens'
 * tests are test/e2e/tickets/web-tickets.e2e-spec.ts.
 */
const web = useWebApp();
let f: Fixture;
let companyId: number;
const COMPANY = 'Anadolu Ambalaj A.Ş.';

const as = () => api(web.t, f.host, f.adminKey);

beforeAll(async () => {
  f = await createWorkspace(web.t, 'weborders');
  companyId = (await as().post('/api/v1/companies', { name: COMPANY, city: 'Bursa' }).expect(201)).body.company.id;
  await insertProduct(web.t, f, { code: 'LD-1', name: 'LDPE film', unit: 'kg' });
  for (const kg of [1200, 800]) await as().post('/api/v1/orders', { customer_id: companyId, kg, price: 1.45, note: 'seed' }).expect(201);
});

const open = async (path: string, width: Width = 'desktop'): Promise<Page> => {
  const page = await web.page({ token: f.adminKey, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
};
const rows = (page: Page) => page.locator('.co-table tbody tr');

describe('orders', () => {
  it.each(['desktop', 'phone'] as const)('lists a company\'s orders with their ERP state (%s)', async (width) => {
    const page = await open(`/orders?customer_id=${companyId}`, width);
    await page.getByRole('heading', { name: `Orders · ${COMPANY}`, level: 1 }).waitFor();
    await rows(page).nth(1).waitFor();
    expect(await rows(page).count()).toBe(2);
    expect(await rows(page).first().getByText('Not sent to the ERP').count()).toBe(1);
    // an order is named by its reference, the company by its name
    const ids = (await as().get(`/api/v1/orders?customer_id=${companyId}`).expect(200)).body.items.map((o: { id: number }) => o.id);
    for (const id of ids) await rows(page).getByRole('link', { name: `ORD-${id}`, exact: true }).waitFor();
    expect(await rows(page).getByRole('link', { name: COMPANY }).count()).toBe(2);
    await expectNoIds(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'orders', width);
  });

  it.each(['desktop', 'phone'] as const)('creates an order from the orders list choosing the company and its open opportunity in the picker (%s)', async (width) => {
    const oppName = `Film line (${width})`;
    const oppId = (await as().post('/api/v1/opportunities', { name: oppName, customer_id: companyId, value: 1000 }).expect(201)).body.opp.id;
    const page = await open('/orders', width);
    await page.getByRole('button', { name: 'New order' }).click();
    const form = page.getByRole('form', { name: 'New order' });
    // without a company the API's field error shows on the picker
    await form.getByLabel('Quantity').fill('100');
    await form.getByLabel('Price per unit').fill('2');
    await form.getByRole('button', { name: 'Create' }).click();
    const company = form.getByRole('combobox', { name: /^Company/ });
    await form.locator('[aria-invalid="true"]').first().waitFor();
    expect(await company.getAttribute('aria-invalid')).toBe('true');

    await company.fill('ambalaj');
    await form.getByRole('option', { name: /Anadolu Ambalaj/ }).click();
    await form.getByRole('group', { name: /^Company/ }).getByText(COMPANY).waitFor();
    const opportunity = form.getByRole('combobox', { name: 'Opportunity' });
    await opportunity.fill('line');
    await form.getByRole('option', { name: new RegExp(oppName.replace(/[()]/g, '\\$&')) }).waitFor();
    await opportunity.press('ArrowDown');
    await opportunity.press('Enter');
    await form.getByRole('group', { name: 'Opportunity' }).getByText(oppName).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/orders\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    expect((await as().get(`/api/v1/orders/${orderId}`).expect(200)).body.order).toMatchObject({ customer_id: companyId, opp_id: oppId, kg: 100 });
  });

  it('creates an order from the company record, edits its PO, sends it to the ERP, then explains the 409', async () => {
    const page = await open(`/companies/${companyId}`);
    await page.getByRole('link', { name: 'New order' }).click();
    const form = page.getByRole('form', { name: 'New order' });
    await form.getByLabel('Product').selectOption({ label: 'LDPE film' });
    await form.getByLabel('Quantity').fill('2500');
    await form.getByLabel('Price per unit').fill('1,2');
    // the order's plain texts are one list (order.fields.ts): a box on the form, a row on the record
    expect(await form.getByLabel('Note').getAttribute('maxlength')).toBe('2000');
    await form.getByLabel('Note').fill('Deliver to gate 2');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/orders\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: `ORD-${orderId} · ${COMPANY}`, level: 1 }).waitFor();
    expect(await page.title()).toBe(`ORD-${orderId} · ${COMPANY} · CRM`);
    await page.locator('dd').getByRole('link', { name: COMPANY }).waitFor();
    await page.locator('dd', { hasText: 'Deliver to gate 2' }).waitFor();
    await expectNoIds(page);
    // spec 8: at most 60 characters
    expect(await page.getByRole('textbox', { name: 'Customer PO' }).getAttribute('maxlength')).toBe('60');

    const po = page.getByRole('form', { name: 'Customer PO' });
    await po.getByLabel('Customer PO').fill('  PO   4500  0123 ');
    await po.getByRole('button', { name: 'Save PO' }).click();
    await po.getByText('PO saved.').waitFor();
    expect(await po.getByLabel('Customer PO').inputValue()).toBe('PO 4500 0123');
    const stored = (await as().get(`/api/v1/orders/${orderId}`).expect(200)).body.order;
    expect([stored.customer_po, stored.amount]).toEqual(['PO 4500 0123', 3000]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'order-record', 'desktop');

    const erp = page.getByRole('region', { name: 'ERP' });
    await erp.getByRole('button', { name: 'Send to the ERP' }).click();
    await erp.getByRole('button', { name: 'Send', exact: true }).click();
    await erp.getByRole('group', { name: 'Send to the ERP' }).waitFor({ state: 'detached' });
    const sent = (await as().get(`/api/v1/orders/${orderId}`).expect(200)).body.order;
    expect(sent.status).toBe(f.ws.constants.order_sent_status);
    await erp.getByText(sent.erp.label).waitFor();
    expect(await erp.getByRole('button', { name: 'Send to the ERP' }).count()).toBe(0);

    // once the ERP took the order, nothing to save here: the number is changed in the ERP
    expect(await po.getByRole('button', { name: 'Save PO' }).isDisabled()).toBe(true);
    expect(await po.getByLabel('Customer PO').getAttribute('readonly')).not.toBeNull();
    await po.getByText('The order is in the ERP').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // a page opened before the order went to the ERP (another tab): the 409 is explained
    const other = (await as().post('/api/v1/orders', { customer_id: companyId, kg: 10, price: 1 }).expect(201)).body.order.id;
    const stale = await open(`/orders/${other}`);
    const stalePo = stale.getByRole('form', { name: 'Customer PO' });
    await stalePo.getByLabel('Customer PO').waitFor();
    await as().post(`/api/v1/orders/${other}/erp`).expect(200);
    await stalePo.getByLabel('Customer PO').fill('PO 9999');
    await stalePo.getByRole('button', { name: 'Save PO' }).click();
    await stalePo.getByRole('alert').filter({ hasText: 'already been sent to the ERP' }).waitFor();
    expect((await as().get(`/api/v1/orders/${other}`).expect(200)).body.order.customer_po).toBe('');

    const phone = await open(`/orders/${orderId}`, 'phone');
    await phone.getByRole('region', { name: 'ERP' }).getByText(sent.erp.label).waitFor();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, 'order-record', 'phone');
  });
});
