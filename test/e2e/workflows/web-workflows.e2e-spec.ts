import type { Page } from 'playwright-core';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp } from '../../helpers/web-app';

/**
 * Workflows in Chromium (admins): the list from Settings, a template installed off, the editor (trigger,
 * condition rows, actions as forms, reorder, save with its version), Try it and Turn on, the run history, the
 * record's “Workflow runs” with a manual run; English at 1280 px, Turkish at 390 px, axe-clean; others get Not found.
 * A sales user who sees a record sees its runs there (outcomes in their language, records and users by name).
 */
const web = useWebApp();
let f: Fixture;
const as = () => api(web.t, f.host, f.adminKey);

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webworkflows');
});

async function open(path: string, width: 'desktop' | 'phone' = 'desktop', token = f.adminKey): Promise<Page> {
  const page = await web.page({ token, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
}
const PASSWORD = 'Sales-Password-12345';

/** A page signed in through the app's own sign-in (the settings pages take the session cookie, not a key). */
async function signedIn(email: string, password: string): Promise<Page> {
  const page = await web.page();
  await page.goto(`${web.origin(f.host)}/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('header.top').waitFor();
  return page;
}
const rule = async (body: object) => (await as().post('/api/v1/workflows', body).expect(201)).body.workflow;

describe('workflows (admins)', () => {
  it.each(['desktop', 'phone'] as const)('lists the rules from Settings and installs a template turned off (%s)', async (width) => {
    const page = await open('/workflows', width);
    await page.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
    const templates = page.getByRole('region', { name: 'New from template' });
    const before = (await as().get('/api/v1/workflows').expect(200)).body.items.length;
    await templates.getByRole('button', { name: /^Install: New fair lead/ }).click();
    await page.getByRole('status').getByText(/installed, turned off/).waitFor();
    const items = (await as().get('/api/v1/workflows').expect(200)).body.items;
    expect(items).toHaveLength(before + 1);
    const installed = items.find((w: { template: string }) => w.template === 'fair_lead_task');
    expect(installed).toMatchObject({ enabled: false });
    const row = page.getByRole('row', { name: new RegExp(installed.name) }).first();
    await row.getByText('When a lead comes in').waitFor();
    await row.getByText('Off').waitFor();
    await row.getByText('Never').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'workflows-list', width);
  });

  it('builds a rule in the editor: event by name, a condition row, a task for a user by name, a note moved up; saving shows the version', async () => {
    const seller = await createUser(web.t, f, { fullName: 'Selin Fuar' });
    const page = await open('/workflows/new');
    const form = page.getByRole('form', { name: 'New workflow' });
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await form.getByText('Name is required.').waitFor();
    await form.getByRole('textbox', { name: /^Name/ }).fill('Won: hand over');
    await form.getByLabel('What happens').selectOption({ label: 'an opportunity is won' });
    await form.getByRole('group', { name: 'Only if' }).getByRole('button', { name: 'Add a condition' }).click();
    const cond = form.getByRole('group', { name: 'Condition 1' });
    await cond.getByLabel('Field').selectOption({ label: 'Value' });
    await cond.getByLabel('Operator').selectOption({ label: 'is not' });
    await cond.getByLabel('Value').fill('0');
    await form.getByLabel('New action').selectOption({ label: 'Create a task' });
    await form.getByRole('button', { name: 'Add an action' }).last().click();
    const task = form.getByRole('group', { name: 'Action 1: Create a task' });
    await task.getByRole('textbox', { name: /^Title/ }).fill('Hand over {{name}}');
    await task.getByLabel('Due in (days)').fill('3');
    await task.getByLabel('Assignee').selectOption({ label: 'A user' });
    await task.getByLabel('A user', { exact: true }).last().selectOption({ label: 'Selin Fuar' });
    await form.getByLabel('New action').last().selectOption({ label: 'Add a note' });
    await form.getByRole('button', { name: 'Add an action' }).last().click();
    await form.getByRole('group', { name: 'Action 2: Add a note' }).getByRole('textbox', { name: /^Note/ }).fill('Handed over by the workflow');
    await form.getByRole('button', { name: 'Move up: Action 2: Add a note' }).click();
    await form.getByRole('group', { name: 'Action 1: Add a note' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('status').getByText('Saved: version 1.').waitFor();
    const id = Number(/\/workflows\/(\d+)$/.exec(page.url())![1]);
    const w = (await as().get(`/api/v1/workflows/${id}`).expect(200)).body.workflow;
    expect(w).toMatchObject({ name: 'Won: hand over', version: 1, enabled: false, trigger: { kind: 'event', event: 'opp_won', filter: { match: 'all', conditions: [{ field: 'value', op: 'not', value: '0' }] } } });
    expect(w.actions).toEqual([
      expect.objectContaining({ type: 'add_note', text: 'Handed over by the workflow' }),
      expect.objectContaining({ type: 'create_task', title: 'Hand over {{name}}', due_in_days: 3, assignee: { kind: 'user', user_id: seller.user.id } }),
    ]);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Won: hand over to Selin');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Saved: version 2.').waitFor();
    await page.getByText('Version 2', { exact: true }).waitFor();
    await screenshot(page, 'workflows-editor', 'desktop');
  });

  it('tries a rule on the last days’ events, record by record, and turns it on', async () => {
    const lead = (await as().post('/api/v1/leads', { company: 'Simülasyon Kimya' }).expect(201)).body.lead;
    const w = await rule({ name: 'New lead: call', trigger: { kind: 'event', event: 'lead_created', filter: null }, actions: [{ type: 'create_task', title: 'Call {{company}}', due_in_days: 1, assignee: { kind: 'owner' } }] });
    const page = await open(`/workflows/${w.id}`);
    const tryIt = page.getByRole('region', { name: 'Try it' });
    await tryIt.getByRole('button', { name: 'Try it' }).click();
    await tryIt.getByText(/events read; it would have run [1-9]\d* times/).waitFor();
    const item = tryIt.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Simülasyon Kimya' }) });
    await item.getByText('Create a task').waitFor();
    expect(await item.getByRole('link', { name: 'Simülasyon Kimya' }).getAttribute('href')).toBe(`/leads/${lead.id}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'workflows-try', 'desktop');
    await tryIt.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'Turn off' }).waitFor();
    expect((await as().get(`/api/v1/workflows/${w.id}`).expect(200)).body.workflow.enabled).toBe(true);
  });

  it('runs a manual rule on an opportunity after asking, lists it on the record and in the rule’s history with each outcome', async () => {
    const companyId = (await as().post('/api/v1/companies', { name: 'Manuel Ambalaj' }).expect(201)).body.company.id;
    const opp = (await as().post('/api/v1/opportunities', { name: 'Stretch film 2027', customer_id: companyId, value: 1000 }).expect(201)).body.opp;
    const w = await rule({
      name: 'Check by hand',
      enabled: true,
      trigger: { kind: 'manual', record_kind: 'opportunity' },
      actions: [{ type: 'add_note', text: 'Checked by hand' }, { type: 'update_fields', fields: { stage: f.ws.constants.stages[1] } }],
    });
    const page = await open(`/opportunities/${opp.id}`);
    const section = page.getByRole('region', { name: 'Workflow runs' });
    await section.getByRole('button', { name: 'Run workflow: Check by hand' }).click();
    await section.getByText('Run “Check by hand” on this record now?').waitFor();
    await section.getByRole('button', { name: 'Yes, run it' }).click();
    await section.getByRole('status').getByText(/“Check by hand” ran:/).waitFor();
    await section.getByRole('link', { name: 'Check by hand' }).waitFor();
    await section.getByText('Add a note').waitFor();
    // the record shows what the run did
    await page.getByText('Checked by hand').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'workflows-record', 'desktop');
    const [run] = (await as().get(`/api/v1/workflows/${w.id}/runs`).expect(200)).body.items;
    expect(run).toMatchObject({ record_kind: 'opportunity', record_id: opp.id, trigger_kind: 'manual' });

    const history = await open(`/workflows/${w.id}`);
    const runs = history.getByRole('region', { name: 'Run history' });
    const item = runs.getByRole('listitem').filter({ has: history.getByRole('link', { name: 'Stretch film 2027' }) }).first();
    await item.getByText(/version 1 · run by hand/).waitFor();
    await item.getByText('done').first().waitFor();
    const failed = run.steps.find((s: { outcome: string }) => s.outcome === 'failed');
    if (failed) await item.getByText(failed.detail).waitFor();
    expect(await seriousA11yViolations(history)).toEqual([]);
    await screenshot(history, 'workflows-runs', 'desktop');
  });

  it('is in Turkish at phone width for a Turkish admin', async () => {
    const tr = await createUser(web.t, f, { role: 'admin' });
    await api(web.t, f.host, tr.key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    await api(web.t, f.host, tr.key).post('/api/v1/workflows', { name: 'Aday karşılama', enabled: false, trigger: { kind: 'event', event: 'lead_created' }, actions: [{ type: 'create_task', title: 'Ara' }] }).expect(201);
    const page = await open('/workflows', 'phone', tr.key);
    await page.getByRole('heading', { name: 'İş akışları', level: 1 }).waitFor();
    // the kind's label is the “when” clause itself: said once, as a sentence
    await page.getByText('Bir aday geldiğinde', { exact: true }).first().waitFor();
    expect(await page.getByText(/geldiğinde olduğunda/).count()).toBe(0);
    await page.getByRole('region', { name: 'Şablondan yeni' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'workflows-list-tr', 'phone');
    await page.getByRole('link', { name: 'Yeni iş akışı' }).click();
    const form = page.getByRole('form', { name: 'Yeni iş akışı' });
    await form.getByLabel('Ne olduğunda').selectOption({ label: 'bir aday geldiğinde' });
    await form.getByLabel('Yeni eylem').selectOption({ label: 'Bekle' });
    await form.getByRole('button', { name: 'Eylem ekle' }).click();
    await form.getByRole('group', { name: 'Eylem 1: Bekle' }).getByLabel('Birim').selectOption({ label: 'gün' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await screenshot(page, 'workflows-editor-tr', 'phone');
  });

  it('is in Settings for an admin; a sales user has no entry there and gets Not found at its address', async () => {
    const admin = await signedIn(f.admin.email, 'Admin-Password-123');
    await admin.goto(`${web.origin(f.host)}/settings`);
    await admin.getByRole('link', { name: 'Workflows' }).first().click();
    await admin.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
    const sales = await createUser(web.t, f, { password: PASSWORD });
    const page = await signedIn(sales.user.email, PASSWORD);
    await page.goto(`${web.origin(f.host)}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Workflows' }).count()).toBe(0);
    await page.goto(`${web.origin(f.host)}/workflows`);
    await page.getByRole('heading', { name: 'Not found', level: 1 }).waitFor();
  });
});

describe('workflow runs on the record (a sales user who sees it)', () => {
  it.each([
    ['desktop', 'en'],
    ['phone', 'tr'],
  ] as const)('shows the runs with outcomes, records and users by name, no rule link and no Run workflow (%s, %s)', async (width, locale) => {
    const seller = await createUser(web.t, f, { fullName: `Selin ${width === 'phone' ? 'Telefon' : 'Masa'}`, department: `Team ${width}` });
    const sellerApi = api(web.t, f.host, seller.key);
    await sellerApi.patch('/api/v1/me', { locale }).expect(200);
    const cid = (await sellerApi.post('/api/v1/companies', { name: `Görünür ${width}` }).expect(201)).body.company.id;
    const opp = (await sellerApi.post('/api/v1/opportunities', { name: `Visible order ${width}`, customer_id: cid, value: 500 }).expect(201)).body.opp;
    const w = await rule({ name: `Chase ${width}`, enabled: true, trigger: { kind: 'manual', record_kind: 'opportunity' }, actions: [{ type: 'create_task', title: `Follow up ${width}`, assignee: { kind: 'owner' } }] });
    await as().post(`/api/v1/workflows/${w.id}/run`, { record_kind: 'opportunity', record_id: opp.id }).expect(200);

    const page = await open(`/opportunities/${opp.id}`, width, seller.key);
    const section = page.getByRole('region', { name: locale === 'tr' ? 'İş akışı çalışmaları' : 'Workflow runs' });
    await section.getByText(`Chase ${width}`, { exact: true }).waitFor();
    await section.getByRole('link', { name: `Follow up ${width}` }).waitFor(); // the task the run made, by its title
    await section.getByText(locale === 'tr' ? `${seller.user.fullName} için` : `for ${seller.user.fullName}`).waitFor();
    await section.getByText(locale === 'tr' ? 'yapıldı' : 'done', { exact: true }).first().waitFor();
    // the rule is admin reading: named, not linked; running a rule is for admins
    expect(await section.getByRole('link', { name: `Chase ${width}` }).count()).toBe(0);
    expect(await section.getByRole('button').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (width === 'phone') expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await screenshot(page, `workflows-record-sales-${locale}`, width);

    // a sales user of another team does not see the record, so neither the page nor its runs
    const other = await createUser(web.t, f, { department: `Elsewhere ${width}` });
    const away = await open(`/opportunities/${opp.id}`, width, other.key);
    await away.locator('#main h1').first().waitFor();
    expect(await away.getByRole('region', { name: /Workflow runs|İş akışı çalışmaları/ }).count()).toBe(0);
  });
});
