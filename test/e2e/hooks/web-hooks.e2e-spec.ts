import type { Page } from 'playwright-core';
import request from 'supertest';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp } from '../../helpers/web-app';

/**
 * Inbound hooks in Chromium: an admin opens them from the leads page, creates a hook with a mapping, sees its
 * secret once (it works: a delivery with it creates the lead), pauses it, gives it a new secret, and deletes it.
 */
const web = useWebApp();
let f: Fixture;
const as = () => api(web.t, f.host, f.adminKey);
const deliver = (key: string, secret: string, body: object) =>
  request(web.t.app.getHttpServer()).post(`/hooks/${key}`).set('Host', f.host).set('Authorization', `Bearer ${secret}`).send(body);

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webhooksin');
});

async function open(path: string, width: 'desktop' | 'phone' = 'desktop', token = f.adminKey): Promise<Page> {
  const page = await web.page({ token, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
}

describe('inbound hooks (admins)', () => {
  it.each(['desktop', 'phone'] as const)('creates a hook with a mapping and shows its secret once (%s)', async (width) => {
    const name = `Website sign-ups (${width})`;
    const page = await open('/leads', width);
    await page.getByRole('link', { name: 'Inbound hooks' }).click();
    await page.getByRole('heading', { name: 'Inbound hooks', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New inbound hook' }).click();
    const form = page.getByRole('form', { name: 'New inbound hook' });
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Name is required.').waitFor();
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByRole('group', { name: 'Field 1' }).getByLabel('JSON path').fill('data.company');
    await form.getByRole('button', { name: 'Add a field' }).click();
    const row2 = form.getByRole('group', { name: 'Field 2' });
    await row2.getByLabel('Field', { exact: true }).selectOption('email');
    await row2.getByLabel('JSON path').fill('data.email');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create' }).click();

    const shown = page.getByTestId('hook-secret');
    await shown.waitFor();
    const secret = (await shown.textContent())!;
    expect(secret).toMatch(/^hk_/);
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'inbound-hooks', width);

    const hook = (await as().get('/api/v1/hooks').expect(200)).body.items.find((h: { name: string }) => h.name === name);
    expect(hook).toMatchObject({ target: 'lead', auth_mode: 'bearer', mapping: [{ field: 'company', path: 'data.company' }, { field: 'email', path: 'data.email' }] });
    await page.getByText(hook.url).waitFor();
    const r = await deliver(hook.public_key, secret, { data: { company: `Signed Up ${width} Ltd.`, email: 'x@y.test' } }).expect(201);
    expect((await as().get(`/api/v1/leads/${r.body.id}`).expect(200)).body.lead.company).toBe(`Signed Up ${width} Ltd.`);

    // once: after Done, and after a reload, the secret is nowhere on the page
    await page.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('cell', { name: hook.url }).waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it("maps a custom object's fields from its definition", async () => {
    await as().post('/api/v1/objects', { key: 'sites', label: 'Sites', fields: [{ key: 'size', label: 'Size', type: 'text' }], relations: [] }).expect(201);
    const page = await open('/leads/hooks');
    await page.getByRole('button', { name: 'New inbound hook' }).click();
    const form = page.getByRole('form', { name: 'New inbound hook' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('Plant sign-ups');
    await form.getByLabel('Creates').selectOption('object');
    await form.getByLabel('Custom object').selectOption('sites');
    await form.getByRole('group', { name: 'Field 1' }).getByLabel('JSON path').fill('plant.name');
    await form.getByRole('button', { name: 'Add a field' }).click();
    const row2 = form.getByRole('group', { name: 'Field 2' });
    await row2.getByLabel('Field', { exact: true }).selectOption('fields.size');
    await row2.getByLabel('JSON path').fill('plant.size');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create' }).click();
    const secret = (await page.getByTestId('hook-secret').textContent())!;
    const hook = (await as().get('/api/v1/hooks').expect(200)).body.items.find((h: { name: string }) => h.name === 'Plant sign-ups');
    expect(hook).toMatchObject({ target: 'object', object_key: 'sites', mapping: [{ field: 'name', path: 'plant.name' }, { field: 'fields.size', path: 'plant.size' }] });
    const r = await deliver(hook.public_key, secret, { plant: { name: 'Gebze', size: 'Large' } }).expect(201);
    expect((await as().get(`/api/v1/objects/sites/records/${r.body.id}`).expect(200)).body.record.fields.size).toBe('Large');
  });

  it('pauses and resumes a hook, gives it a new secret (shown once) and deletes it', async () => {
    const made = (await as().post('/api/v1/hooks', { name: 'Zapier', target: 'company', mapping: [{ field: 'name', path: 'org' }] }).expect(201)).body;
    const page = await open('/leads/hooks');
    const row = page.getByRole('row', { name: /Zapier/ });
    await row.getByRole('button', { name: 'Pause' }).click();
    await row.getByText('Paused').waitFor();
    expect((await as().get(`/api/v1/hooks/${made.hook.id}`).expect(200)).body.hook.active).toBe(false);
    await row.getByRole('button', { name: 'Resume' }).click();
    await row.getByRole('button', { name: 'Pause' }).waitFor();

    await row.getByRole('button', { name: 'New secret' }).click();
    const shown = page.getByTestId('hook-secret');
    await shown.waitFor();
    const secret = (await shown.textContent())!;
    expect(secret).not.toBe(made.secret);
    await deliver(made.hook.public_key, made.secret, { org: 'Old Secret Co' }).expect(401);
    await deliver(made.hook.public_key, secret, { org: 'New Secret Co' }).expect(201);

    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Inbound hook “Zapier” deleted.').waitFor();
    await as().get(`/api/v1/hooks/${made.hook.id}`).expect(404);
  });

  it('is in Turkish for a Turkish admin, and tells a sales user it is for admins', async () => {
    const tr = await createUser(web.t, f, { role: 'admin' });
    await api(web.t, f.host, tr.key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const page = await open('/leads/hooks', 'desktop', tr.key);
    await page.getByRole('heading', { name: 'Gelen kancalar', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Yeni gelen kanca' }).click();
    const form = page.getByRole('form', { name: 'Yeni gelen kanca' });
    await form.getByLabel('Kimlik doğrulama').waitFor();
    await form.getByRole('button', { name: 'Alan ekle' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const sales = await createUser(web.t, f);
    const other = await open('/leads/hooks', 'desktop', sales.key);
    await other.getByText('Only admins set up inbound hooks.').waitFor();
  });
});
