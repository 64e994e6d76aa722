import type { Page } from 'playwright-core';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * The approvals and custom object screens in Chromium: a leave request across Republic Day (29 October 2026)
 * shows its working days without the holiday while dates are picked, goes to the approver, who approves it
 * from the inbox; a custom record created from the form built from the object's fields, archived and restored;
 * an admin sets up an approval list (fields, working days) and changes it.
 */
const web = useWebApp();
let f: Fixture;
let boss: { user: { id: number }; key: string };
let ali: { user: { id: number }; key: string };
let leaveId: number;

const admin = () => api(web.t, f.host, f.adminKey);

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webap');
  boss = await createUser(web.t, f, { department: 'Management', fullName: 'Büşra Boss' });
  ali = await createUser(web.t, f, { department: 'Sales', fullName: 'Ali Sales' });
  const leave = {
    name: 'Leave request',
    approver_id: boss.user.id,
    fields: [
      { key: 'type', label: 'Leave type', type: 'leave_type', required: true, options: ['Annual leave', 'Sick leave'] },
      { key: 'start', label: 'First day', type: 'date' },
      { key: 'end', label: 'Last day', type: 'date' },
      { key: 'stand_in', label: 'Stand-in', type: 'person' },
      { key: 'handover', label: 'Handover done', type: 'checkbox' },
      { key: 'phone', label: 'Reachable on', type: 'text' },
      { key: 'hours', label: 'Overtime hours used', type: 'number' },
    ],
    working_days: { start: 'start', end: 'end' },
  };
  leaveId = (await admin().post('/api/v1/approvals/forms', leave).expect(201)).body.form.id;
  await admin().post('/api/v1/approvals/forms', { name: 'Purchase approval', approver_id: f.admin.id, fields: [{ key: 'item', label: 'Item', type: 'text', required: true }] }).expect(201);
  await admin()
    .post('/api/v1/objects', {
      key: 'sites',
      label: 'Sites',
      fields: [
        { key: 'size', label: 'Size', type: 'select', options: ['Small', 'Large'], required: true, display: true },
        { key: 'city', label: 'City', type: 'text', display: true },
        { key: 'lines', label: 'Lines', type: 'number' },
        { key: 'opened', label: 'Opened', type: 'date' },
        { key: 'certs', label: 'Certificates', type: 'multiselect', options: ['ISO 9001', 'BRC'] },
        { key: 'audited', label: 'Audited', type: 'checkbox' },
        { key: 'manager', label: 'Site manager', type: 'person' },
        { key: 'capex', label: 'Capex', type: 'money' },
      ],
      relations: [{ key: 'customer', label: 'Customer', kind: 'company' }],
    })
    .expect(201);
});

const open = async (token: string, path: string, width: Width = 'desktop'): Promise<Page> => {
  const page = await web.page({ token, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
};

describe('approvals', () => {
  it('counts working days without the public holiday as dates are picked, and sends the request', async () => {
    const page = await open(ali.key, '/approvals');
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    await page.getByText('You have no requests yet.').waitFor();
    await page.getByRole('button', { name: 'Leave request' }).click();
    await page.getByText('Approver: Büşra Boss').waitFor();
    await page.getByLabel('Leave type').selectOption('Annual leave');
    await page.getByText('Pick the first and last day to see the working days.').waitFor();
    await page.getByLabel('First day').fill('2026-10-26');
    await page.getByLabel('Last day').fill('2026-10-30');
    // Monday to Friday with Republic Day on Thursday: 4, and the holiday named
    await page.getByText('4 working days').waitFor();
    await page.getByText(/Public holidays not counted: .*Cumhuriyet.*29 Oct 2026/).waitFor();
    await page.getByLabel('Last day').fill('2026-11-02');
    await page.getByText('5 working days').waitFor();
    await page.getByLabel('Stand-in').selectOption({ label: 'Büşra Boss' });
    await page.getByLabel('Handover done').check();
    await page.getByLabel('Reachable on').fill('+90 532 000 0000');
    await page.getByLabel('Overtime hours used').fill('4');
    await page.getByLabel('Note to the approver').fill('Family visit');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'approval-form', 'desktop');
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByText('Sent to Büşra Boss for approval.').waitFor();

    const row = page.locator('.ap-table tbody tr').first();
    await row.getByText('Waiting').waitFor();
    expect(await row.textContent()).toContain('First day: 26 Oct 2026');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'approvals', 'desktop');

    const mine = (await api(web.t, f.host, ali.key).get('/api/v1/approvals?role=requester').expect(200)).body.items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      list_id: leaveId,
      status: 'pending',
      working_days: 5,
      note: 'Family visit',
      values: { type: 'Annual leave', start: '2026-10-26', end: '2026-11-02', stand_in: boss.user.id, handover: true, phone: '+90 532 000 0000', hours: 4 },
    });
  });

  it('lets the approver approve it from the inbox', async () => {
    const page = await open(boss.key, '/approvals?view=inbox');
    const row = page.locator('.ap-table tbody tr').filter({ hasText: 'Ali Sales' });
    await row.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await row.getByLabel('Note to Ali Sales').fill('Enjoy');
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Nothing waits for your decision.').waitFor();
    const mine = (await api(web.t, f.host, ali.key).get('/api/v1/approvals?role=requester').expect(200)).body.items;
    expect(mine[0]).toMatchObject({ status: 'approved', decision_note: 'Enjoy', decided_by: { id: boss.user.id } });

    const phone = await open(ali.key, '/approvals', 'phone');
    await phone.getByText('Approved').waitFor();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, 'approvals', 'phone');
    await phone.getByRole('button', { name: 'Leave request' }).click();
    await phone.getByLabel('First day').fill('2026-10-28');
    await phone.getByLabel('Last day').fill('2026-10-29');
    await phone.getByText('1 working day', { exact: true }).waitFor();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, 'approval-form', 'phone');
  });
});

describe('custom objects', () => {
  let siteId: number;

  it('lists the objects and creates a record from the form built from its fields; archives and restores it', async () => {
    const page = await open(f.adminKey, '/objects');
    await page.getByRole('heading', { name: 'Records', level: 1 }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'objects', 'desktop');
    await page.getByRole('link', { name: 'Sites' }).click();
    await page.getByText('No records.').waitFor();
    await page.getByRole('button', { name: 'New record' }).click();
    const form = page.getByRole('form', { name: 'New record' });
    await form.getByLabel('Name').fill('Bursa plant');
    await form.getByLabel('Size').selectOption('Large');
    await form.getByLabel('City').fill('Bursa');
    await form.getByLabel('Lines').fill('3');
    await form.getByLabel('Opened').fill('2026-03-01');
    await form.getByLabel('ISO 9001').check();
    await form.getByLabel('Audited').check();
    await form.getByLabel('Site manager').selectOption({ label: 'Ali Sales' });
    await form.getByLabel('Capex: Amount').fill('250000');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Bursa plant', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/objects\/sites\/\d+$/);
    const id = (siteId = Number(new URL(page.url()).pathname.split('/').pop()));
    const rec = (await admin().get(`/api/v1/objects/sites/records/${id}`).expect(200)).body.record;
    expect(rec.fields).toMatchObject({ size: 'Large', city: 'Bursa', lines: 3, opened: '2026-03-01', certs: ['ISO 9001'], audited: true, manager: ali.user.id, capex: { amount: 250000 } });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'object-record', 'desktop');

    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('button', { name: /Yes/ }).click();
    await page.getByRole('button', { name: 'Restore' }).waitFor();
    expect((await admin().get(`/api/v1/objects/sites/records/${id}`).expect(200)).body.record.active).toBe(false);
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('button', { name: 'Archive' }).waitFor();
    expect((await admin().get(`/api/v1/objects/sites/records/${id}`).expect(200)).body.record.active).toBe(true);
  });

  // a test of its own: with the desktop flow above, one test was the longest of its file, and on a loaded machine too
  // close to the suite's timeout
  it('shows the objects, the list and the record on a phone', async () => {
    const id = siteId;
    const list = await open(f.adminKey, '/objects/sites', 'phone');
    await list.getByRole('link', { name: 'Bursa plant' }).waitFor();
    const phoneObjects = await open(f.adminKey, '/objects', 'phone');
    await phoneObjects.getByRole('link', { name: 'Sites' }).waitFor();
    expect(await seriousA11yViolations(phoneObjects)).toEqual([]);
    await screenshot(phoneObjects, 'objects', 'phone');
    const phone = await open(f.adminKey, `/objects/sites/${id}`, 'phone');
    await phone.getByRole('heading', { name: 'Bursa plant', level: 1 }).waitFor();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, 'object-record', 'phone');
  });
});

describe('approval lists (admins)', () => {
  it.each(['desktop', 'phone'] as const)('creates a list with fields and working days, then closes it and renames a field (%s)', async (width) => {
    const name = `Travel approval (${width})`;
    const page = await open(f.adminKey, '/approvals', width);
    const lists = page.getByRole('region', { name: 'Approval lists' });
    await lists.getByRole('button', { name: 'New approval list' }).click();
    const form = page.getByRole('form', { name: 'New approval list' });
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Name is required.').waitFor();
    await form.getByText('Approver is required.').waitFor();
    await form.getByLabel('Name', { exact: false }).first().fill(name);
    await form.getByLabel('Approver').selectOption({ label: 'Büşra Boss' });
    for (const [n, label, type] of [
      [1, 'Destination', 'text'],
      [2, 'Departure', 'date'],
      [3, 'Return', 'date'],
    ] as const) {
      await form.getByRole('button', { name: 'Add field' }).click();
      const row = form.getByRole('group', { name: `Field ${n}` });
      await row.getByLabel('Label').fill(label);
      await row.getByLabel('Type').selectOption(type);
    }
    await form.getByRole('group', { name: 'Field 1' }).getByRole('checkbox', { name: 'Required' }).check();
    await form.getByLabel('Count working days between two date fields (leave)').check();
    await form.getByLabel('First day field').selectOption({ label: 'Departure' });
    await form.getByLabel('Last day field').selectOption({ label: 'Return' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create' }).click();
    await lists.getByRole('status').filter({ hasText: `Approval list “${name}” created.` }).waitFor();
    const all = (await admin().get('/api/v1/approvals/forms?all=true').expect(200)).body.forms as { id: number; name: string; active: boolean; approver: { id: number }; fields: { key: string; label: string; type: string; required: boolean }[]; working_days: unknown }[];
    const created = all.find((x) => x.name === name)!;
    expect(created).toMatchObject({ approver: { id: boss.user.id }, working_days: { start: 'departure', end: 'return' }, active: true });
    // the API makes the working-day fields required
    expect(created.fields.map((x) => `${x.key}:${x.type}:${x.required}`)).toEqual(['destination:text:true', 'departure:date:true', 'return:date:true']);

    await lists.getByRole('button', { name: `Edit “${name}”` }).click();
    const edit = page.getByRole('form', { name: `Edit “${name}”` });
    await edit.getByRole('group', { name: 'Field 1' }).getByLabel('Label').fill('City');
    await edit.getByLabel('Takes new requests').uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await lists.getByRole('status').filter({ hasText: `Approval list “${name}” saved.` }).waitFor();
    await lists.getByText('Closed').first().waitFor();
    const changed = ((await admin().get('/api/v1/approvals/forms?all=true').expect(200)).body.forms as typeof all).find((x) => x.id === created.id)!;
    expect(changed).toMatchObject({ active: false, working_days: { start: 'departure', end: 'return' } });
    expect(changed.fields[0]).toMatchObject({ key: 'destination', label: 'City' });
  });

  it('shows no list editor to a sales user', async () => {
    const page = await open(ali.key, '/approvals');
    await page.getByRole('heading', { name: 'New request' }).waitFor();
    expect(await page.getByRole('region', { name: 'Approval lists' }).count()).toBe(0);
  });
});
