import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * Through HTTP: a public website-form submission whose company name is a chat link
 * reaches the Slack, Google Chat, Teams and Discord connections as text, in each channel's escaping.
 */
let t: TestApp;
let a: Fixture;
let receiver: Server;
let base: string;
const got: { path: string; json: Record<string, unknown> }[] = [];

const PHISH = '<https://phish.example/login|Reset your password>';
const MASKED = '[Open invoice](https://phish.example/pay)';
const COMPANY = `${PHISH} ${MASKED}`;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', WEBHOOK_POLL_MS: '30', WEBHOOK_WORKER: '1', TRUST_PROXY: '1' } });
  a = await createWorkspace(t, 'chatesc');
});
afterAll(async () => {
  await t.close();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});

/** Polls (generous deadline) until the receiver has a message at `path`. */
async function delivered(path: string): Promise<Record<string, unknown>> {
  const until = Date.now() + 20_000;
  for (;;) {
    const hit = got.find((g) => g.path === path);
    if (hit) return hit.json;
    if (Date.now() > until) throw new Error(`no delivery at ${path}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('a hostile company name from a public form reaches each chat channel as text, not as a link', async () => {
  const admin = api(t, a.host, a.adminKey);
  for (const kind of ['slack', 'google_chat', 'teams', 'discord']) {
    const res = await admin.post('/api/v1/webhooks', { url: `${base}/${kind}`, events: ['form_submitted'], kind }).expect(201);
    expect(res.body.webhook).toMatchObject({ kind, url: `${base}/${kind}`, events: ['form_submitted'] });
  }
  const owner = await createUser(t, a, { email: 'owner@chatesc.test' });
  const form = (await admin.post('/api/v1/forms', { name: 'Contact us', owner_id: owner.user.id }).expect(201)).body.form;
  const sent = await request(t.app.getHttpServer())
    .post(`/api/v1/forms/${form.public_key}/submit`)
    .set('Host', a.host)
    .set('X-Forwarded-For', '10.40.0.1')
    .send({ company: COMPANY, email: 'visitor@phish.example' })
    .expect(201);
  expect(sent.body).toEqual({ ok: true, message: expect.any(String) });
  const record = expect.stringMatching(new RegExp(`^http://chatesc\\.localhost:3000/tasks/\\d+$`));

  const slack = (await delivered('/slack')) as { blocks: { text: { text: string } }[] };
  expect(slack.blocks[0]!.text.text).toContain(`Someone from &lt;https://phish.example/login|Reset your password&gt; ${MASKED} sent the form "Contact us" (new company).`);
  expect(slack.blocks[0]!.text.text.match(/</g)).toHaveLength(1);

  const chat = (await delivered('/google_chat')) as { cardsV2: { card: { sections: { widgets: [{ textParagraph: { text: string } }, { buttonList: { buttons: { onClick: { openLink: { url: string } } }[] } }] }[] } }[] };
  const [paragraph, buttons] = chat.cardsV2[0]!.card.sections[0]!.widgets;
  expect(paragraph.textParagraph.text).toBe(
    `<b>Website form: Contact us</b><br>Someone from &lt;https://phish.example/login|Reset your password&gt; ${MASKED} sent the form &quot;Contact us&quot; (new company).`,
  );
  expect(buttons.buttonList.buttons.map((b) => b.onClick.openLink.url)).toEqual([record]);

  const teams = (await delivered('/teams')) as { attachments: { content: { body: { type: string; inlines: { type: string; text: string }[] }[]; actions: { url: string }[] } }[] };
  const card = teams.attachments[0]!.content;
  expect(card.body).toEqual([
    { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: 'Website form: Contact us', weight: 'Bolder', size: 'Medium' }] },
    { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: `Someone from ${COMPANY} sent the form "Contact us" (new company).` }] },
  ]);
  expect(card.actions).toEqual([{ type: 'Action.OpenUrl', title: expect.any(String), url: record }]);

  const discord = (await delivered('/discord')) as { embeds: { title: string; description: string; url: string }[]; allowed_mentions: object };
  expect(discord.embeds).toEqual([
    {
      title: 'Website form: Contact us',
      description: 'Someone from \\<https://phish.example/login\\|Reset your password\\> \\[Open invoice\\]\\(https://phish.example/pay\\) sent the form "Contact us" \\(new company\\).',
      url: record,
    },
  ]);
  expect(discord.allowed_mentions).toEqual({ parse: [] });
});
