import { discord, googleChat, render, slack, teams, telegram } from '../../../src/domain/integrations/chat-formats';
import { buildBody, WebhookBody } from '../../../src/domain/integrations/webhook-body';

/**
 * User text (a public form's company name) reaches chat channels as text. Each
 * channel's message is checked for the hostile inputs as its own renderer would read them: no link but
 * our record link, no mention, no formatting taken from the user's text.
 */
const PHISH_SLACK = '<https://phish.example/login|Reset your password>';
const PHISH_MD = '[Reset your password](https://phish.example/login)';
const MENTION = '<users/all> <!channel> @everyone <@123>';
const hostile: WebhookBody = buildBody(
  {
    event: 'form_submitted',
    title: `Website form: ${PHISH_MD}`,
    text: `Someone from ${PHISH_SLACK} sent the form.\n# heading\n> quote *bold* _it_ ~s~ \`code\` ${MENTION}`,
    url: '/tasks/9',
    data: {},
  },
  { id: 1, timezone: 'Europe/Istanbul', company: 'Acme Ltd.', appName: 'CRM', baseUrl: 'https://acme.crm.example.com' },
  new Date('2026-03-01T06:30:00Z'),
);
const u = new URL('https://example.com/hook?chat_id=-100123');
const RECORD = 'https://acme.crm.example.com/tasks/9';

describe('chat messages carry user text as text, escaped per channel', () => {
  it('Slack: <, > and & as entities, so no <url|label> link and no <!channel> mention but ours', () => {
    const m = slack(hostile, u) as { text: string; blocks: { text: { text: string } }[] };
    const mrkdwn = m.blocks[0]!.text.text;
    expect(mrkdwn).toContain('Someone from &lt;https://phish.example/login|Reset your password&gt; sent the form.');
    expect(mrkdwn).toContain('&lt;!channel&gt;');
    // the only `<` left opens our own record link
    expect(mrkdwn.match(/</g)).toHaveLength(1);
    expect(mrkdwn.startsWith(`*<${RECORD}|`)).toBe(true);
    expect(m.text).not.toMatch(/</);
  });

  it('Google Chat: card HTML with entities; no <url|label> link, no <users/all> mention, no tag from the text', () => {
    const m = googleChat(hostile, u) as { fallbackText: string; cardsV2: { card: { sections: { widgets: Record<string, { text?: string; buttons?: { onClick: { openLink: { url: string } } }[] }>[] }[] } }[] };
    const [paragraph, buttons] = m.cardsV2[0]!.card.sections[0]!.widgets;
    const html = paragraph!.textParagraph!.text!;
    expect(html).toBe(
      '<b>Website form: [Reset your password](https://phish.example/login)</b><br>Someone from &lt;https://phish.example/login|Reset your password&gt; sent the form.<br># heading<br>&gt; quote *bold* _it_ ~s~ `code` &lt;users/all&gt; &lt;!channel&gt; @everyone &lt;@123&gt;',
    );
    // the only tags are ours (<b>, </b>, <br>); card HTML renders Markdown brackets as text
    expect(html.match(/<[^>]*>/g)).toEqual(['<b>', '</b>', '<br>', '<br>', '<br>']);
    expect(buttons!.buttonList!.buttons!.map((b) => b.onClick.openLink.url)).toEqual([RECORD]);
    // plain text for notifications: not parsed as markup
    expect(m.fallbackText.startsWith('Website form: [Reset your password]')).toBe(true);
    expect(Object.keys(m)).toEqual(['fallbackText', 'cardsV2']);
  });

  it('Teams: text runs (no Markdown in Adaptive Cards inlines) and the record link as the only action', () => {
    const m = teams(hostile, u) as { attachments: { content: { body: { type: string; inlines: { type: string; text: string }[] }[]; actions: { url: string }[] } }[] };
    const card = m.attachments[0]!.content;
    expect(card.body.map((b) => b.type)).toEqual(['RichTextBlock', 'RichTextBlock']);
    expect(card.body.map((b) => b.inlines.map((i) => i.type))).toEqual([['TextRun'], ['TextRun']]);
    expect(card.body.map((b) => b.inlines[0]!.text)).toEqual([hostile.title, hostile.text]);
    // no element that renders Markdown (TextBlock) carries user text
    expect(JSON.stringify(card)).not.toContain('"type":"TextBlock"');
    expect(card.actions.map((a) => a.url)).toEqual([RECORD]);
  });

  it('Discord: Markdown escaped with backslashes, so no masked link, heading, quote or code; mentions off', () => {
    const m = discord(hostile, u) as { embeds: { title: string; description: string; url: string }[]; allowed_mentions: object };
    const e = m.embeds[0]!;
    expect(e.title).toBe('Website form: \\[Reset your password\\]\\(https://phish.example/login\\)');
    expect(e.description).toBe(
      'Someone from \\<https://phish.example/login\\|Reset your password\\> sent the form.\n\\# heading\n\\> quote \\*bold\\* \\_it\\_ \\~s\\~ \\`code\\` \\<users/all\\> \\<!channel\\> @everyone \\<@123\\>',
    );
    expect(e.url).toBe(RECORD);
    expect(m.allowed_mentions).toEqual({ parse: [] });
    // an escaped text cut at the limit keeps no lone backslash before the ellipsis
    const long = discord({ ...hostile, title: `${'x'.repeat(254)}[y` }, u) as { embeds: { title: string }[] };
    expect(long.embeds[0]!.title).toBe(`${'x'.repeat(254)}…`);
  });

  it('Telegram: HTML entities, the only <a> is ours', () => {
    const m = telegram(hostile, u) as { text: string };
    expect(m.text.match(/<a /g)).toHaveLength(1);
    expect(m.text).toContain(`<a href="${RECORD}">Open in CRM</a>`);
    expect(m.text).toContain('&lt;https://phish.example/login|Reset your password&gt;');
  });

  it('render sends these exact messages', () => {
    for (const [kind, f] of [['slack', slack], ['google_chat', googleChat], ['teams', teams], ['discord', discord], ['telegram', telegram]] as const) {
      expect(JSON.parse(render(kind, hostile, u.href))).toEqual(f(hostile, u));
    }
  });
});
