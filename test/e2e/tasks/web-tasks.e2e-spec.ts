import type { Page } from 'playwright-core';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { expectNoIds, screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * The tasks and calendar screens in Chromium: my tasks with the overdue first and the done toggle (the server
 * status changes), the team's tasks for an admin, create and edit a task; the calendar's week view with a
 * seeded entry and its company link, create an entry and move it to another day; delete a task, edit and
 * delete a calendar entry (behind a confirmation; the server no longer has them).
 */
const web = useWebApp();
let f: Fixture;
let companyId: number;
let today: string;

const as = () => api(web.t, f.host, f.adminKey);
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const mondayOf = (d: string) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webtasks');
  today = new Intl.DateTimeFormat('en-CA', { timeZone: f.ws.timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const colleague = await createUser(web.t, f, { fullName: 'Deniz Yıldız' });
  companyId = (await as().post('/api/v1/companies', { name: 'Anadolu Ambalaj A.Ş.', city: 'Bursa' }).expect(201)).body.company.id;
  await as().post('/api/v1/tasks', { title: 'Call back about the samples', due_date: addDays(today, 3), priority: 'Normal' }).expect(201);
  await as().post('/api/v1/tasks', { title: 'Send the revised offer', due_date: addDays(today, -4), priority: 'High', customer_id: companyId }).expect(201);
  await as().post('/api/v1/tasks', { title: 'Archive the old price list', status: 'Done' }).expect(201);
  await as().post('/api/v1/tasks', { title: 'Prepare the fair stand', due_date: addDays(today, 10), assignee_id: colleague.user.id }).expect(201);
  // this week's Wednesday 10:00-11:30, linked to the company
  await as().post('/api/v1/calendar', { title: 'Visit Anadolu Ambalaj', start: `${addDays(mondayOf(today), 2)}T10:00:00`, end: `${addDays(mondayOf(today), 2)}T11:30:00`, customer_id: companyId, location: 'Nilüfer OSB' }).expect(201);
});

const open = async (path: string, width: Width = 'desktop'): Promise<Page> => {
  const page = await web.page({ token: f.adminKey, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
};
const taskByTitle = async (title: string) => ((await as().get('/api/v1/tasks?limit=200').expect(200)).body.items as { title: string; id: number; status: string; done_at: string | null; priority: string }[]).find((t) => t.title === title)!;

describe('tasks list', () => {
  it('shows my overdue tasks first and completes one: the server has the done status', async () => {
    const page = await open('/tasks');
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    const overdue = page.getByRole('region', { name: /Overdue/ });
    await overdue.getByRole('link', { name: 'Send the revised offer' }).waitFor();
    // the linked company by its name, never "Company C-<id>"
    expect(await overdue.getByRole('link', { name: 'Anadolu Ambalaj A.Ş.' }).getAttribute('href')).toBe(`/companies/${companyId}`);
    await expectNoIds(page);
    const rest = page.getByRole('region', { name: /^Open/ });
    await rest.getByRole('link', { name: 'Call back about the samples' }).waitFor();
    // done tasks and other people's tasks are not in "my open tasks"
    expect(await page.getByRole('link', { name: 'Archive the old price list' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Prepare the fair stand' }).count()).toBe(0);
    // overdue first in the page's order
    const titles = await page.locator('tbody th[scope="row"] a').allTextContents();
    expect(titles.indexOf('Send the revised offer')).toBeLessThan(titles.indexOf('Call back about the samples'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'tasks', 'desktop');

    const box = overdue.getByRole('checkbox', { name: 'Mark “Send the revised offer” done' });
    await box.focus();
    await page.keyboard.press('Space');
    await overdue.getByRole('checkbox', { name: 'Reopen “Send the revised offer”' }).waitFor();
    expect(await overdue.getByRole('checkbox', { name: 'Reopen “Send the revised offer”' }).isChecked()).toBe(true);
    const saved = await taskByTitle('Send the revised offer');
    expect(saved.status).toBe('Done');
    expect(saved.done_at).not.toBeNull();
  });

  it("shows the team's tasks to an admin and done ones on request (390 px)", async () => {
    const page = await open('/tasks', 'phone');
    await page.getByRole('link', { name: 'Call back about the samples' }).waitFor();
    await page.getByRole('button', { name: "Team's tasks" }).click();
    await page.getByRole('link', { name: 'Prepare the fair stand' }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('team');
    await page.getByLabel('Show done tasks').check();
    await page.getByRole('link', { name: 'Archive the old price list' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'tasks', 'phone');
  });

  it('hides the team tab from a sales user', async () => {
    const sales = await createUser(web.t, f, { department: 'Export' });
    const page = await web.page({ token: sales.key });
    await page.goto(`${web.origin(f.host)}/tasks`);
    await page.getByRole('heading', { name: 'Overdue' }).waitFor();
    expect(await page.getByRole('button', { name: "Team's tasks" }).count()).toBe(0);
    await page.getByText('Nothing overdue.').waitFor();
  });
});

describe('create and edit a task', () => {
  it.each(['desktop', 'phone'] as const)('creates a task, lands on its record and edits it (%s)', async (width) => {
    const title = `Book the demo (${width})`;
    const page = await open('/tasks', width);
    await page.getByRole('button', { name: 'New task' }).click();
    const form = page.getByRole('form', { name: 'New task' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Due').fill(addDays(today, 2));
    await form.getByLabel('Priority').selectOption('High');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect((await as().get(`/api/v1/tasks/${id}`).expect(200)).body.task).toMatchObject({ title, priority: 'High', status: 'Open', due_date: addDays(today, 2) });

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit task' });
    await edit.getByLabel('Priority').selectOption('Urgent');
    await edit.getByLabel('Description').fill('With the new line.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('With the new line.').waitFor();
    expect((await as().get(`/api/v1/tasks/${id}`).expect(200)).body.task).toMatchObject({ priority: 'Urgent', description: 'With the new line.' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'task-record', width);
  });

  it.each(['desktop', 'phone'] as const)('links a new task to a company found by typing part of its name, then to its open opportunity (%s)', async (width) => {
    const oppName = `Stretch film (${width})`;
    const oppId = (await as().post('/api/v1/opportunities', { name: oppName, customer_id: companyId, value: 1000 }).expect(201)).body.opp.id;
    const title = `Send the samples (${width})`;
    const page = await open('/tasks', width);
    await page.getByRole('button', { name: 'New task' }).click();
    const form = page.getByRole('form', { name: 'New task' });
    await form.getByLabel('Title').fill(title);
    const opportunity = form.getByRole('combobox', { name: 'Opportunity' });
    expect(await opportunity.isDisabled()).toBe(true); // a company first
    const company = form.getByRole('combobox', { name: 'Company' });
    await company.fill('ambal');
    expect(await company.getAttribute('aria-expanded')).toBe('true');
    await form.getByRole('option', { name: /Anadolu Ambalaj A\.Ş\./ }).waitFor();
    await company.press('ArrowDown');
    expect(await company.getAttribute('aria-activedescendant')).toBe(await form.getByRole('option', { name: /Anadolu Ambalaj/ }).getAttribute('id'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await company.press('Enter');
    await form.getByRole('group', { name: 'Company' }).getByText('Anadolu Ambalaj A.Ş.').waitFor();

    await opportunity.click();
    await form.getByRole('option', { name: new RegExp(oppName.replace(/[()]/g, '\\$&')) }).click();
    await form.getByRole('group', { name: 'Opportunity' }).getByText(oppName).waitFor();
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect((await as().get(`/api/v1/tasks/${id}`).expect(200)).body.task).toMatchObject({ title, customer_id: companyId, opp_id: oppId });
    // the record names what the task is linked to, and its tab names the task
    await page.getByRole('link', { name: 'Anadolu Ambalaj A.Ş.' }).first().waitFor();
    await page.getByRole('link', { name: oppName }).waitFor();
    await expectNoIds(page);
    expect(await page.title()).toBe(`${title} · CRM`);
  });

  it.each(['desktop', 'phone'] as const)('deletes a task from its record after confirming, and lands on the tasks list (%s)', async (width) => {
    const title = `Drop the old lead (${width})`;
    const id = (await as().post('/api/v1/tasks', { title, due_date: addDays(today, 1) }).expect(201)).body.task.id as number;
    const page = await open(`/tasks/${id}`, width);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('group', { name: 'Delete' });
    await confirm.getByText(`Delete ${title}? This cannot be undone.`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Cancel keeps it
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await as().get(`/api/v1/tasks/${id}`).expect(200);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tasks');
    await page.getByRole('link', { name: 'Call back about the samples' }).waitFor();
    expect(await page.getByRole('link', { name: title }).count()).toBe(0);
    await as().get(`/api/v1/tasks/${id}`).expect(404);
  });

  it('shows the API field error on an empty title', async () => {
    const page = await open('/tasks');
    await page.getByRole('button', { name: 'New task' }).click();
    const form = page.getByRole('form', { name: 'New task' });
    await form.getByRole('button', { name: 'Create' }).click();
    await form.locator('[aria-invalid="true"]').first().waitFor();
    expect(await form.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('calendar', () => {
  it('shows the seeded entry in the week view with its company link, creates an entry and moves it', async () => {
    const page = await open('/calendar');
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const wednesday = addDays(mondayOf(today), 2);
    const entry = page.locator('.cal-entry').filter({ hasText: 'Visit Anadolu Ambalaj' });
    await entry.waitFor();
    expect(await entry.locator('.cal-time').textContent()).toBe('10:00–11:30');
    expect(await entry.getByRole('link', { name: 'Anadolu Ambalaj A.Ş.' }).getAttribute('href')).toBe(`/companies/${companyId}`);
    expect(await entry.innerText()).not.toMatch(/\b[CPO]-\d|#\d/);
    expect(await page.locator('.cal-col').count()).toBe(7);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'calendar', 'desktop');

    await page.getByRole('button', { name: 'New entry' }).click();
    const form = page.getByRole('form', { name: 'New entry' });
    await form.getByLabel('Title').fill('Team call');
    await form.getByLabel('Date').fill(wednesday);
    await form.getByLabel('Start').fill('14:00');
    await form.getByLabel('End').fill('14:45');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.waitFor({ state: 'detached' });
    const created = page.locator('.cal-entry').filter({ hasText: 'Team call' });
    await created.waitFor();
    const items = (await as().get(`/api/v1/calendar?from=${wednesday}&to=${wednesday}`).expect(200)).body.items as { id: number; title: string; start: string; end: string }[];
    const call = items.find((i) => i.title === 'Team call')!;
    expect([call.start, call.end]).toEqual([`${wednesday}T14:00:00`, `${wednesday}T14:45:00`]);

    // move it to Friday 16:30 by keyboard: it keeps its 45 minutes
    const friday = addDays(mondayOf(today), 4);
    await created.getByRole('button', { name: 'Move “Team call”' }).click();
    const move = page.getByRole('form', { name: 'Move “Team call”' });
    await move.getByLabel('Date').fill(friday);
    await move.getByLabel('Start').fill('16:30');
    await move.getByLabel('Start').press('Enter');
    await move.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: /^Entries on Friday/ }).locator('.cal-entry').filter({ hasText: 'Team call' }).waitFor();
    expect((await as().get(`/api/v1/calendar/${call.id}`).expect(200)).body.entry).toMatchObject({ start: `${friday}T16:30:00`, end: `${friday}T17:15:00` });
  });

  it.each(['desktop', 'phone'] as const)('edits an entry (title, place, note) and deletes it after confirming (%s)', async (width) => {
    const day = addDays(mondayOf(today), 3);
    const title = `Price review (${width})`;
    const id = (await as().post('/api/v1/calendar', { title, start: `${day}T09:00:00`, end: `${day}T09:30:00` }).expect(201)).body.entry.id as number;
    const page = await open(`/calendar?view=day&date=${day}`, width);
    const entry = page.locator('.cal-entry').filter({ hasText: title });
    await entry.waitFor();
    await entry.getByRole('button', { name: `Edit “${title}”` }).click();
    const edit = page.getByRole('form', { name: `Edit “${title}”` });
    await edit.getByLabel('Title').fill('');
    expect(await edit.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await edit.getByText('Title is required.').waitFor();
    const renamed = `Price review with finance (${width})`;
    await edit.getByLabel('Title').fill(renamed);
    await edit.getByLabel('Location').fill('Meeting room 2');
    await edit.getByLabel('Note').fill('Bring the 2027 list.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    const changed = page.locator('.cal-entry').filter({ hasText: renamed });
    await changed.getByText('Meeting room 2').waitFor();
    expect((await as().get(`/api/v1/calendar/${id}`).expect(200)).body.entry).toMatchObject({ title: renamed, location: 'Meeting room 2', note: 'Bring the 2027 list.', start: `${day}T09:00:00` });

    await changed.getByRole('button', { name: 'Delete' }).click();
    await changed.getByText(`Delete ${renamed}? This cannot be undone.`).waitFor();
    await changed.getByRole('button', { name: 'Yes, delete' }).click();
    await changed.waitFor({ state: 'detached' });
    await as().get(`/api/v1/calendar/${id}`).expect(404);
  });

  it('shows one day at 390 px', async () => {
    const wednesday = addDays(mondayOf(today), 2);
    const page = await open(`/calendar?view=day&date=${wednesday}`, 'phone');
    const entry = page.locator('.cal-entry').filter({ hasText: 'Visit Anadolu Ambalaj' });
    await entry.getByRole('link', { name: 'Anadolu Ambalaj A.Ş.' }).waitFor();
    expect(await entry.innerText()).not.toMatch(/\b[CPO]-\d|#\d/);
    expect(await page.locator('.cal-col').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Day', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'calendar', 'phone');
  });
});
