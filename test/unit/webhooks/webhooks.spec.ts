import { discord, googleChat, isSigned, render, slack, teams, telegram } from '../../../src/domain/integrations/chat-formats';
import { isBlockedAddress, parseWebhookUrl } from '../../../src/platform/net/net-guard';
import { NetworkPolicy } from '../../../src/platform/net/network-policy';
import { newSigningKey, serviceSignature, signedHeaders, standardSignature } from '../../../src/domain/integrations/signing';
import { absoluteUrl, buildBody, WebhookBody } from '../../../src/domain/integrations/webhook-body';
import { SafeHttpClient } from '../../../src/platform/net/safe-http';

const loopback = NetworkPolicy.fromAllowlist([{ net: '127.0.0.0', bits: 8, family: 'ipv4' }]);

/** The test vector of docs/webhooks.md (the Standard Webhooks value matches the `standardwebhooks` package's own `sign`). */
const VECTOR = {
  key: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  body: '{"event":"test","title":"Test delivery","text":"Test delivery from CRM: the connection works.","url":"https://acme.crm.example.com/","data":{},"workspace":"Acme Ltd.","app":"CRM","sent_at":"2026-03-01T09:30:00"}',
  id: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  ts: 1772346600,
  service: 'sha256=28b4c7e346cdf5096ea81af68709a13342ddced7642f954a374bb145fe05749b',
  standard: 'v1,rYFe3C5kRp4Hq/Ev7qD4MtDnbwbA4pclL+PW8hCTwW0=',
};

describe('webhook signatures', () => {
  it('match the documented test vector', () => {
    expect(serviceSignature(VECTOR.key, VECTOR.body)).toBe(VECTOR.service);
    expect(standardSignature(VECTOR.key, VECTOR.id, VECTOR.ts, Buffer.from(VECTOR.body))).toBe(VECTOR.standard);
    const h = signedHeaders(VECTOR.key, 'test', VECTOR.id, Buffer.from(VECTOR.body), new Date(VECTOR.ts * 1000 + 999));
    expect(h).toEqual({
      'content-type': 'application/json',
      'x-service-event': 'test',
      'x-service-signature': VECTOR.service,
      'webhook-id': VECTOR.id,
      'webhook-timestamp': String(VECTOR.ts),
      'webhook-signature': VECTOR.standard,
    });
  });

  it('change with one byte of the body or the key', () => {
    expect(serviceSignature(VECTOR.key, VECTOR.body + ' ')).not.toBe(VECTOR.service);
    expect(serviceSignature(VECTOR.key.replace('M', 'N'), VECTOR.body)).not.toBe(VECTOR.service);
  });

  it('new keys are whsec_ + 32 random bytes', () => {
    const k = newSigningKey();
    expect(k).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(k.slice(6), 'base64')).toHaveLength(32);
    expect(newSigningKey()).not.toBe(k);
  });
});

describe('private network guard', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254', '100.100.100.200', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::5', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe',
    '[::1]', '64:ff9b::a00:1', 'not-an-ip',
  ])('refuses %s', (ip) => expect(isBlockedAddress(ip)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) => expect(isBlockedAddress(ip)).toBe(false));

  it('parses webhook URLs: https only, no credentials, no private literal or local names unless allowed', () => {
    expect(parseWebhookUrl('https://hooks.example.com/a?b=1', NetworkPolicy.publicOnly())).toBeInstanceOf(URL);
    expect(parseWebhookUrl('http://hooks.example.com/a', NetworkPolicy.publicOnly())).toEqual({ message: 'must start with https://' });
    expect(parseWebhookUrl('http://127.0.0.1:9000/a', loopback)).toBeInstanceOf(URL);
    for (const u of ['https://127.0.0.1/', 'https://[::1]/', 'https://localhost/', 'https://api.localhost/', 'https://db.internal/', 'https://2130706433/', 'https://0x7f000001/']) {
      expect(parseWebhookUrl(u, NetworkPolicy.publicOnly())).toEqual({ message: expect.stringMatching(/loopback/) });
    }
    expect(parseWebhookUrl('https://a:b@example.com/', NetworkPolicy.publicOnly())).toEqual({ message: 'must not contain credentials' });
    expect(parseWebhookUrl('nope', NetworkPolicy.publicOnly())).toEqual({ message: 'must be an absolute URL' });
    expect(parseWebhookUrl(`https://example.com/${'x'.repeat(2000)}`, NetworkPolicy.publicOnly())).toEqual({ message: 'must be at most 2000 characters' });
  });
});

const body: WebhookBody = buildBody(
  { event: 'opp_won', title: 'Won: Film <line> & co', text: 'Acme: 12,500 EUR', url: '/opportunities/7', data: { id: 7 } },
  { id: 1, timezone: 'Europe/Istanbul', company: 'Acme Ltd.', appName: 'CRM', baseUrl: 'https://acme.crm.example.com' },
  new Date('2026-03-01T06:30:00Z'),
);

describe('webhook body', () => {
  it('has the 6.2 fields in order, an absolute url and sent_at in local time', () => {
    expect(Object.keys(body)).toEqual(['event', 'title', 'text', 'url', 'data', 'workspace', 'app', 'sent_at']);
    expect(body).toMatchObject({ url: 'https://acme.crm.example.com/opportunities/7', workspace: 'Acme Ltd.', app: 'CRM', sent_at: '2026-03-01T09:30:00' });
    expect(absoluteUrl('https://x.test/', 'https://other.test/a')).toBe('https://other.test/a');
  });
});

describe('chat formats (spec 6.5)', () => {
  const u = new URL('https://example.com/hook?chat_id=-100123');
  it('Slack: text fallback and a mrkdwn section with the escaped title linked', () => {
    expect(slack(body, u)).toEqual({
      text: 'Won: Film &lt;line&gt; &amp; co: Acme: 12,500 EUR',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*<https://acme.crm.example.com/opportunities/7|Won: Film &lt;line&gt; &amp; co>*\nAcme: 12,500 EUR' } }],
    });
  });
  it('Teams: a message with one Adaptive Card (title and summary as plain text runs, open link)', () => {
    const m = teams(body, u) as { type: string; attachments: { contentType: string; content: { type: string; version: string; body: { type: string; inlines: { type: string; text: string }[] }[]; actions: { type: string; url: string }[] } }[] };
    expect(m.type).toBe('message');
    expect(m.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(m.attachments[0].content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(m.attachments[0].content.body).toEqual([
      { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: body.title, weight: 'Bolder', size: 'Medium' }] },
      { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: body.text }] },
    ]);
    expect(m.attachments[0].content.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open in CRM', url: body.url }]);
  });
  it('Google Chat: one card, bold title and summary as escaped HTML, an open-link button, plain fallback', () => {
    expect(googleChat(body, u)).toEqual({
      fallbackText: 'Won: Film <line> & co: Acme: 12,500 EUR',
      cardsV2: [
        {
          cardId: 'event',
          card: {
            sections: [
              {
                widgets: [
                  { textParagraph: { text: '<b>Won: Film &lt;line&gt; &amp; co</b><br>Acme: 12,500 EUR' } },
                  { buttonList: { buttons: [{ text: 'Open in CRM', onClick: { openLink: { url: body.url } } }] } },
                ],
              },
            ],
          },
        },
      ],
    });
  });
  it('Discord: one embed within the documented limits, no mentions', () => {
    const long = { ...body, title: 'x'.repeat(300), text: 'y'.repeat(5000) };
    const m = discord(long, u) as { embeds: { title: string; description: string; url: string }[]; allowed_mentions: object };
    expect(m.embeds[0].title).toHaveLength(256);
    expect(m.embeds[0].description).toHaveLength(4096);
    expect(m.embeds[0].url).toBe(body.url);
    expect(m.allowed_mentions).toEqual({ parse: [] });
  });
  it('Telegram: sendMessage with chat_id from the URL and HTML parse mode, escaped', () => {
    expect(telegram(body, u)).toEqual({
      chat_id: '-100123',
      text: `<b>Won: Film &lt;line&gt; &amp; co</b>\nAcme: 12,500 EUR\n<a href="${body.url}">Open in CRM</a>`,
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
  });
  it('only webhook connections are signed; render gives the exact bytes', () => {
    expect(isSigned('webhook')).toBe(true);
    for (const k of ['slack', 'teams', 'google_chat', 'discord', 'telegram']) expect(isSigned(k)).toBe(false);
    expect(render('webhook', body, 'https://x.test')).toBe(JSON.stringify(body));
    expect(JSON.parse(render('slack', body, 'https://x.test'))).toEqual(slack(body, u));
  });
});

describe('outbound client (undici, guarded connector)', () => {
  it('refuses a host name that resolves to loopback when it connects (the DNS-rebinding case), and an IP literal before', async () => {
    const client = new SafeHttpClient({ policy: NetworkPolicy.publicOnly(), timeoutMs: 3_000 });
    try {
      const byName = await client.post('https://localhost:9/hook', { 'content-type': 'application/json' }, Buffer.from('{}'));
      expect(byName).toMatchObject({ ok: false, status: null });
      expect(byName.error).toMatch(/refused address/);
      const literal = await client.post('https://127.0.0.1:9/hook', {}, Buffer.from('{}'));
      expect(literal.error).toBe('refused address 127.0.0.1');
      expect((await client.post('http://example.com/hook', {}, Buffer.from('{}'))).error).toBe('URL must be https');
    } finally {
      client.close();
    }
  });
});
