import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { WorkflowEngine } from '../../../src/domain/crm/workflows';
import { Mailbox } from '../../../src/domain/crm/email/mailbox.entity';
import { ObjectRecord } from '../../../src/domain/crm/objects/object-record.entity';
import { SECRET_BOX } from '../../../src/domain/identity/secret-box.provider';
import { standardSignature } from '../../../src/domain/integrations/signing';
import type { SecretBox } from '../../../src/platform/common/crypto';
import { linkBase } from '../../../src/domain/workspace/link-base';
import { api, createUser, createWorkspace, db, Fixture, LOOPBACK_ALLOWLIST, startApp, TestApp } from '../../helpers/test-app';
import { LoopbackSmtpAuth, startSmtp } from '../../helpers/mail-servers';

/**
 * The actions that reach outside the CRM (send_email, post_chat, call_webhook) and create_record, run by hand on an
 * opportunity; a receiver that fails is retried with the engine's backoff (the due time moved back, no sleeping).
 */
let t: TestApp;
let a: Fixture;
let receiver: Server;
let base: string;
let service: LoopbackSmtpAuth;
let owners: LoopbackSmtpAuth;
const got: { path: string; headers: IncomingHttpHeaders; raw: string }[] = [];
/** Answers per path still to fail before it takes a message. */
const failing = new Map<string, number>();

const as = () => api(t, a.host, a.adminKey);
const engine = () => t.get(WorkflowEngine);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const left = failing.get(path) ?? 0;
      got.push({ path, headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      if (left > 0) {
        failing.set(path, left - 1);
        res.writeHead(503).end('busy');
      } else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  service = await startSmtp('svc', 'svc-pass');
  owners = await startSmtp('selin', 'mailbox-pass');
  t = await startApp({ env: { PRIVATE_NETWORK_ALLOWLIST: LOOPBACK_ALLOWLIST, SMTP_URL: `smtp://svc:svc-pass@127.0.0.1:${service.port}` } });
  a = await createWorkspace(t);
});
afterAll(async () => {
  await t?.close();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
  await service.close();
  await owners.close();
});

let n = 0;
/** An opportunity of a new company (a name with markup) whose main contact is mert<n>@akdeniz.test. */
async function opportunity(name: string, ownerKey = a.adminKey): Promise<{ id: number; customer_id: number }> {
  const o = api(t, a.host, ownerKey);
  const cid = (await o.post('/api/v1/companies', { name: `Akdeniz <b>Plastik</b> ${++n}` }).expect(201)).body.company.id;
  await o.post('/api/v1/people', { name: `Mert Ana ${n}`, customer_id: cid, email: `mert${n}@akdeniz.test`, is_main: true }).expect(201);
  return (await o.post('/api/v1/opportunities', { name, customer_id: cid, value: 1250 }).expect(201)).body.opp;
}

async function manual(name: string, actions: object[]): Promise<number> {
  return (await as().post('/api/v1/workflows', { name, enabled: true, trigger: { kind: 'manual', record_kind: 'opportunity' }, actions }).expect(201)).body.workflow.id;
}
const run = async (id: number, oppId: number) => (await as().post(`/api/v1/workflows/${id}/run`, { record_kind: 'opportunity', record_id: oppId }).expect(200)).body.run;
const connection = async (kind: string, path: string) => (await as().post('/api/v1/webhooks', { url: `${base}${path}`, events: ['opp_created'], kind }).expect(201)).body.webhook;

/** Moves a waiting run's due time to now and lets the engine claim it (the 1/5/30 minutes are not slept). */
async function due(runId: number) {
  await db(t).query(`UPDATE workflow_runs SET due_at = now() - interval '1 second' WHERE workspace_id = $1 AND id = $2`, [a.ws.id, runId]);
  await engine().round();
  return (await as().get(`/api/v1/workflow-runs/${runId}`).expect(200)).body.run;
}

describe('saving a rule checks each new action', () => {
  it('is 400 naming the field', async () => {
    const hook = await connection('webhook', '/hook-only');
    const chat = await connection('slack', '/slack-only');
    await as().post('/api/v1/objects', { key: 'sites', label: 'Sites', fields: [{ key: 'size', label: 'Size', type: 'number' }] }).expect(201);
    const cases: [object, string][] = [
      [{ type: 'send_email', to: 'everyone', subject: 'x', body: 'y' }, 'actions[0].to'],
      [{ type: 'send_email', body: 'y' }, 'actions[0].subject'],
      [{ type: 'send_email', subject: 'x' }, 'actions[0].body'],
      [{ type: 'post_chat', connection_id: hook.id, text: 'hi' }, 'actions[0].connection_id'],
      [{ type: 'post_chat', connection_id: chat.id }, 'actions[0].text'],
      [{ type: 'call_webhook', connection_id: chat.id }, 'actions[0].connection_id'],
      [{ type: 'call_webhook', connection_id: 999999 }, 'actions[0].connection_id'],
      [{ type: 'create_record', object: 'planets', name: 'x' }, 'actions[0].object'],
      [{ type: 'create_record', object: 'sites', name: 'x', fields: { colour: 'record.name' } }, 'actions[0].fields.colour'],
      [{ type: 'create_record', object: 'sites', name: 'x', fields: { size: 'record.value; drop table' } }, 'actions[0].fields.size'],
      [{ type: 'branch', if: { match: 'all', conditions: [] }, then: [{ type: 'call_webhook', connection_id: hook.id }] }, 'actions[0].then[0]'],
    ];
    for (const [action, field] of cases) {
      const r = await as().post('/api/v1/workflows', { name: 'Bad', trigger: { kind: 'manual', record_kind: 'opportunity' }, actions: [action] }).expect(400);
      expect([field, r.body.message]).toEqual([field, expect.stringContaining(field)]);
    }
  });
});

describe('send_email', () => {
  it("goes through the owner's connected mailbox, values filled in and escaped in the HTML", async () => {
    const selin = await createUser(t, a, { fullName: 'Selin Satış', email: 'selin@akdeniz-crm.test' });
    const box = t.get<SecretBox>(SECRET_BOX);
    await db(t).save(Mailbox, db(t).create(Mailbox, {
      workspaceId: a.ws.id, userId: selin.user.id, email: 'selin@akdeniz-crm.test', provider: 'imap_smtp', connected: true, status: 'connected', error: '',
      settings: { smtp: { host: '127.0.0.1', port: owners.port, tls: 'none', user: 'selin' }, imap: { host: '127.0.0.1', port: 1, tls: 'none', user: 'selin' } },
      secret: box.seal(JSON.stringify({ smtp_password: 'mailbox-pass', imap_password: 'x' })),
    }));
    const opp = await opportunity('Kalıp <script>alert(1)</script>', selin.key);
    const id = await manual('Mail the contact', [{ type: 'send_email', to: 'main_contact', subject: 'About {{opportunity.name}}\r\nBcc: evil@x.test', body: 'Dear contact of {{company.name}},\nwe talk about {{opportunity.name}}.' }]);
    const r = await run(id, opp.id);
    expect(r).toMatchObject({ status: 'done' });
    expect(r.steps[0]).toMatchObject({ type: 'send_email', outcome: 'done', detail: expect.stringContaining(`mert${n}@akdeniz.test`) });
    expect(service.messages).toHaveLength(0);
    const [m] = owners.messages;
    expect(m!.to).toEqual([`mert${n}@akdeniz.test`]);
    expect(m!.from).toBe('selin@akdeniz-crm.test');
    // the subject stays one header line: no Bcc was added through the template
    expect(m!.raw).not.toMatch(/^Bcc:/im);
    expect(m!.raw).toContain('Akdeniz <b>Plastik</b>');
    expect(m!.raw).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(m!.raw).not.toContain('<b>Plastik</b><');
    // filed on the opportunity as the owner's sent mail, with the Message-ID it went out with (IMAP will not file it again)
    const [thread, ...others] = (await as().get(`/api/v1/emails/threads?opp_id=${opp.id}`).expect(200)).body.items;
    expect(others).toEqual([]);
    const filed = (await as().get(`/api/v1/emails/threads/${thread.id}`).expect(200)).body.messages;
    expect(filed).toEqual([expect.objectContaining({ direction: 'out', state: 'sent', to: [`mert${n}@akdeniz.test`], from: expect.objectContaining({ email: 'selin@akdeniz-crm.test' }) })]);
    expect(m!.raw).toContain(`<${filed[0].message_id}>`);
    expect(r.steps[0].detail).toContain(`filed as e-mail ${filed[0].id} in thread ${thread.id}`);
  });

  it("goes through the service's SMTP_URL when the owner has no mailbox, and fails with a readable error when neither", async () => {
    const opp = await opportunity('Film line');
    const id = await manual('Mail the owner', [{ type: 'send_email', subject: '{{opportunity.name}} of {{company.name}}', body: 'Owner {{owner.full_name}}' }]);
    expect(await run(id, opp.id)).toMatchObject({ status: 'done' });
    const m = service.messages.at(-1)!;
    expect(m.to).toEqual([a.admin.email]);
    expect(m.raw).toContain('Film line');
    // filed on the record too, sent by the service's address in the acting admin's name
    const threads = (await as().get(`/api/v1/emails/threads?opp_id=${opp.id}`).expect(200)).body.items;
    expect(threads).toHaveLength(1);
    const filed = (await as().get(`/api/v1/emails/threads/${threads[0].id}`).expect(200)).body.messages;
    expect(filed).toEqual([expect.objectContaining({ direction: 'out', state: 'sent', to: [a.admin.email], from: expect.objectContaining({ email: t.config.mailFrom }) })]);
    const saved = t.config.smtpUrl;
    (t.config as { smtpUrl?: string }).smtpUrl = undefined;
    try {
      const r = await run(id, opp.id);
      expect(r).toMatchObject({ status: 'failed', error: expect.stringContaining('no connected mailbox and the service has no SMTP_URL') });
    } finally {
      (t.config as { smtpUrl?: string }).smtpUrl = saved;
    }
  });
});

describe('post_chat, call_webhook, create_record', () => {
  it("posts the record's values to a chat connection in its channel's format", async () => {
    const chat = await connection('slack', '/slack');
    const opp = await opportunity('Boru <hattı>');
    const id = await manual('Tell the team', [{ type: 'post_chat', connection_id: chat.id, text: '{{opportunity.name}} for {{company.name}} is worth {{record.value}}' }]);
    expect(await run(id, opp.id)).toMatchObject({ status: 'done' });
    const hit = got.filter((g) => g.path === '/slack').at(-1)!;
    const body = JSON.parse(hit.raw) as { text: string };
    expect(body.text).toContain(`Boru &lt;hattı&gt; for Akdeniz &lt;b&gt;Plastik&lt;/b&gt; ${n} is worth 1250`);
    // in the connection's delivery log (what the connections console shows), as the worker's deliveries are
    const log = (await as().get(`/api/v1/webhooks/${chat.id}/deliveries`).expect(200)).body.items;
    expect(log).toEqual([expect.objectContaining({ event: 'workflow_action', status: 'done', ok: true, http_status: 200 })]);
  });

  it("links a ticket to its page in the app, on the configured address", async () => {
    const chat = await connection('slack', '/slack-ticket');
    const priority = Object.keys(a.ws.app.ticket_sla_hours)[0]!;
    const ticket = (await as().post('/api/v1/tickets', { subject: 'Film tears', priority }).expect(201)).body.ticket;
    const id = (await as().post('/api/v1/workflows', { name: 'Ticket to chat', enabled: true, trigger: { kind: 'manual', record_kind: 'ticket' }, actions: [{ type: 'post_chat', connection_id: chat.id, text: 'New: {{record.subject}}' }] }).expect(201)).body.workflow.id;
    // the request's Host is the client's word: the link is built from configuration only
    const r = await as().post(`/api/v1/workflows/${id}/run`, { record_kind: 'ticket', record_id: ticket.id }).set('X-Forwarded-Host', 'evil.test').expect(200);
    expect(r.body.run).toMatchObject({ status: 'done' });
    const raw = got.filter((g) => g.path === '/slack-ticket').at(-1)!.raw;
    expect(raw).toContain(`${linkBase(t.config, a.ws.slug)}/tickets/${ticket.id}`);
    expect(raw).not.toContain('evil.test');
  });

  it("calls a webhook connection with the record's data, signed (Standard Webhooks)", async () => {
    const hook = await connection('webhook', '/hook');
    const key = (await as().get(`/api/v1/webhooks/${hook.id}`).expect(200)).body.webhook.signing_key ?? hook.signing_key;
    const opp = await opportunity('Sera');
    const id = await manual('Tell the ERP', [{ type: 'call_webhook', connection_id: hook.id }]);
    expect(await run(id, opp.id)).toMatchObject({ status: 'done' });
    const hit = got.filter((g) => g.path === '/hook').at(-1)!;
    const body = JSON.parse(hit.raw);
    expect(body).toMatchObject({ event: 'workflow_action', title: 'Tell the ERP', data: { record_kind: 'opportunity', record_id: opp.id, workflow_id: id, record: { id: opp.id, name: 'Sera' } } });
    const h = hit.headers;
    expect(h['webhook-signature']).toBe(standardSignature(key, String(h['webhook-id']), Number(h['webhook-timestamp']), hit.raw));
  });

  it("creates a custom record with fields mapped from the opportunity", async () => {
    const opp = await opportunity('Depo');
    const id = await manual('Site for it', [{ type: 'create_record', object: 'sites', name: 'Site of {{record.name}}', fields: { size: 'record.value' } }]);
    const r = await run(id, opp.id);
    expect(r).toMatchObject({ status: 'done' });
    const rec = await db(t).findOneByOrFail(ObjectRecord, { workspaceId: a.ws.id, id: r.steps[0].record_id });
    expect(rec).toMatchObject({ name: 'Site of Depo', data: { size: 1250 } });
  });
});

describe('update_fields on an opportunity', () => {
  it("sets its plain fields through the REST update's checks; a value the update refuses fails the step and changes nothing", async () => {
    const opp = await opportunity('Ambalaj hattı');
    const id = await manual('Plan it', [{ type: 'update_fields', fields: { value: 3000, close_date: '2027-01-15', next_step: 'Send the offer' } }]);
    expect(await run(id, opp.id)).toMatchObject({ status: 'done' });
    expect((await as().get(`/api/v1/opportunities/${opp.id}`).expect(200)).body.opp).toMatchObject({ value: 3000, close_date: '2027-01-15', next_step: 'Send the offer' });
    const bad = await manual('Bad type', [{ type: 'update_fields', fields: { type: 'no such opportunity type', next_step: 'never' } }]);
    const r = await run(bad, opp.id);
    expect(r).toMatchObject({ status: 'failed' });
    expect(r.steps[0]).toMatchObject({ outcome: 'failed', detail: expect.stringContaining('type') });
    expect((await as().get(`/api/v1/opportunities/${opp.id}`).expect(200)).body.opp.next_step).toBe('Send the offer');
  });
});

describe('an unreachable receiver', () => {
  it('is retried with the backoff and carries the same webhook-id; the step is done once it answers', async () => {
    const hook = await connection('webhook', '/flaky');
    failing.set('/flaky', 1);
    const opp = await opportunity('Yeniden');
    const id = await manual('Flaky receiver', [{ type: 'call_webhook', connection_id: hook.id }]);
    const first = await run(id, opp.id);
    expect(first).toMatchObject({ status: 'waiting' });
    expect(first.steps).toEqual([expect.objectContaining({ outcome: 'retrying', detail: expect.stringContaining('HTTP 503') })]);
    const again = await due(first.id);
    expect(again).toMatchObject({ status: 'done' });
    const calls = got.filter((g) => g.path === '/flaky');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers['webhook-id']).toBe(calls[0]!.headers['webhook-id']);
    // each attempt in the connection's delivery log, newest first, under the id the receiver saw
    const log = (await as().get(`/api/v1/webhooks/${hook.id}/deliveries`).expect(200)).body.items;
    expect(log.map((d: { ok: boolean; http_status: number; webhook_id: string }) => [d.ok, d.http_status, d.webhook_id]).sort()).toEqual([[false, 503, calls[0]!.headers['webhook-id']], [true, 200, calls[0]!.headers['webhook-id']]]);
  });

  it('ends failed with the error on the run after the last retry (1, 5, 30 minutes)', async () => {
    const chat = await connection('discord', '/down');
    failing.set('/down', 99);
    const opp = await opportunity('Kapalı');
    const id = await manual('Down chat', [{ type: 'post_chat', connection_id: chat.id, text: '{{opportunity.name}}' }]);
    let r = await run(id, opp.id);
    for (let i = 0; i < 3; i++) {
      expect(r.status).toBe('waiting');
      r = await due(r.id);
    }
    expect(r).toMatchObject({ status: 'failed', error: expect.stringContaining('HTTP 503') });
    expect(r.steps.map((s: { outcome: string }) => s.outcome)).toEqual(['retrying', 'retrying', 'retrying', 'failed']);
    expect(got.filter((g) => g.path === '/down')).toHaveLength(4);
  });
});
