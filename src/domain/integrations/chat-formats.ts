import type { WebhookBody } from './webhook-body';
import { isRecordKind } from './record-kinds';

/**
 * Message formats of the chat connections (spec 6.5): each channel's own incoming-webhook or bot
 * message, carrying the title, the summary and the record link. Chat deliveries are not signed.
 *
 * Title and summary carry user text (a public form's company name, a record's name), so every channel
 * gets them as text, never as markup: a `<https://phish.example/login|…>` or `[x](https://phish.example)`
 * in a company name must show as those characters, not as a link (nor as a mention). Each channel
 * has its own way: Slack entities, Google Chat card HTML entities, Teams text runs (no Markdown),
 * Discord backslash escapes, Telegram HTML entities. Only our own record link is a link.
 */
type Formatter = (b: WebhookBody, url: URL) => object;

const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/** HTML text (Telegram, Google Chat cards): &, <, >, " as entities. */
const htmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Slack incoming webhook: `text` (fallback) and one mrkdwn section. &, <, > escaped as Slack asks. */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const slack: Formatter = (b) => {
  const title = slackEscape(b.title);
  const line = `*<${b.url}|${title}>*${b.text ? `\n${slackEscape(b.text)}` : ''}`;
  return { text: cut(`${title}${b.text ? `: ${slackEscape(b.text)}` : ''}`, 3000), blocks: [{ type: 'section', text: { type: 'mrkdwn', text: cut(line, 3000) } }] };
};

/**
 * Microsoft Teams (Workflows / incoming webhook): a message with one Adaptive Card. Title and summary are
 * RichTextBlock text runs, which Adaptive Cards render without Markdown (a TextBlock would turn
 * `[x](https://…)` into a link); the record link is the card's one action.
 */
const textRun = (text: string, style: object = {}) => ({ type: 'RichTextBlock', inlines: [{ type: 'TextRun', text, ...style }] });
export const teams: Formatter = (b) => ({
  type: 'message',
  attachments: [
    {
      contentType: 'application/vnd.microsoft.card.adaptive',
      contentUrl: null,
      content: {
        $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
        type: 'AdaptiveCard',
        version: '1.4',
        body: [textRun(b.title, { weight: 'Bolder', size: 'Medium' }), ...(b.text ? [textRun(b.text)] : [])],
        actions: [{ type: 'Action.OpenUrl', title: `Open in ${b.app}`, url: b.url }],
      },
    },
  ],
});

/**
 * Google Chat incoming webhook: one card (cardsV2). Its text paragraph is HTML, so user text goes in
 * as HTML entities; a text message has no escape for `<url|label>` links and `<users/all>` mentions.
 * `fallbackText` (plain) is what notifications show.
 */
const htmlLines = (s: string) => htmlEscape(s).replace(/\r?\n/g, '<br>');
export const googleChat: Formatter = (b) => ({
  fallbackText: cut(`${b.title}${b.text ? `: ${b.text}` : ''}`, 4096),
  cardsV2: [
    {
      cardId: 'event',
      card: {
        sections: [
          {
            widgets: [
              { textParagraph: { text: cut(`<b>${htmlLines(b.title)}</b>${b.text ? `<br>${htmlLines(b.text)}` : ''}`, 4096) } },
              { buttonList: { buttons: [{ text: cut(`Open in ${b.app}`, 80), onClick: { openLink: { url: b.url } } }] } },
            ],
          },
        ],
      },
    },
  ],
});

/**
 * Discord Markdown: a backslash before each character that could start formatting, a masked link
 * `[x](url)`, a heading, a quote or a list, so the text shows as typed (mentions are off separately).
 */
export const discordEscape = (s: string) => s.replace(/[\\*_~`|[\]()<>#+-]/g, '\\$&');
/** `cut` of an escaped text that never leaves a lone backslash before the ellipsis. */
const cutEscaped = (s: string, max: number) => {
  if (s.length <= max) return s;
  const head = s.slice(0, max - 1);
  const trailing = head.length - head.replace(/\\+$/, '').length;
  return `${trailing % 2 ? head.slice(0, -1) : head}…`;
};

/** Discord webhook: one embed (title ≤ 256, description ≤ 4096 characters). */
export const discord: Formatter = (b) => ({
  username: cut(b.app, 80),
  embeds: [{ title: cutEscaped(discordEscape(b.title), 256), description: cutEscaped(discordEscape(b.text), 4096), url: b.url }],
  allowed_mentions: { parse: [] },
});

/** Telegram Bot API sendMessage; the connection URL is https://api.telegram.org/bot<token>/sendMessage?chat_id=<id>. */
export const telegram: Formatter = (b, url) => ({
  chat_id: url.searchParams.get('chat_id') ?? '',
  text: cut(`<b>${htmlEscape(b.title)}</b>${b.text ? `\n${htmlEscape(b.text)}` : ''}\n<a href="${htmlEscape(b.url)}">Open in ${htmlEscape(b.app)}</a>`, 4096),
  parse_mode: 'HTML',
  link_preview_options: { is_disabled: true },
});

const FORMATTERS: Record<string, Formatter> = { slack, teams, google_chat: googleChat, discord, telegram };

/** Signed JSON (the 6.2 body) for webhook connections; the channel's format for chat ones; record kinds sign nothing. */
export const isSigned = (kind: string): boolean => !(kind in FORMATTERS) && !isRecordKind(kind);

/**
 * The exact bytes a connection of `kind` at `url` receives for `body`; for record-creation kinds the 6.2
 * body that the worker turns into the product's request at send time (record-requests.ts).
 */
export function render(kind: string, body: WebhookBody, url: string): string {
  const f = FORMATTERS[kind];
  if (!f) return JSON.stringify(body);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    parsed = new URL('https://invalid.invalid/');
  }
  return JSON.stringify(f(body, parsed));
}
