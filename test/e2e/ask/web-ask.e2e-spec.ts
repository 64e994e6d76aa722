import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { EmailMessage, EmailThread } from '../../../src/domain/crm/email/email-thread.entity';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { UsersService } from '../../../src/domain/identity/users.service';
import { MODULES } from '../../../src/domain/workspace/defaults';
import { api, createUser, createWorkspace, db, type Fixture } from '../../helpers/test-app';
import { screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * Ask and e-mail threads in Chromium: the Ask box on Today and on the company and opportunity records
 * answers from a scripted fake chat-completions server on loopback (as test/e2e/ask/ask.e2e-spec.ts), shows the answer as
 * text and its sources as in-app links; it is absent when `me.ai` is false. Threads filed on a company (seeded in the
 * database) show on the company and opportunity records, open as text (the stored HTML is never rendered) and lead to
 * a reply in compose.
 */
type Reply = { status?: number; body: unknown };
const script: (() => Reply)[] = [];
const received: { messages: { role: string; content: string | null }[] }[] = [];
function serve(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    const reply = script.shift()?.() ?? { status: 500, body: { error: { message: 'the test scripted no reply' } } };
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
  });
}
const toolCall = (id: string, name: string, args: unknown) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });
const callsTools = (...calls: ReturnType<typeof toolCall>[]): Reply => ({
  body: { id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: calls }, finish_reason: 'tool_calls' }], usage: { total_tokens: 300 } },
});
const answers = (text: string): Reply => ({
  body: { id: 'c2', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage: { total_tokens: 200 } },
});

// the fake model listens before the app starts (the app reads ASK_LLM_URL at start)
const env: Record<string, string> = { ALLOW_PRIVATE_NETWORK_URLS: '1', ASK_LLM_MODEL: 'fake-model', ASK_LLM_KEY: 'test-llm-key', MAILBOX_SEND_POLL_MS: '0', MAILBOX_SYNC_MINUTES: '0' };
let fake: Server;
beforeAll(async () => {
  fake = createServer(serve);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  env.ASK_LLM_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
});
const web = useWebApp({ env });

let f: Fixture;
let seller: { user: { id: number }; key: string };
let turkish: { user: { id: number }; key: string };
let noAsk: { user: { id: number }; key: string };
let companyId: number;
let oppId: number;
let threadId: number;
const COMPANY = 'Anadolu Ambalaj A.Ş.';
const ANSWER = 'Anadolu Ambalaj has one open opportunity, <b>Stretch film 2027</b>.\nNext step: send the offer.';

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webask');
  seller = await createUser(web.t, f, { department: 'North', fullName: 'Ayşe Demir' });
  turkish = await createUser(web.t, f, { department: 'North', fullName: 'Mert Kaya' });
  await web.t.get(UsersService).setLocale(f.ws.id, turkish.user.id, 'tr');
  noAsk = await createUser(web.t, f, { department: 'North', modules: [MODULES.customers, MODULES.opportunities, MODULES.email] });
  const as = api(web.t, f.host, seller.key);
  companyId = (await as.post('/api/v1/companies', { name: COMPANY, city: 'Bursa' }).expect(201)).body.company.id;
  await as.post('/api/v1/people', { name: 'Hakan Öztürk', customer_id: companyId, email: 'hakan@anadolu.test', is_main: true }).expect(201);
  await as.post('/api/v1/people', { name: 'Zeynep Arslan', customer_id: companyId, email: 'zeynep@anadolu.test' }).expect(201);
  oppId = (await as.post('/api/v1/opportunities', { name: 'Stretch film 2027', customer_id: companyId, value: 1000 }).expect(201)).body.opp.id;

  // a thread as the mailbox sync files it: one message sent, Zeynep's answer received (HTML part not sanitised)
  const m = db(web.t);
  const thread = await m.save(EmailThread, m.create(EmailThread, { workspaceId: f.ws.id, subject: 'Samples for 2027', customerId: companyId, oppId, userId: seller.user.id, messagesN: 2, lastMessageAt: new Date('2026-11-20T09:30:00Z') }));
  threadId = thread.id;
  await m.update(Opportunity, { workspaceId: f.ws.id, id: oppId }, { threadsN: 1 }); // as filing keeps it
  const message = (over: Partial<EmailMessage>) => m.create(EmailMessage, { workspaceId: f.ws.id, threadId, userId: seller.user.id, to: [], cc: [], ...over });
  await m.save(EmailMessage, [
    message({ direction: 'out', state: 'sent', messageId: 'a1@anadolu-sales.test', fromEmail: 'ayse@anadolu-sales.test', fromName: 'Ayşe Demir', to: ['zeynep@anadolu.test'], subject: 'Samples for 2027', text: 'Hello Zeynep,\nthe samples leave on Monday.', at: new Date('2026-11-19T08:00:00Z') }),
    message({
      direction: 'in', state: 'received', messageId: 'b2@anadolu.test', inReplyTo: 'a1@anadolu-sales.test', fromEmail: 'zeynep@anadolu.test', fromName: 'Zeynep Arslan', to: ['ayse@anadolu-sales.test'],
      subject: 'Re: Samples for 2027', text: 'Thank you, <b>we will test them</b>.', html: '<p id="stored-html">Thank you, <b>we will test them</b>.</p><img src=x onerror="document.title=\'owned\'">', at: new Date('2026-11-20T09:30:00Z'),
    }),
  ]);
});
beforeEach(() => {
  script.length = 0;
  received.length = 0;
});

const open = async (key: string, path: string, width: Width = 'desktop'): Promise<Page> => {
  const page = await web.page({ token: key, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
};
const askBox = (page: Page, name = 'Ask') => page.getByRole('region', { name, exact: true });

describe('Ask', () => {
  it.each(['desktop', 'phone'] as const)('answers on Today as text with the records read as links that open them (%s)', async (width) => {
    script.push(() => callsTools(toolCall('t1', 'get_record', { rid: `C-${companyId}` })), () => answers(ANSWER));
    const page = await open(seller.key, '/', width);
    await page.getByRole('heading', { name: /^Today/, level: 1 }).waitFor();
    const box = askBox(page);
    await box.getByLabel('Your question').fill('What is open at Anadolu?');
    await box.getByRole('button', { name: 'Ask' }).click();
    await box.getByText('Next step: send the offer.', { exact: false }).waitFor();
    // plain text: the tags the model wrote are shown, not rendered
    expect(await box.locator('.ask-answer').innerText()).toBe(ANSWER);
    expect(await box.locator('.ask-answer b').count()).toBe(0);
    expect(received[0].messages.at(-1)).toEqual({ role: 'user', content: 'What is open at Anadolu?' });
    const source = box.getByRole('link', { name: COMPANY });
    expect(await source.getAttribute('href')).toBe(`/companies/${companyId}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ask-today', width);
    await source.click();
    await page.getByRole('heading', { name: COMPANY, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/companies/${companyId}`);
  });

  it('asks about the company of its record page (customer_id), which is the source', async () => {
    script.push(() => answers('Bursa, packaging.'));
    const page = await open(seller.key, `/companies/${companyId}`);
    const box = askBox(page);
    await box.getByLabel(`Your question about ${COMPANY}`).fill('Where is it?');
    await box.getByLabel(`Your question about ${COMPANY}`).press('Enter');
    await box.getByText('Bursa, packaging.').waitFor();
    expect(await box.getByRole('link', { name: COMPANY }).getAttribute('href')).toBe(`/companies/${companyId}`);
    expect(received[0].messages[0].content).toContain(COMPANY); // the record was given to the model
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ask-company', 'desktop');
  });

  it('says in Turkish when the model fails (502 upstream), on the opportunity record', async () => {
    script.push(() => ({ status: 500, body: { error: { message: 'model overloaded' } } }));
    const page = await open(turkish.key, `/opportunities/${oppId}`, 'phone');
    const box = askBox(page, 'Sor');
    await box.getByLabel('Stretch film 2027 hakkında sorunuz').fill('Durum ne?');
    await box.getByRole('button', { name: 'Sor' }).click();
    await box.getByRole('alert').getByText('Dil modeli zamanında yanıt vermedi ya da hata verdi. Daha sonra yeniden deneyin.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ask-error', 'phone');
  });

  it('is absent without the Ask module (me.ai false)', async () => {
    expect((await api(web.t, f.host, noAsk.key).get('/api/v1/me').expect(200)).body.ai).toBe(false);
    for (const path of ['/', `/companies/${companyId}`, `/opportunities/${oppId}`]) {
      const page = await open(noAsk.key, path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('heading', { name: 'E-mails' }).or(page.getByRole('heading', { name: /^Today/ })).first().waitFor();
      expect(await askBox(page).count()).toBe(0);
    }
    expect(received).toHaveLength(0);
  });
});

describe('e-mail threads', () => {
  it.each(['desktop', 'phone'] as const)('shows the threads on the company record and opens one as text (%s)', async (width) => {
    const page = await open(seller.key, `/companies/${companyId}`, width);
    const section = page.getByRole('region', { name: 'E-mails' });
    const row = section.getByRole('listitem').filter({ hasText: 'Samples for 2027' });
    await row.getByText('2 messages', { exact: false }).waitFor();
    await row.getByRole('button', { name: 'Read the e-mails of “Samples for 2027”' }).click();
    await row.getByText('the samples leave on Monday.', { exact: false }).waitFor();
    await row.getByText('Thank you, <b>we will test them</b>.').waitFor();
    expect(await row.getByText('Zeynep Arslan <zeynep@anadolu.test>', { exact: false }).count()).toBe(1);
    // the stored HTML is never rendered
    expect(await page.locator('#stored-html').count()).toBe(0);
    expect(await page.locator('.mail-messages b, .mail-messages img').count()).toBe(0);
    expect(await page.title()).not.toBe('owned');
    expect(await row.getByRole('button', { name: /Hide the e-mails/ }).getAttribute('aria-expanded')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'company-threads', width);

    await row.getByRole('link', { name: 'Reply to “Samples for 2027”' }).click();
    await page.getByRole('heading', { name: 'Reply', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe(`?thread_id=${threadId}`);
    expect(await page.getByLabel('Subject').inputValue()).toBe('Re: Samples for 2027');
    expect(await page.getByLabel('About opportunity').inputValue()).toBe(String(oppId));
    const to = page.getByRole('group', { name: 'To' });
    // the reply goes to the sender of the last received e-mail
    expect([await to.getByRole('checkbox', { name: /Zeynep Arslan/ }).isChecked(), await to.getByRole('checkbox', { name: /Hakan Öztürk/ }).isChecked()]).toEqual([true, false]);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows the threads of the opportunity from its record', async () => {
    const page = await open(seller.key, `/opportunities/${oppId}`);
    const section = page.getByRole('region', { name: 'E-mails' });
    const row = section.getByRole('listitem').filter({ hasText: 'Samples for 2027' });
    await row.getByRole('button', { name: /Read the e-mails/ }).click();
    await row.getByText('the samples leave on Monday.', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'opportunity-threads', 'desktop');
  });
});
