import type { Page } from 'playwright-core';
import { MailboxService } from '../../../src/domain/crm/email/mailbox.service';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { LoopbackImap, LoopbackSmtpAuth, startDovecot, startSmtp } from '../../helpers/mail-servers';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * E-mail in Chromium: the mailbox settings show the connection state and change the address and signature
 * (the server has them); compose from a company and from an opportunity offers the company's people with an
 * e-mail (main contact ticked) and its open opportunities; without a connected mailbox its mailto link holds the
 * chosen recipients, subject and text. With real servers on loopback (npm smtp-server, Debian's dovecot) the settings
 * connect the mailbox and compose sends through the API, filed on the opportunity.
 */
const web = useWebApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', MAILBOX_SEND_POLL_MS: '0', MAILBOX_SYNC_MINUTES: '0' } });
let smtp: LoopbackSmtpAuth;
let imap: LoopbackImap;
let f: Fixture;
let companyId: number;
let oppId: number;
let user: { user: { id: number }; key: string };
const COMPANY = 'Anadolu Ambalaj A.Ş.';

const as = () => api(web.t, f.host, user.key);

beforeAll(async () => {
  smtp = await startSmtp('ayse@anadolu-sales.test', 'app-pass');
  imap = await startDovecot([{ user: 'ayse@anadolu-sales.test', password: 'app-pass' }]);
  f = await createWorkspace(web.t, 'webemail');
  user = await createUser(web.t, f, { fullName: 'Ayşe Demir' });
  companyId = (await as().post('/api/v1/companies', { name: COMPANY, city: 'Bursa' }).expect(201)).body.company.id;
  await as().post('/api/v1/people', { name: 'Zeynep Arslan', customer_id: companyId, email: 'zeynep@anadolu.test', title: 'Production Manager' }).expect(201);
  await as().post('/api/v1/people', { name: 'Hakan Öztürk', customer_id: companyId, email: 'hakan@anadolu.test', title: 'Purchasing', is_main: true }).expect(201);
  await as().post('/api/v1/people', { name: 'No Mail', customer_id: companyId }).expect(201);
  oppId = (await as().post('/api/v1/opportunities', { name: 'Stretch film 2027', customer_id: companyId, value: 1000 }).expect(201)).body.opp.id;
  const lost = (await as().post('/api/v1/opportunities', { name: 'Lost deal', customer_id: companyId, value: 500 }).expect(201)).body.opp.id;
  const lostStage = Object.entries(f.ws.constants.stage_roles).find(([, r]) => r === 'lost')![0];
  await as().post(`/api/v1/opportunities/${lost}/stage`, { stage: lostStage, close_reason: f.ws.constants.loss_reasons[0] }).expect(200);
});

afterAll(async () => {
  await smtp?.close();
  await imap?.close();
});

const open = async (path: string, width: Width = 'desktop'): Promise<Page> => {
  const page = await web.page({ token: user.key, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
};
const mailto = async (page: Page) => new URL((await page.getByRole('link', { name: 'Open in mail program' }).getAttribute('href'))!);

describe('mailbox settings', () => {
  it('is reached from the user menu, shows "not connected" and saves the address and signature (desktop)', async () => {
    const page = await open('/');
    await page.locator('summary').filter({ hasText: 'Account:' }).click();
    await page.getByRole('link', { name: 'E-mail account' }).click();
    await page.getByRole('heading', { name: 'E-mail account', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'E-mail account' }).isVisible()).toBe(false); // the menu closed
    const state = page.getByRole('region', { name: 'Connection' });
    await state.getByText('Not connected').waitFor();
    await state.getByText('No address set').waitFor();
    await state.getByText('Connect your mailbox below', { exact: false }).waitFor();

    const form = page.getByRole('form', { name: 'E-mail account' });
    await form.getByLabel('E-mail address').fill('Ayse@Anadolu-Sales.test');
    await form.getByLabel('Signature').fill('Ayşe Demir\nSales');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await state.getByText('ayse@anadolu-sales.test').waitFor();
    expect(await form.getByLabel('E-mail address').inputValue()).toBe('ayse@anadolu-sales.test');
    await state.getByText('Set', { exact: true }).waitFor();
    const stored = (await as().get('/api/v1/me/mailbox').expect(200)).body;
    expect([stored.mailbox.email, stored.signature_text]).toEqual(['ayse@anadolu-sales.test', 'Ayşe Demir\nSales']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'mailbox', 'desktop');
  });

  it('shows a connected mailbox and a field error for a bad address (390 px)', async () => {
    await as().put('/api/v1/me/mailbox', { email: 'ayse@anadolu-sales.test' }).expect(200);
    await web.t.get(MailboxService).setConnection(f.ws.id, user.user.id, { status: 'connected' });
    const page = await open('/mail/settings', 'phone');
    const state = page.getByRole('region', { name: 'Connection' });
    await state.getByText('Connected', { exact: true }).waitFor();
    expect(await state.getByText('Connect your mailbox below', { exact: false }).count()).toBe(0);
    const form = page.getByRole('form', { name: 'E-mail account' });
    await form.getByLabel('E-mail address').fill('not an address');
    await form.getByText('A new address ends the connection of the current one.').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.locator('[aria-invalid="true"]').waitFor();
    expect(await form.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect((await as().get('/api/v1/me/mailbox').expect(200)).body.mailbox).toMatchObject({ status: 'connected', email: 'ayse@anadolu-sales.test' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'mailbox', 'phone');
  });
});

describe('compose', () => {
  it.each(['desktop', 'phone'] as const)('from a company: people with an e-mail, main contact ticked, open opportunities, a mailto of the choice (%s)', async (width) => {
    await web.t.get(MailboxService).setConnection(f.ws.id, user.user.id, { status: 'error', error: 'authentication failed' });
    const page = await open(`/companies/${companyId}`, width);
    await page.getByRole('heading', { name: COMPANY, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Write e-mail' }).click();
    await page.getByRole('heading', { name: 'New e-mail', level: 1 }).waitFor();
    const note = page.getByRole('note');
    await note.getByText('Your mailbox is not connected.').waitFor();
    expect(await note.getByRole('link', { name: 'Mailbox settings' }).getAttribute('href')).toBe('/mail/settings');
    await note.getByText('The CRM does not send e-mail yet', { exact: false }).waitFor();

    const to = page.getByRole('group', { name: 'To' });
    const hakan = to.getByRole('checkbox', { name: /Hakan Öztürk/ });
    const zeynep = to.getByRole('checkbox', { name: /Zeynep Arslan/ });
    expect([await hakan.isChecked(), await zeynep.isChecked()]).toEqual([true, false]);
    expect(await to.getByRole('checkbox').count()).toBe(2); // "No Mail" has no address
    const about = page.getByLabel('About opportunity');
    expect(await about.locator('option').allTextContents()).toEqual(['No opportunity', expect.stringMatching(/^Stretch film 2027 · /)]);

    await zeynep.check();
    await about.selectOption({ label: (await about.locator('option').nth(1).textContent())! });
    expect(await page.getByLabel('Subject').inputValue()).toBe('Stretch film 2027');
    await page.getByLabel('Text').fill('Hello,\nthe samples are ready.');
    await page.getByText('Recipients chosen: 2').waitFor();
    const href = await mailto(page);
    expect(href.protocol).toBe('mailto:');
    expect(decodeURIComponent(href.pathname).split(',')).toEqual(['hakan@anadolu.test', 'zeynep@anadolu.test']);
    expect(href.searchParams.get('subject')).toBe('Stretch film 2027');
    expect(href.searchParams.get('body')).toBe('Hello,\r\nthe samples are ready.');

    await hakan.uncheck();
    await page.getByText('Recipients chosen: 1').waitFor();
    expect(decodeURIComponent((await mailto(page)).pathname)).toBe('zeynep@anadolu.test');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'compose', width);
  });

  it('connects the mailbox in the settings (SMTP and IMAP tried by the server)', async () => {
    await as().put('/api/v1/me/mailbox', { email: 'ayse@anadolu-sales.test', signature: 'Ayşe Demir' }).expect(200);
    await web.t.get(MailboxService).setConnection(f.ws.id, user.user.id, { status: 'not_connected' });
    const page = await open('/mail/settings');
    const form = page.getByRole('form', { name: 'Mail servers' });
    for (const [group, port] of [['Sending (SMTP)', smtp.port], ['Receiving (IMAP)', imap.port]] as const) {
      const g = form.getByRole('group', { name: group });
      await g.getByLabel('Server').fill('127.0.0.1');
      await g.getByLabel('Port').fill(String(port));
      await g.getByLabel('Encryption').selectOption('none');
      await g.getByLabel('Password or app password').fill(group.startsWith('Sending') ? 'wrong' : 'app-pass');
    }
    await form.getByRole('button', { name: 'Connect' }).click();
    // one message whatever failed (the detail is in the audit log); the failed try changed nothing
    await form.getByRole('alert').getByText('the mailbox could not be connected', { exact: false }).waitFor();
    expect(await page.getByRole('region', { name: 'Connection' }).getByText('SMTP', { exact: false }).count()).toBe(0);
    expect((await as().get('/api/v1/me/mailbox').expect(200)).body.mailbox).toMatchObject({ status: 'not_connected', error: '' });
    await form.getByRole('group', { name: 'Sending (SMTP)' }).getByLabel('Password or app password').fill('app-pass');
    await form.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('region', { name: 'Connection' }).getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    expect((await as().get('/api/v1/me/mailbox').expect(200)).body.connection).toMatchObject({ provider: 'imap_smtp', smtp: { port: smtp.port }, imap: { port: imap.port } });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'mailbox-connect', 'desktop');
  });

  it('from an opportunity with a connected mailbox: sends through the API and files it on the opportunity', async () => {
    const page = await open(`/opportunities/${oppId}`);
    await page.getByRole('link', { name: 'Write e-mail' }).click();
    await page.getByRole('heading', { name: 'New e-mail', level: 1 }).waitFor();
    await page.getByRole('note').getByText('From: ayse@anadolu-sales.test').waitFor();
    expect(await page.getByLabel('About opportunity').inputValue()).toBe(String(oppId));
    expect(await page.getByLabel('Subject').inputValue()).toBe('Stretch film 2027');
    expect(await page.getByLabel('Text').inputValue()).toBe('\n\n-- \nAyşe Demir');
    expect(await page.getByRole('link', { name: 'Open in mail program' }).count()).toBe(0);
    await page.getByLabel('Text').fill('Hello Hakan,\nthe offer is attached.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Sent and filed on the record.').waitFor({ timeout: 30_000 });
    expect(smtp.messages.map((m) => m.to)).toEqual([['hakan@anadolu.test']]);
    const threads = (await as().get(`/api/v1/emails/threads?opp_id=${oppId}`).expect(200)).body.items;
    expect(threads).toEqual([expect.objectContaining({ subject: 'Stretch film 2027', messages_n: 1 })]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'compose-sent', 'desktop');
  });
});
