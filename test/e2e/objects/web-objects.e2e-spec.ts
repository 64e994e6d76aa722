import type { Page } from 'playwright-core';
import { api, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * Relations of custom records in Chromium: "New <object>" on a company record prefilled with the company,
 * the record's relations with Remove and the Add picker (people, another object's records), the company
 * record listing its custom records, and removing the relation takes the record off it; both widths. Archive
 * (the API's DELETE, behind a confirmation) and restore of a record. An admin defines a record type and
 * changes its fields.
 */
const web = useWebApp();
let f: Fixture;
let company: { id: number; name: string };
let person: { id: number; name: string };

const admin = () => api(web.t, f.host, f.adminKey);
const open = async (path: string, width: Width = 'desktop'): Promise<Page> => {
  const page = await web.page({ token: f.adminKey, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
};
const record = async (key: string, id: number) => (await admin().get(`/api/v1/objects/${key}/records/${id}`).expect(200)).body.record;
const ids = (r: { relations: { key: string; items: { id: number }[] }[] }, key: string) => r.relations.find((x) => x.key === key)!.items.map((i) => i.id);

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webobjects');
  company = (await admin().post('/api/v1/companies', { name: 'Anadolu Ambalaj', city: 'Bursa' }).expect(201)).body.company;
  await admin().post('/api/v1/companies', { name: 'Ege Plastik', city: 'İzmir' }).expect(201);
  person = (await admin().post('/api/v1/people', { name: 'Hakan Öztürk', customer_id: company.id }).expect(201)).body.person;
  await admin()
    .post('/api/v1/objects', {
      key: 'sites',
      label: 'Sites',
      fields: [{ key: 'city', label: 'City', type: 'text', display: true }],
      relations: [
        { key: 'customer', label: 'Customer', kind: 'company' },
        { key: 'contacts', label: 'Contacts', kind: 'person', many: true },
      ],
    })
    .expect(201);
  await admin().post('/api/v1/objects', { key: 'machines', label: 'Machines', relations: [{ key: 'site', label: 'Site', kind: 'object', object: 'sites' }] }).expect(201);
});

describe('custom record relations', () => {
  it('creates a site from the company record, adds a contact, lists it on the company, removes the customer (1280 px)', async () => {
    const page = await open(`/companies/${company.id}`);
    const sites = page.getByRole('region', { name: 'Sites' });
    await sites.getByText('none').waitFor();
    await sites.getByRole('link', { name: 'New: Sites' }).click();
    const form = page.getByRole('form', { name: 'New record' });
    await form.getByText('Linked to Anadolu Ambalaj (Customer)').waitFor();
    await form.getByLabel('Name').fill('Bursa plant');
    await form.getByLabel('City').fill('Bursa');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Bursa plant', level: 1 }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(ids(await record('sites', id), 'customer')).toEqual([company.id]);

    const customer = page.getByRole('region', { name: 'Customer' });
    expect(await customer.getByRole('link', { name: 'Anadolu Ambalaj' }).getAttribute('href')).toBe(`/companies/${company.id}`);
    // a one-relation with an item offers "Change", a many-relation "Add"
    await customer.getByRole('button', { name: 'Change: Customer' }).waitFor();
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await contacts.getByRole('button', { name: 'Add: Contacts' }).click();
    await contacts.getByRole('searchbox', { name: 'Find for Contacts' }).fill('Hakan');
    await contacts.getByRole('searchbox', { name: 'Find for Contacts' }).press('Enter');
    await contacts.getByRole('button', { name: 'Add: Hakan Öztürk' }).click();
    await contacts.getByRole('link', { name: 'Hakan Öztürk' }).waitFor();
    expect(ids(await record('sites', id), 'contacts')).toEqual([person.id]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'object-relations', 'desktop');

    const co = await open(`/companies/${company.id}`);
    const listed = co.getByRole('region', { name: 'Sites' });
    expect(await listed.getByRole('link', { name: 'Bursa plant' }).getAttribute('href')).toBe(`/objects/sites/${id}`);
    expect(await seriousA11yViolations(co)).toEqual([]);
    await screenshot(co, 'company-objects', 'desktop');

    await customer.getByRole('button', { name: 'Remove Anadolu Ambalaj from Customer' }).click();
    await customer.getByText('none').waitFor();
    await customer.getByRole('button', { name: 'Add: Customer' }).waitFor();
    const after = await record('sites', id);
    expect(ids(after, 'customer')).toEqual([]);
    expect(ids(after, 'contacts')).toEqual([person.id]);
    await co.reload();
    await co.getByRole('region', { name: 'Sites' }).getByText('none').waitFor();
    expect(await co.getByRole('link', { name: 'Bursa plant' }).count()).toBe(0);
  });

  it("links a machine to another object's record with the picker, shows it on the site, removes it (390 px)", async () => {
    const site = (await admin().post('/api/v1/objects/sites/records', { name: 'Gebze plant', links: { customer: company.id } }).expect(201)).body.record;
    const machine = (await admin().post('/api/v1/objects/machines/records', { name: 'Extruder 7' }).expect(201)).body.record;
    const page = await open(`/objects/machines/${machine.id}`, 'phone');
    const rel = page.getByRole('region', { name: 'Site', exact: true });
    await rel.getByRole('button', { name: 'Add: Site' }).click();
    await rel.getByRole('searchbox', { name: 'Find for Site' }).fill('Gebze');
    await rel.getByRole('button', { name: 'Search' }).click();
    await rel.getByRole('button', { name: 'Add: Gebze plant' }).click();
    expect(await rel.getByRole('link', { name: 'Gebze plant' }).getAttribute('href')).toBe(`/objects/sites/${site.id}`);
    expect(ids(await record('machines', machine.id), 'site')).toEqual([site.id]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'object-relations', 'phone');

    // the site shows the machine on its `in` side, as a link without Remove (the link belongs to the machine)
    const sitePage = await open(`/objects/sites/${site.id}`, 'phone');
    const incoming = sitePage.getByRole('region', { name: 'Machines: Site' });
    await incoming.getByRole('link', { name: 'Extruder 7' }).waitFor();
    expect(await incoming.getByRole('button', { name: /Remove/ }).count()).toBe(0);

    const co = await open(`/companies/${company.id}`, 'phone');
    await co.getByRole('region', { name: 'Sites' }).getByRole('link', { name: 'Gebze plant' }).waitFor();
    expect(await seriousA11yViolations(co)).toEqual([]);
    await screenshot(co, 'company-objects', 'phone');

    await rel.getByRole('button', { name: 'Remove Gebze plant from Site' }).click();
    await rel.getByText('none').waitFor();
    expect(ids(await record('machines', machine.id), 'site')).toEqual([]);
  });
});

describe('archive and restore a custom record', () => {
  it.each(['desktop', 'phone'] as const)('archives a record after confirming (DELETE), it leaves the list, and restores it (%s)', async (width) => {
    const name = `Izmir depot (${width})`;
    const id = (await admin().post('/api/v1/objects/sites/records', { name }).expect(201)).body.record.id as number;
    const page = await open(`/objects/sites/${id}`, width);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByText(`Archive ${name}? It leaves the lists; its history stays and it can be restored.`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Yes, archive' }).click();
    await page.getByRole('button', { name: 'Restore' }).waitFor();
    await page.getByRole('heading', { name: /Archived/, level: 1 }).waitFor();
    expect((await record('sites', id)).active).toBe(false);
    await page.goto(`${web.origin(f.host)}/objects/sites`);
    await page.getByRole('link', { name: 'Bursa plant' }).first().waitFor();
    expect(await page.getByRole('link', { name }).count()).toBe(0);

    await page.goto(`${web.origin(f.host)}/objects/sites/${id}`);
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('button', { name: 'Archive' }).waitFor();
    expect((await record('sites', id)).active).toBe(true);
  });
});

describe('record types (admins)', () => {
  it.each(['desktop', 'phone'] as const)('defines a record type with fields, then adds a field and renames it (%s)', async (width) => {
    const label = `Makine parkı ${width === 'desktop' ? 'A' : 'B'}`;
    const key = `makine_parki_${width === 'desktop' ? 'a' : 'b'}`;
    const page = await open('/objects', width);
    await page.getByRole('button', { name: 'New record type' }).click();
    const form = page.getByRole('form', { name: 'New record type' });
    await form.getByLabel('Name (plural)').fill(label);
    expect(await form.getByLabel('Key in addresses').inputValue()).toBe(key);
    await form.getByRole('button', { name: 'Add field' }).click();
    await form.getByRole('button', { name: 'Add field' }).click();
    const first = form.getByRole('group', { name: 'Field 1' });
    const second = form.getByRole('group', { name: 'Field 2' });
    await first.getByLabel('Label').fill('Seri numarası');
    expect(await first.getByLabel('Key').inputValue()).toBe('seri_numarasi');
    await first.getByRole('checkbox', { name: 'Required' }).check();
    await first.getByRole('checkbox', { name: 'Shown in lists' }).check();
    await second.getByLabel('Label').fill('Size');
    await second.getByLabel('Type').selectOption('select');
    await form.getByRole('button', { name: 'Create' }).click();
    await second.getByText('Give at least one choice.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await second.getByLabel('Choices (comma-separated)').fill('Small, Large');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: label, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/objects/${key}`);
    const created = (await admin().get(`/api/v1/objects/${key}`).expect(200)).body.object;
    expect(created.fields).toEqual([
      expect.objectContaining({ key: 'seri_numarasi', label: 'Seri numarası', type: 'text', required: true, display: true }),
      expect.objectContaining({ key: 'size', type: 'select', options: ['Small', 'Large'], required: false }),
    ]);

    await page.getByRole('button', { name: 'Edit record type' }).click();
    const edit = page.getByRole('form', { name: 'Edit record type' });
    expect(await edit.getByRole('group', { name: 'Field 1' }).getByLabel('Key').getAttribute('readonly')).not.toBeNull();
    await edit.getByLabel('Name (plural)').fill(`${label} (TR)`);
    await edit.getByRole('button', { name: 'Add field' }).click();
    const third = edit.getByRole('group', { name: 'Field 3' });
    await third.getByLabel('Label').fill('Kurulum tarihi');
    await third.getByLabel('Type').selectOption('date');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: `${label} (TR)`, level: 1 }).waitFor();
    const changed = (await admin().get(`/api/v1/objects/${key}`).expect(200)).body.object;
    expect(changed.fields.map((x: { key: string; type: string }) => `${x.key}:${x.type}`)).toEqual(['seri_numarasi:text', 'size:select', 'kurulum_tarihi:date']);
  });
});
