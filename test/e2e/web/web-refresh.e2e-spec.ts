import { DEFAULT_LABELS_EN } from '../../../src/domain/workspace/default-labels';
import { insertCompany } from '../../helpers/crm-fixtures';
import { api, createWorkspace, type Fixture } from '../../helpers/test-app';
import { useWebApp } from '../../helpers/web-app';

/**
 * One screen's write shows on every other screen that shows the record, whatever query the other screen read
 * it with: a task marked done on its own page shows as done on the opportunity's page when the rep goes back,
 * without waiting for the app's cache to age.
 */
const web = useWebApp();
let f: Fixture;

beforeAll(async () => {
  f = await createWorkspace(web.t);
});

it("shows a task done on its opportunity's page after it was marked done on the task's page", async () => {
  const as = api(web.t, f.host, f.adminKey);
  const c = f.ws.constants;
  const customer = (await insertCompany(web.t, f, f.admin.id, { name: 'Refresh Plastik' })).id;
  const opp = (await as.post('/api/v1/opportunities', { name: 'Refresh deal', customer_id: customer }).expect(201)).body.opp.id as number;
  const open = c.task_statuses.find((s) => !c.task_closed_statuses.includes(s))!;
  await as.post('/api/v1/tasks', { title: 'Call back Refresh', opp_id: opp, status: open }).expect(201);
  const label = (key: string) => (DEFAULT_LABELS_EN.task_statuses as Record<string, string>)[key] ?? key;

  const page = await web.page({ token: f.adminKey });
  await page.goto(`${web.origin(f.host)}/opportunities/${opp}`);
  const row = page.getByRole('group', { name: 'Tasks' }).getByRole('row', { name: /Call back Refresh/ });
  const status = (key: string) => row.getByRole('cell').nth(3).filter({ hasText: new RegExp(`^${label(key)}$`) });
  await status(open).waitFor();

  await row.getByRole('link', { name: 'Call back Refresh' }).click();
  const done = page.getByRole('checkbox', { name: 'Mark “Call back Refresh” done' });
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/v1\/tasks\/\d+$/.test(r.url()));
  await done.check();
  expect((await patched).ok()).toBe(true);

  await page.goBack();
  await status(c.task_done_status).waitFor({ timeout: 10_000 });
});
