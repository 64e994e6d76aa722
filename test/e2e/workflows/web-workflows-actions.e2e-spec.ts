import { WebhookConnection } from '../../../src/domain/integrations/webhook-connection.entity';
import { api, createWorkspace, db, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp } from '../../helpers/web-app';

/**
 * The rule editor's forms of the actions that send something out, in Chromium: a rule with a send_email action to
 * the company's main contact is built and saved at 1280 px and at 390 px (axe-clean); the chat form offers the
 * workspace's chat connections by kind and address, not by id; an order draft takes a note and a due date.
 */
const web = useWebApp();
let f: Fixture;
const as = () => api(web.t, f.host, f.adminKey);

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webwfactions');
  // stored directly: the sandbox resolves no public name, which creating it over the API checks
  await db(web.t).getRepository(WebhookConnection).save({ workspaceId: f.ws.id, kind: 'slack', url: 'https://hooks.slack.com/services/T000/B000/XXXX', events: ['opp_won'], signingKey: 'v1.x.y.z', active: true, createdBy: f.admin.id });
});

describe('workflow actions that send something out', () => {
  it.each(['desktop', 'phone'] as const)('creates a rule that e-mails the main contact (%s)', async (width) => {
    const page = await web.page({ token: f.adminKey, width });
    await page.goto(`${web.origin(f.host)}/workflows/new`);
    const form = page.getByRole('form', { name: 'New workflow' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(`Won: thank the customer (${width})`);
    await form.getByLabel('What happens').selectOption({ label: 'an opportunity is won' });
    await form.getByLabel('New action').last().selectOption({ label: 'Send an e-mail' });
    await form.getByRole('button', { name: 'Add an action' }).last().click();
    const mail = form.getByRole('group', { name: 'Action 1: Send an e-mail' });
    await mail.getByLabel('To').selectOption({ label: 'The company’s main contact' });
    await mail.getByRole('textbox', { name: /^Subject/ }).fill('Thank you, {{company.name}}');
    await mail.getByRole('textbox', { name: /^Message/ }).fill('We start on {{opportunity.name}} next week.');
    // the chat form names the connection by its kind and address
    await form.getByLabel('New action').last().selectOption({ label: 'Post to a chat' });
    await form.getByRole('button', { name: 'Add an action' }).last().click();
    const chat = form.getByRole('group', { name: 'Action 2: Post to a chat' });
    await chat.getByLabel('Chat connection').selectOption({ label: 'Slack · hooks.slack.com' });
    await chat.getByRole('textbox', { name: /^Message/ }).fill('{{opportunity.name}} is won');
    // an order draft from the won opportunity: its note and due date are all the form asks
    await form.getByLabel('New action').last().selectOption({ label: 'Create an order draft' });
    await form.getByRole('button', { name: 'Add an action' }).last().click();
    const order = form.getByRole('group', { name: 'Action 3: Create an order draft' });
    await order.getByRole('textbox', { name: /^Order's note/ }).fill('From {{name}}');
    await order.getByRole('spinbutton', { name: /^Due in/ }).fill('5');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('status').getByText('Saved: version 1.').waitFor();
    const id = Number(/\/workflows\/(\d+)$/.exec(page.url())![1]);
    const w = (await as().get(`/api/v1/workflows/${id}`).expect(200)).body.workflow;
    expect(w.actions).toEqual([
      { type: 'send_email', to: 'main_contact', subject: 'Thank you, {{company.name}}', body: 'We start on {{opportunity.name}} next week.' },
      { type: 'post_chat', connection_id: expect.any(Number), text: '{{opportunity.name}} is won' },
      { type: 'create_order', text: 'From {{name}}', due_in_days: 5 },
    ]);
    await screenshot(page, 'workflows-send-email', width);
  });
});
