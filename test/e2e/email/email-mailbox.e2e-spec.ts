import { ImapFlow } from 'imapflow';
import { EmailSync } from '../../../src/domain/crm/email/email-sync';
import { Person } from '../../../src/domain/crm/people/person.entity';
import { outboxOf } from '../../helpers/crm-fixtures';
import { LoopbackImap, LoopbackSmtpAuth, startDovecot, startSmtp } from '../../helpers/mail-servers';
import { api, createUser, createWorkspace, db, Fixture, LOOPBACK_ALLOWLIST, startApp, TestApp } from '../../helpers/test-app';

/**
 * E-mail on the record, against real servers on loopback started here: npm smtp-server (AUTH,
 * no TLS) and Debian's dovecot (IMAP). Loopback is reachable (also without TLS) because the operator's
 * PRIVATE_NETWORK_ALLOWLIST lists it.
 */
let t: TestApp;
let a: Fixture;
let smtp: LoopbackSmtpAuth;
let imap: LoopbackImap;
let ayse: { user: { id: number }; key: string };
let elif: { user: { id: number }; key: string };
let company: number;
let opp: number;

const ADDRESS = 'ayse@ege.test';
const as = (u: { key: string }) => api(t, a.host, u.key);
const server = (port: number, password = 'app-password-1') => ({ host: '127.0.0.1', port, tls: 'none', user: ADDRESS, password });
const connectBody = (over: { smtp?: object; imap?: object } = {}) => ({ provider: 'imap_smtp', email: ADDRESS, smtp: server(smtp.port), imap: server(imap.port), ...over });

async function imapClient(): Promise<ImapFlow> {
  const c = new ImapFlow({ host: '127.0.0.1', port: imap.port, secure: false, doSTARTTLS: false, auth: { user: ADDRESS, pass: 'app-password-1' }, logger: false });
  await c.connect();
  return c;
}

/**
 * A message arriving in Ayşe's INBOX (IMAP APPEND, as a delivery would leave it); `trace` are raw header
 * lines put on top, in order, as the receiving server's Authentication-Results would be.
 */
async function deliver(headers: Record<string, string>, body: string, trace: string[] = []): Promise<void> {
  const c = await imapClient();
  try {
    const raw = [...trace, ...Object.entries({ Date: new Date(Date.now() + 1000).toUTCString() /* whole seconds: a second ahead keeps a reply after the message it answers */, To: ADDRESS, 'MIME-Version': '1.0', 'Content-Type': 'text/plain; charset=utf-8', ...headers })
      .map(([k, v]) => `${k}: ${v}`)]
      .join('\r\n');
    await c.append('INBOX', `${raw}\r\n\r\n${body}\r\n`);
  } finally {
    await c.logout();
  }
}

async function waitForState(id: number, states: string[]): Promise<Record<string, unknown>> {
  const until = Date.now() + 30_000;
  for (;;) {
    const r = await as(ayse).get(`/api/v1/emails/${id}`).expect(200);
    if (states.includes(r.body.message.state)) return r.body.message;
    if (Date.now() > until) throw new Error(`message ${id} still ${r.body.message.state}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

beforeAll(async () => {
  smtp = await startSmtp(ADDRESS, 'app-password-1');
  imap = await startDovecot([{ user: ADDRESS, password: 'app-password-1' }]);
  t = await startApp({ env: { PRIVATE_NETWORK_ALLOWLIST: LOOPBACK_ALLOWLIST, MAILBOX_SEND_POLL_MS: '0', MAILBOX_SYNC_MINUTES: '0', MAILBOX_TIMEOUT_MS: '15000' } });
  a = await createWorkspace(t);
  ayse = await createUser(t, a, { department: 'North', fullName: 'Ayşe Demir' });
  elif = await createUser(t, a, { department: 'South', fullName: 'Elif' });
  company = (await as(ayse).post('/api/v1/companies', { name: 'Anadolu Ambalaj', website: 'https://www.anadolu.test' }).expect(201)).body.company.id;
  await as(ayse).post('/api/v1/people', { name: 'Hakan Öztürk', customer_id: company, email: 'hakan@anadolu.test' }).expect(201);
  opp = (await as(ayse).post('/api/v1/opportunities', { name: 'Stretch film 2027', customer_id: company, value: 1000 }).expect(201)).body.opp.id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await imap?.close();
});

/** The audit rows of failed connects of a user, oldest first. */
async function failedConnects(userId: number): Promise<{ subject: string; detail: Record<string, unknown> }[]> {
  return db(t).query("SELECT subject, detail FROM audit_log WHERE workspace_id = $1 AND user_id = $2 AND action = 'mailbox_connect_failed' ORDER BY id", [a.ws.id, userId]);
}

/** Everything the caller can learn of its mailbox, and what is stored of it. */
async function mailboxState(u: { key: string; user: { id: number } }) {
  const [row] = await db(t).query('SELECT email, status, connected, error, provider, settings, secret, imap_uid_validity, imap_uid_next FROM mailboxes WHERE workspace_id = $1 AND user_id = $2', [a.ws.id, u.user.id]);
  return { api: (await as(u).get('/api/v1/me/mailbox').expect(200)).body, me: (await as(u).get('/api/v1/me').expect(200)).body.mailbox, row: row ?? null };
}

/** Failure messages that would tell a login, a port or a TLS problem apart. */
const TELLING = /SMTP|IMAP|refused|ECONN|timeout|TLS|certificate|127\.0\.0\.1|resolve|login/i;

describe('PUT /me/mailbox/connection', () => {
  it('needs a credential (401) and valid fields (400 invalid)', async () => {
    await api(t, a.host).put('/api/v1/me/mailbox/connection', connectBody()).expect(401);
    const r = await as(ayse).put('/api/v1/me/mailbox/connection', { ...connectBody(), provider: 'gmail' }).expect(400);
    expect(r.body).toMatchObject({ ok: false, error: 'invalid' });
    await as(ayse).put('/api/v1/me/mailbox/connection', connectBody({ smtp: { ...server(smtp.port), port: 0 } })).expect(400);
  });

  it('a missing or ill-typed server part is 400 invalid naming it, never a 500', async () => {
    const { smtp: _s, ...noSmtp } = connectBody();
    const { imap: _i, ...noImap } = connectBody();
    const { email: _e, ...noEmail } = connectBody();
    const cases: [object, string][] = [
      [noSmtp, 'smtp'],
      [noImap, 'imap'],
      [noEmail, 'email'],
      [connectBody({ smtp: null as unknown as object }), 'smtp'],
      [connectBody({ smtp: 'smtp.ege.example' as unknown as object }), 'smtp'],
      [connectBody({ smtp: [] as unknown as object }), 'smtp'],
      [connectBody({ imap: [server(imap.port)] as unknown as object }), 'imap'],
      [connectBody({ imap: 7 as unknown as object }), 'imap'],
      [connectBody({ smtp: {} }), 'smtp.host'],
      [connectBody({ smtp: { ...server(smtp.port), port: '465' } }), 'smtp.port'],
      [connectBody({ imap: { ...server(imap.port), password: 5 } }), 'imap.password'],
      [connectBody({ imap: { ...server(imap.port), host: null } }), 'imap.host'],
    ];
    const got: unknown[] = [];
    for (const [body, field] of cases) {
      const r = await as(ayse).put('/api/v1/me/mailbox/connection', body);
      got.push([field, r.status, r.body.error, r.body.field]);
    }
    expect(got).toEqual(cases.map(([, field]) => [field, 400, 'invalid', field]));
    const r = await as(ayse).put('/api/v1/me/mailbox/connection', noSmtp).expect(400);
    expect(r.body).toEqual({ ok: false, error: 'invalid', message: 'smtp: is required', field: 'smtp', fields: ['smtp'] });
  });

  it('every failure answers 422 with one message that tells nothing; the detail goes to the audit log; the mailbox is unchanged', async () => {
    const before = await mailboxState(ayse);
    const answers = [
      await as(ayse).put('/api/v1/me/mailbox/connection', connectBody({ smtp: server(smtp.port, 'wrong') })).expect(422),
      await as(ayse).put('/api/v1/me/mailbox/connection', connectBody({ imap: server(imap.port, 'wrong') })).expect(422),
      await as(ayse).put('/api/v1/me/mailbox/connection', connectBody({ smtp: server(1) })).expect(422),
      await as(ayse).put('/api/v1/me/mailbox/connection', connectBody({ imap: server(1) })).expect(422),
    ];
    const audit = await failedConnects(ayse.user.id);
    // the codes clients rely on stay: a refused login is mailbox_auth, anything else mailbox_unreachable; each beside
    // its audit row, whose error is the server's real answer
    expect(answers.map((r, i) => ({ code: r.body.error, subject: audit[i]?.subject, step: audit[i]?.detail.step, kind: audit[i]?.detail.kind, error: audit[i]?.detail.error }))).toEqual([
      { code: 'mailbox_auth', subject: ADDRESS, step: 'smtp', kind: 'auth', error: expect.stringMatching(/SMTP login refused/) },
      { code: 'mailbox_auth', subject: ADDRESS, step: 'imap', kind: 'auth', error: expect.stringMatching(/IMAP login refused/) },
      { code: 'mailbox_unreachable', subject: ADDRESS, step: 'smtp', kind: 'unreachable', error: expect.any(String) },
      { code: 'mailbox_unreachable', subject: ADDRESS, step: 'imap', kind: 'unreachable', error: expect.any(String) },
    ]);
    expect(audit).toHaveLength(4);
    const messages = new Set(answers.map((r) => r.body.message));
    expect(messages.size).toBe(1);
    expect([...messages][0]).not.toMatch(TELLING);
    expect(await mailboxState(ayse)).toEqual(before);
    expect(audit[2].detail).toMatchObject({ error: expect.stringMatching(/SMTP/), smtp: { host: '127.0.0.1', port: 1, tls: 'none', user: ADDRESS } });
    expect(JSON.stringify(audit)).not.toContain('wrong');
  });

  it('connects when both servers accept; the passwords never come back', async () => {
    const r = await as(ayse).put('/api/v1/me/mailbox/connection', connectBody()).expect(200);
    expect(r.body.mailbox).toEqual({ connected: true, email: ADDRESS, error: '', signature: false, status: 'connected' });
    expect(r.body.connection).toEqual({
      provider: 'imap_smtp', smtp: { host: '127.0.0.1', port: smtp.port, tls: 'none', user: ADDRESS }, imap: { host: '127.0.0.1', port: imap.port, tls: 'none', user: ADDRESS },
      synced_at: null, sync_error: '',
    });
    expect(JSON.stringify(r.body)).not.toContain('app-password-1');
    const [row] = await db(t).query('SELECT secret FROM mailboxes WHERE workspace_id = $1 AND user_id = $2', [a.ws.id, ayse.user.id]);
    expect(row.secret).not.toContain('app-password-1');
    expect((await as(ayse).get('/api/v1/me').expect(200)).body.mailbox).toMatchObject({ connected: true, status: 'connected' });
    const [note] = await db(t).query("SELECT subject, detail FROM audit_log WHERE workspace_id = $1 AND user_id = $2 AND action = 'mailbox_connected'", [a.ws.id, ayse.user.id]);
    expect(note).toMatchObject({ subject: ADDRESS, detail: { smtp: { host: '127.0.0.1', port: smtp.port }, imap: { host: '127.0.0.1', port: imap.port } } });
  });

  it('a failed re-connect with a new address changes nothing: the working connection stays and still sends', async () => {
    const before = await mailboxState(ayse);
    expect(before.me).toMatchObject({ connected: true, email: ADDRESS });
    const r = await as(ayse).put('/api/v1/me/mailbox/connection', { ...connectBody({ imap: server(imap.port, 'wrong') }), email: 'ayse.new@ege.test' }).expect(422);
    expect(r.body).toMatchObject({ ok: false, error: 'mailbox_auth' });
    expect(await mailboxState(ayse)).toEqual(before);
    const own = (await as(ayse).post('/api/v1/companies', { name: 'Reconnect Test Co' }).expect(201)).body.company.id;
    const sent = await as(ayse).post('/api/v1/emails', { to: ['buyer@reconnect.test'], subject: 'Still working', text: 'x', customer_id: own }).expect(202);
    expect(sent.body.message.from.email).toBe(ADDRESS);
    expect(await waitForState(sent.body.message.id, ['sent', 'failed'])).toMatchObject({ state: 'sent' });
    expect((await failedConnects(ayse.user.id)).at(-1)).toMatchObject({ subject: 'ayse.new@ege.test', detail: { step: 'imap', kind: 'auth' } });
  });

  it('allows 10 tries an hour per user, then 429 rate_limited before any server is tried; other users are not held', async () => {
    const deniz = await createUser(t, a, { department: 'North', fullName: 'Deniz' });
    const body = { ...connectBody({ smtp: server(1) }), email: 'deniz@ege.test' };
    // a refused body tries nothing and counts nothing
    await as(deniz).put('/api/v1/me/mailbox/connection', { ...body, smtp: undefined }).expect(400);
    for (let i = 0; i < 10; i++) expect((await as(deniz).put('/api/v1/me/mailbox/connection', body)).status).toBe(422);
    const r = await as(deniz).put('/api/v1/me/mailbox/connection', connectBody()).expect(429);
    expect(r.body).toEqual({ ok: false, error: 'rate_limited', message: expect.stringMatching(/mailbox/) });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await failedConnects(deniz.user.id)).toHaveLength(10);
    expect((await mailboxState(deniz)).row).toBeNull();
    // Elif has tries of her own
    expect((await as(elif).put('/api/v1/me/mailbox/connection', { ...body, email: 'elif@ege.test' })).status).toBe(422);
  });
});

describe('POST /emails and the IMAP sync', () => {
  let threadId: number;
  let sentMessageId: string;

  it('refuses without a credential (401), an opportunity the caller may not see (404) and without a connected mailbox (409)', async () => {
    await api(t, a.host).post('/api/v1/emails', { to: ['hakan@anadolu.test'], subject: 'x', text: 'y', opp_id: opp }).expect(401);
    const r = await as(elif).post('/api/v1/emails', { to: ['hakan@anadolu.test'], subject: 'x', text: 'y', opp_id: opp }).expect(404);
    expect(r.body).toMatchObject({ ok: false, error: 'not_found' });
    await as(elif).get(`/api/v1/emails/threads?opp_id=${opp}`).expect(404);
    const own = (await as(elif).post('/api/v1/companies', { name: 'Elif Co' }).expect(201)).body.company.id;
    expect((await as(elif).post('/api/v1/emails', { to: ['x@elif.test'], subject: 'x', text: 'y', customer_id: own }).expect(409)).body.error).toBe('mailbox_not_connected');
    expect((await as(ayse).post('/api/v1/emails', { to: ['not-an-address'], subject: 'x', text: 'y', opp_id: opp }).expect(400)).body.error).toBe('invalid');
  });

  it('queues, sends through the SMTP server off the request path and files the thread on the opportunity', async () => {
    await as(ayse).put('/api/v1/me/mailbox', { signature: 'Ayşe Demir\nEge Polimer' }).expect(200);
    const r = await as(ayse).post('/api/v1/emails', { to: ['hakan@anadolu.test'], subject: 'Stretch film offer', text: 'Dear Hakan, our offer.', signature: true, opp_id: opp }).expect(202);
    expect(r.body.message).toMatchObject({ state: 'queued', direction: 'out', to: ['hakan@anadolu.test'], subject: 'Stretch film offer', from: { email: ADDRESS, name: 'Ayşe Demir' } });
    const sent = await waitForState(r.body.message.id, ['sent', 'failed']);
    expect(sent).toMatchObject({ state: 'sent', error: '' });
    threadId = r.body.message.thread_id;
    sentMessageId = r.body.message.message_id;
    const got = smtp.messages.find((m) => m.raw.includes(sentMessageId))!;
    expect(got.to).toEqual(['hakan@anadolu.test']);
    expect(got.raw).toMatch(/Subject: Stretch film offer/);
    expect(got.raw).toContain('Ege Polimer');
    const threads = await as(ayse).get(`/api/v1/emails/threads?opp_id=${opp}`).expect(200);
    expect(threads.body.items).toEqual([expect.objectContaining({ id: threadId, customer_id: company, opp_id: opp, messages_n: 1, subject: 'Stretch film offer' })]);
    expect((await as(ayse).get(`/api/v1/emails/threads?customer_id=${company}`).expect(200)).body.items.map((x: { id: number }) => x.id)).toEqual([threadId]);
    const o = await as(ayse).get(`/api/v1/opportunities/${opp}`).expect(200);
    expect(o.body.opp.threads_n).toBe(1);
    expect(o.body.opp.threads).toEqual([{ id: threadId, subject: 'Stretch film offer', messages_n: 1, last_message_at: expect.any(String), user_id: ayse.user.id }]);
  });

  it('a reply appended to the INBOX joins the thread after a sync; its new sender becomes a person without contact_created', async () => {
    await deliver(
      { From: 'Selin Kaya <selin@anadolu.test>', Subject: 'Re: Stretch film offer', 'Message-ID': '<reply-1@anadolu.test>', 'In-Reply-To': `<${sentMessageId}>`, References: `<${sentMessageId}>` },
      'Thanks, we accept.',
      ['Authentication-Results: mx.ege.test; spf=pass smtp.mailfrom=selin@anadolu.test; dkim=pass header.d=anadolu.test; dmarc=pass (p=reject) header.from=anadolu.test'],
    );
    await deliver({ From: 'Spam <spam@elsewhere.test>', Subject: 'Buy now', 'Message-ID': '<spam-1@elsewhere.test>' }, 'not CRM mail');
    const s = await as(ayse).post('/api/v1/me/mailbox/sync').expect(200);
    expect(s.body).toEqual({ ok: true, read: 2, filed: 1, more: false });
    const th = await as(ayse).get(`/api/v1/emails/threads/${threadId}`).expect(200);
    expect(th.body.thread.messages_n).toBe(2);
    expect(th.body.messages.map((m: { direction: string; state: string }) => `${m.direction}:${m.state}`)).toEqual(['out:sent', 'in:received']);
    expect(th.body.messages[1]).toMatchObject({ from: { email: 'selin@anadolu.test', name: 'Selin Kaya' }, in_reply_to: sentMessageId, text: expect.stringContaining('we accept') });
    const selin = await db(t).findOne(Person, { where: { workspaceId: a.ws.id, email: 'selin@anadolu.test' } });
    expect(selin).toMatchObject({ customerId: company, name: 'Selin Kaya', origin: 'email' });
    const created = await outboxOf(t, a, 'contact_created');
    expect(created.some((e) => JSON.stringify(e).includes('selin@anadolu.test'))).toBe(false);
    expect(created.some((e) => JSON.stringify(e).includes('hakan@anadolu.test'))).toBe(true); // the one created by hand raised it
    // the next round starts after what it read: nothing again
    expect((await as(ayse).post('/api/v1/me/mailbox/sync').expect(200)).body).toEqual({ ok: true, read: 0, filed: 0, more: false });
  });

  it("mail from a company's known address starts a thread on that company; the housekeeping round reads it too", async () => {
    await deliver({ From: 'Hakan <hakan@anadolu.test>', Subject: 'Samples', 'Message-ID': '<new-1@anadolu.test>' }, 'Samples arrive Monday.');
    await t.get(EmailSync).round();
    const list = (await as(ayse).get(`/api/v1/emails/threads?customer_id=${company}`).expect(200)).body.items;
    expect(list[0]).toMatchObject({ subject: 'Samples', customer_id: company, opp_id: null, messages_n: 1 });
  });

  it("mail from a sender on a company the mailbox owner cannot see is not filed there, nor a reply into that company's thread", async () => {
    const hidden = (await as(elif).post('/api/v1/companies', { name: 'Kuzey Plastik', website: 'https://kuzey.test' }).expect(201)).body.company.id;
    await as(elif).post('/api/v1/people', { name: 'Can', customer_id: hidden, email: 'can@kuzey.test' }).expect(201);
    const [elifMsg] = await db(t).query(
      `WITH th AS (INSERT INTO email_threads (workspace_id, subject, customer_id, user_id, messages_n) VALUES ($1, 'Elif only', $2, $3, 1) RETURNING id)
       INSERT INTO email_messages (workspace_id, thread_id, user_id, direction, state, message_id, subject) SELECT $1, id, $3, 'out', 'sent', 'elif-1@ege.test', 'Elif only' FROM th RETURNING thread_id`,
      [a.ws.id, hidden, elif.user.id],
    );
    const pass = (d: string) => [`Authentication-Results: mx.ege.test; dmarc=pass header.from=${d}`];
    await deliver({ From: 'Can <can@kuzey.test>', Subject: 'Known address', 'Message-ID': '<hid-1@kuzey.test>' }, 'x', pass('kuzey.test'));
    await deliver({ From: 'Deniz <deniz@kuzey.test>', Subject: 'Domain only', 'Message-ID': '<hid-2@kuzey.test>' }, 'x', pass('kuzey.test'));
    await deliver({ From: 'Can <can@kuzey.test>', Subject: 'Re: Elif only', 'Message-ID': '<hid-3@kuzey.test>', 'In-Reply-To': '<elif-1@ege.test>' }, 'x', pass('kuzey.test'));
    expect((await as(ayse).post('/api/v1/me/mailbox/sync').expect(200)).body).toEqual({ ok: true, read: 3, filed: 0, more: false });
    const onHidden = await db(t).query('SELECT id, messages_n FROM email_threads WHERE workspace_id = $1 AND customer_id = $2', [a.ws.id, hidden]);
    expect(onHidden).toEqual([{ id: elifMsg.thread_id, messages_n: 1 }]);
    expect(await db(t).query("SELECT 1 FROM email_messages WHERE workspace_id = $1 AND message_id LIKE 'hid-%'", [a.ws.id])).toEqual([]);
    expect(await db(t).query("SELECT 1 FROM people WHERE workspace_id = $1 AND email = 'deniz@kuzey.test'", [a.ws.id])).toEqual([]);
  });

  it('a From the receiving server did not authenticate files the message on the company but creates no person', async () => {
    const spoofed = { From: 'Boss <ceo@anadolu.test>', Subject: 'Urgent wire', 'Message-ID': '<spoof-1@evil.test>' };
    await deliver(spoofed, 'no Authentication-Results at all');
    // the sender's own "pass" sits below the receiver's header: only the topmost one counts
    await deliver({ ...spoofed, 'Message-ID': '<spoof-2@evil.test>' }, 'forged below', [
      'Authentication-Results: mx.ege.test; spf=fail smtp.mailfrom=ceo@anadolu.test; dkim=none; dmarc=fail header.from=anadolu.test',
      'Authentication-Results: mx.ege.test; dmarc=pass header.from=anadolu.test',
    ]);
    // a pass for another domain (the attacker's own DKIM signature) does not vouch for the From
    await deliver({ ...spoofed, 'Message-ID': '<spoof-3@evil.test>' }, 'signed by evil', ['Authentication-Results: mx.ege.test; dkim=pass header.d=evil.test; spf=pass smtp.mailfrom=x@evil.test; dmarc=fail header.from=anadolu.test']);
    expect((await as(ayse).post('/api/v1/me/mailbox/sync').expect(200)).body).toEqual({ ok: true, read: 3, filed: 3, more: false });
    const filed = await db(t).query("SELECT t.customer_id FROM email_messages m JOIN email_threads t ON t.id = m.thread_id WHERE m.workspace_id = $1 AND m.message_id LIKE 'spoof-%'", [a.ws.id]);
    expect(filed).toEqual([{ customer_id: company }, { customer_id: company }, { customer_id: company }]);
    expect(await db(t).query("SELECT 1 FROM people WHERE workspace_id = $1 AND email = 'ceo@anadolu.test'", [a.ws.id])).toEqual([]);
  });

  it('a reply in the thread carries In-Reply-To and References', async () => {
    const r = await as(ayse).post('/api/v1/emails', { to: ['selin@anadolu.test'], subject: 'Re: Stretch film offer', text: 'Great.', thread_id: threadId }).expect(202);
    await waitForState(r.body.message.id, ['sent', 'failed']);
    expect(r.body.message.in_reply_to).toBe('reply-1@anadolu.test');
    const raw = smtp.messages.find((m) => m.raw.includes(r.body.message.message_id))!.raw;
    expect(raw).toMatch(/In-Reply-To: <reply-1@anadolu\.test>/);
    expect(raw.replace(/\r\n\s+/g, ' ')).toContain(`References: <${sentMessageId}> <reply-1@anadolu.test>`);
    expect((await as(elif).get(`/api/v1/emails/threads/${threadId}`).expect(404)).body.error).toBe('not_found');
    expect((await as(elif).get(`/api/v1/emails/${r.body.message.id}`).expect(404)).body.error).toBe('not_found');
  });

  it('disconnecting forgets the servers; sync is then 409', async () => {
    const r = await as(ayse).delete('/api/v1/me/mailbox/connection').expect(200);
    expect(r.body.connection).toMatchObject({ provider: 'none', smtp: null, imap: null });
    expect((await as(ayse).post('/api/v1/me/mailbox/sync').expect(409)).body.error).toBe('mailbox_not_connected');
  });
});

describe('mail servers on private networks the operator did not list', () => {
  it('loopback is refused before any connection when the allowlist names another network: a listening SMTP port, a closed one and any TLS mode answer alike', async () => {
    const t2 = await startApp({ env: { PRIVATE_NETWORK_ALLOWLIST: '10.1.0.0/16', MAILBOX_SEND_POLL_MS: '0', MAILBOX_SYNC_MINUTES: '0', MAILBOX_TIMEOUT_MS: '15000' } });
    try {
      const b = await createWorkspace(t2);
      const seller = await createUser(t2, b);
      const answers = [];
      for (const side of [server(smtp.port), server(1), { ...server(smtp.port), tls: 'starttls' }, { ...server(imap.port), host: 'localhost', tls: 'tls' }]) {
        const r = await api(t2, b.host, seller.key).put('/api/v1/me/mailbox/connection', connectBody({ smtp: side }));
        answers.push([r.status, r.body.error, r.body.message]);
      }
      // the user sees the one connect-failure message (a resolved address would tell internal DNS answers); the reason is in the audit log
      expect(new Set(answers.map((x) => JSON.stringify(x))).size).toBe(1);
      expect(answers[0]).toEqual([422, 'mailbox_unreachable', expect.not.stringMatching(TELLING)]);
      const audit = await db(t2).query("SELECT detail FROM audit_log WHERE workspace_id = $1 AND user_id = $2 AND action = 'mailbox_connect_failed' ORDER BY id", [b.ws.id, seller.user.id]);
      expect(audit.slice(0, 3).map((x: { detail: { error: string } }) => x.detail.error)).toEqual(Array(3).fill('127.0.0.1 is a loopback, private, link-local or metadata address'));
      expect(audit[3].detail.error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback, private, link-local or metadata address$/);
    } finally {
      await t2.close();
    }
  });
});
