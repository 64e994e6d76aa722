import { todayIn } from '../../../src/platform/common/time';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, WIDTHS, type Width } from '../../helpers/web-app';

/**
 * Fairs and visit follow-ups in Chromium at both widths: a fair is created on the Fairs screen (problems shown
 * as sentences) and offered when capturing a lead; a visit logged with a next step due today puts its task on
 * Today and on the calendar on that day; the visit record shows the participant, is edited (quantity, note)
 * and then shows the quantity. No console error, no serious axe violation.
 */
const web = useWebApp();
let f: Fixture;
let rep: { key: string; user: { id: number } };
let companyId: number;

const as = () => api(web.t, f.host, rep.key);

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webfollow');
  rep = await createUser(web.t, f, { department: 'Sales', fullName: 'Rana Rep' });
  companyId = (await as().post('/api/v1/companies', { name: 'Marmara Ambalaj A.Ş.', city: 'Izmit' }).expect(201)).body.company.id;
  await as().post('/api/v1/people', { name: 'Deniz Kaya', customer_id: companyId }).expect(201);
});

describe.each(Object.keys(WIDTHS) as Width[])('at %s width', (width) => {
  it('creates a fair and offers it when capturing a lead', async () => {
    const page = await web.page({ token: rep.key, width });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${web.origin(f.host)}/fairs`);
    await page.getByRole('button', { name: 'New fair' }).click();
    const form = page.getByRole('form', { name: 'New fair' });
    await form.getByRole('button', { name: 'Create fair' }).click();
    await form.getByText('Enter the name of the fair.').waitFor();
    const name = `Plast Eurasia ${width}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('City').fill('Istanbul');
    await form.getByLabel('Start date').fill('2026-12-03');
    await form.getByLabel('End date').fill('2026-12-01');
    await form.getByRole('button', { name: 'Create fair' }).click();
    await form.getByText('The end date cannot be before the start date.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByLabel('End date').fill('2026-12-06');
    await form.getByLabel('Our hall / stand').fill('Hall 9 B12');
    await form.getByRole('button', { name: 'Create fair' }).click();
    await page.getByRole('status').filter({ hasText: `Fair “${name}” created.` }).waitFor();
    await page.getByRole('link', { name }).waitFor();
    await screenshot(page, 'fair-created', width);

    await page.goto(`${web.origin(f.host)}/leads/new`);
    const fair = page.getByLabel('Fair', { exact: true });
    await fair.waitFor();
    expect(await fair.locator('option').allTextContents()).toContain(name);
    expect(errors).toEqual([]);
  });

  it('logs a visit with a next step: its task is on Today and on the calendar; the record shows and edits what was entered', async () => {
    const today = todayIn(f.ws.timezone);
    const page = await web.page({ token: rep.key, width });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${web.origin(f.host)}/activities/new?customer_id=${companyId}`);
    await page.locator('textarea').fill(`Visit at ${width}`);
    await page.locator('[data-block="contact"] select').selectOption({ label: 'Deniz Kaya' });
    await page.locator('[data-block="next"] select').selectOption('Call');
    await page.locator('[data-block="next"] input[type="date"]').fill(today);
    await page.getByRole('button', { name: 'Save visit' }).click();
    const open = page.getByRole('link', { name: 'Open the visit' });
    await open.waitFor();
    const id = Number(/\/activities\/(\d+)$/.exec((await open.getAttribute('href')) ?? '')?.[1]);
    const stored = (await as().get(`/api/v1/activities/${id}`).expect(200)).body.activity;
    expect(stored.task).toBe('Call: Marmara Ambalaj A.Ş.');

    await page.goto(`${web.origin(f.host)}/`);
    await page.getByRole('link', { name: stored.task }).first().waitFor();
    await page.goto(`${web.origin(f.host)}/calendar?view=day&date=${today}`);
    const onDay = page.getByRole('list', { name: 'Tasks due' }).getByRole('link', { name: stored.task });
    await onDay.first().waitFor();
    expect(await onDay.first().getAttribute('href')).toBe(`/tasks/${stored.task_id}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'calendar-task', width);

    await page.goto(`${web.origin(f.host)}/activities/${id}`);
    await page.getByRole('heading', { name: / · Marmara Ambalaj A\.Ş\. · / }).waitFor();
    await page.getByText('Deniz Kaya').first().waitFor();
    await page.getByRole('link', { name: stored.task }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit the visit' });
    // the selects show the visit's values, labelled; the next step moves to another action
    expect(await form.getByLabel('Type').inputValue()).toBe(stored.type);
    expect(await form.getByLabel('Next action').inputValue()).toBe('Call');
    await form.getByLabel('Next action').selectOption({ label: 'Send offer' });
    await form.getByLabel('Topic').selectOption({ label: 'Negotiation' });
    // minutes are checked in the form before anything is sent
    await form.getByLabel('Duration (minutes)').fill('2000');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Enter the minutes as a whole number from 0 to 1440.').waitFor();
    await form.getByLabel('Duration (minutes)').fill('45');
    await form.getByLabel('Quantity (kg)').fill('5000');
    await form.getByLabel('Note').fill('Volume confirmed');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Changes saved.' }).waitFor();
    await page.getByText('5,000 kg').waitFor();
    await page.getByText('45 min').waitFor();
    const after = (await as().get(`/api/v1/activities/${id}`).expect(200)).body.activity;
    expect(after).toMatchObject({ note: 'Volume confirmed', next_action: 'Send offer', topic: 'Negotiation', duration_min: 45, person_ids: stored.person_ids, task_id: stored.task_id, blocks: expect.objectContaining({ quantity: { kg: '5000', unit: 'kg' } }) });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'visit-record', width);
    expect(errors).toEqual([]);
  });
});
