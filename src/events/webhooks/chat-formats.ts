import type { WebhookBody } from './webhook-body';

/**
 * Message formats of the chat connections (spec 6.5): each channel's own incoming-webhook or bot
 * message, carrying the title, the summary and the record link. Chat deliveries are not signed.
 */
type Formatter = (b: WebhookBody, url: URL) => object;

const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/** Slack incoming webhook: `text` (fallback) and one mrkdwn section. &, <, > escaped as Slack asks. */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const slack: Formatter = (b) => {
  const title = slackEscape(b.title);
  const line = `*<${b.url}|${title}>*${b.text ? `\n${slackEscape(b.text)}` : ''}`;
  return { text: cut(`${title}${b.text ? `: ${slackEscape(b.text)}` : ''}`, 3000), blocks: [{ type: 'section', text: { type: 'mrkdwn', text: cut(line, 3000) } }] };
};

/** Microsoft Teams (Workflows / incoming webhook): a message with one Adaptive Card. */
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
        body: [
          { type: 'TextBlock', text: b.title, weight: 'Bolder', size: 'Medium', wrap: true },
          ...(b.text ? [{ type: 'TextBlock', text: b.text, wrap: true }] : []),
        ],
        actions: [{ type: 'Action.OpenUrl', title: `Open in ${b.app}`, url: b.url }],
      },
    },
  ],
});

/** Google Chat incoming webhook: a text message (`*bold*`, `<url|label>` links). */
export const googleChat: Formatter = (b) => ({ text: cut(`*${b.title}*${b.text ? `\n${b.text}` : ''}\n<${b.url}|Open in ${b.app}>`, 4096) });

/** Discord webhook: one embed (title ≤ 256, description ≤ 4096 characters). */
export const discord: Formatter = (b) => ({
  username: cut(b.app, 80),
  embeds: [{ title: cut(b.title, 256), description: cut(b.text, 4096), url: b.url }],
  allowed_mentions: { parse: [] },
});

/** Telegram Bot API sendMessage; the connection URL is https://api.telegram.org/bot<token>/sendMessage?chat_id=<id>. */
const htmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const telegram: Formatter = (b, url) => ({
  chat_id: url.searchParams.get('chat_id') ?? '',
  text: cut(`<b>${htmlEscape(b.title)}</b>${b.text ? `\n${htmlEscape(b.text)}` : ''}\n<a href="${htmlEscape(b.url)}">Open in ${htmlEscape(b.app)}</a>`, 4096),
  parse_mode: 'HTML',
  link_preview_options: { is_disabled: true },
});

const FORMATTERS: Record<string, Formatter> = { slack, teams, google_chat: googleChat, discord, telegram };

/** Signed JSON (the 6.2 body) for webhook connections; the channel's format for chat ones. */
export const isSigned = (kind: string): boolean => !(kind in FORMATTERS);

/** The exact bytes a connection of `kind` at `url` receives for `body`. */
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
