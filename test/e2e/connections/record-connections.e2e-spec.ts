import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { WebhookConnection } from '../../../src/domain/integrations/webhook-connection.entity';
import { api, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { waitFor } from '../../helpers/wait';

/**
 * Record-creation connections (spec 6.5) against loopback stand-ins of the seven products:
 * one small server per product that answers as its published API does (201/200 with the created
 * record; 401 without its auth; 400/404 on a body or target it would refuse), and keeps every request
 * so the tests check method, path, auth header and body shape against the product's documentation.
 */
interface Hit {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown>;
}
type Answer = [number, unknown];

const TOKENS = {
  asana: '2/1200000000000001/1209999999999999:0123456789abcdef0123456789abcdef',
  trello: `ATTA${'ab12'.repeat(16)}`,
  jira: 'ATATT3xFfGF0-jira-api-token-0123456789',
  airtable: 'patR2d2C3po0123.0123456789abcdef0123456789abcdef',
  google_sheets: 'ya29.a0AfB_byC-google-oauth-access-token-0123456789',
  mailchimp: '0123456789abcdef0123456789abcdef-us6',
  brevo: 'xkeysib-0123456789abcdef0123456789abcdef-AbCdEf',
};
const TRELLO_KEY = '0123456789abcdef0123456789abcdef';
const CONFIG = {
  asana: { project_gid: '1204567890123456' },
  trello: { list_id: '5f1a2b3c4d5e6f7a8b9c0d1e', api_key: TRELLO_KEY },
  jira: { site: 'acme.atlassian.net', email: 'ops@acme.test', project_key: 'CRM' },
  airtable: { base_id: 'appA1b2C3d4E5f6G7', table: 'CRM events' },
  google_sheets: { spreadsheet_id: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms', range: 'Events' },
  mailchimp: { list_id: 'a1b2c3d4e5' },
  brevo: { list_id: '7' },
};
type Kind = keyof typeof TOKENS;
const KINDS = Object.keys(TOKENS) as Kind[];

const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

/** Each product's check of a request, as its API documentation describes it, and its answer. */
const PRODUCTS: Record<Kind, (h: Hit) => Answer> = {
  // https://developers.asana.com/reference/createtask
  asana: (h) => {
    if (h.headers.authorization !== `Bearer ${TOKENS.asana}`) return [401, { errors: [{ message: 'Not Authorized' }] }];
    if (h.method !== 'POST' || h.path !== '/api/1.0/tasks') return [404, { errors: [{ message: 'No matching route' }] }];
    const data = h.json.data as { projects?: string[]; name?: string } | undefined;
    if (!data?.name || !Array.isArray(data.projects)) return [400, { errors: [{ message: 'data: Missing input' }] }];
    if (data.projects[0] !== CONFIG.asana.project_gid) return [404, { errors: [{ message: 'project: Unknown object' }] }];
    return [201, { data: { gid: '1209000000000001', resource_type: 'task', name: data.name } }];
  },
  // https://developer.atlassian.com/cloud/trello/rest/api-group-cards/#api-cards-post
  trello: (h) => {
    if (h.headers.authorization !== `OAuth oauth_consumer_key="${TRELLO_KEY}", oauth_token="${TOKENS.trello}"`) return [401, 'invalid key'];
    const u = new URL(h.path, 'http://x');
    if (h.method !== 'POST' || u.pathname !== '/1/cards') return [404, 'Cannot POST'];
    if (u.searchParams.get('idList') !== CONFIG.trello.list_id) return [400, 'invalid value for idList'];
    return [200, { id: '6560f1c2a1b2c3d4e5f6a7b8', name: h.json.name, idList: CONFIG.trello.list_id, shortUrl: 'https://trello.com/c/abc' }];
  },
  // https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issues/#api-rest-api-3-issue-post
  jira: (h) => {
    if (h.headers.authorization !== basic(CONFIG.jira.email, TOKENS.jira)) return [401, { errorMessages: ['Unauthorized'] }];
    if (h.method !== 'POST' || h.path !== '/rest/api/3/issue') return [404, { errorMessages: ['Not found'] }];
    const fields = h.json.fields as { summary?: string; description?: { type?: string } } | undefined;
    if (!fields?.summary || fields.description?.type !== 'doc') return [400, { errors: { summary: 'You must specify a summary of the issue.' } }];
    return [201, { id: '10001', key: 'CRM-1', self: 'https://acme.atlassian.net/rest/api/3/issue/10001' }];
  },
  // https://airtable.com/developers/web/api/create-records
  airtable: (h) => {
    if (h.headers.authorization !== `Bearer ${TOKENS.airtable}`) return [401, { error: { type: 'AUTHENTICATION_REQUIRED' } }];
    if (h.method !== 'POST' || h.path !== `/v0/${CONFIG.airtable.base_id}/${encodeURIComponent(CONFIG.airtable.table)}`) return [404, { error: 'NOT_FOUND' }];
    const records = h.json.records as { fields?: object }[] | undefined;
    if (!Array.isArray(records) || !records.length || typeof records[0].fields !== 'object') return [422, { error: { type: 'INVALID_REQUEST_UNKNOWN' } }];
    return [200, { records: records.map((r, i) => ({ id: `rec${i}Abcdefghijklm`, createdTime: '2026-11-26T10:00:00.000Z', fields: r.fields })) }];
  },
  // https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/append
  google_sheets: (h) => {
    if (h.headers.authorization !== `Bearer ${TOKENS.google_sheets}`) return [401, { error: { code: 401, status: 'UNAUTHENTICATED' } }];
    const u = new URL(h.path, 'http://x');
    if (h.method !== 'POST' || u.pathname !== `/v4/spreadsheets/${CONFIG.google_sheets.spreadsheet_id}/values/${CONFIG.google_sheets.range}:append`) return [404, { error: { code: 404 } }];
    if (!['RAW', 'USER_ENTERED'].includes(u.searchParams.get('valueInputOption') ?? '')) return [400, { error: { code: 400, message: "'valueInputOption' is required" } }];
    const values = h.json.values as unknown[][] | undefined;
    if (!Array.isArray(values) || !Array.isArray(values[0])) return [400, { error: { code: 400, status: 'INVALID_ARGUMENT' } }];
    return [200, { spreadsheetId: CONFIG.google_sheets.spreadsheet_id, updates: { updatedRows: 1, updatedCells: values[0].length } }];
  },
  // https://mailchimp.com/developer/marketing/api/list-members/add-member-to-list/
  mailchimp: (h) => {
    if (h.headers.authorization !== basic('crm', TOKENS.mailchimp)) return [401, { title: 'API Key Invalid', status: 401 }];
    if (h.method !== 'POST' || h.path !== `/3.0/lists/${CONFIG.mailchimp.list_id}/members`) return [404, { title: 'Resource Not Found', status: 404 }];
    if (typeof h.json.email_address !== 'string' || !['subscribed', 'pending', 'unsubscribed', 'cleaned', 'transactional'].includes(h.json.status as string)) return [400, { title: 'Invalid Resource', status: 400 }];
    return [200, { id: 'f0e1d2c3b4a5', email_address: h.json.email_address, status: h.json.status }];
  },
  // https://developers.brevo.com/reference/createcontact
  brevo: (h) => {
    if (h.headers['api-key'] !== TOKENS.brevo) return [401, { code: 'unauthorized', message: 'Key not found' }];
    if (h.method !== 'POST' || h.path !== '/v3/contacts') return [404, { code: 'not_found' }];
    if (typeof h.json.email !== 'string' || !Array.isArray(h.json.listIds)) return [400, { code: 'invalid_parameter', message: 'email is missing' }];
    return [201, { id: 42 }];
  },
};

const hits: Record<Kind, Hit[]> = { asana: [], trello: [], jira: [], airtable: [], google_sheets: [], mailchimp: [], brevo: [] };
const servers: Server[] = [];
const bases = {} as Record<Kind, string>;

async function standIn(kind: Kind): Promise<string> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> = {};
      let answer: Answer;
      try {
        json = JSON.parse(raw) as Record<string, unknown>;
        const hit = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, json };
        hits[kind].push(hit);
        answer = req.headers['content-type'] === 'application/json' ? PRODUCTS[kind](hit) : [415, 'json only'];
      } catch {
        answer = [400, 'body is not JSON'];
      }
      res.writeHead(answer[0], { 'content-type': 'application/json' }).end(JSON.stringify(answer[1]));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const ROOTS: Record<Kind, string> = { asana: '/api/1.0', trello: '/1', jira: '', airtable: '/v0', google_sheets: '/v4', mailchimp: '/3.0', brevo: '/v3' };

let t: TestApp;
let a: Fixture;
const ids = {} as Record<Kind, number>;
const as = () => api(t, a.host, a.adminKey);

/** The delivery log of a connection once `n` deliveries are finished. */
const finished = async (id: number, n: number) =>
  waitFor(async () => {
    const items = (await as().get(`/api/v1/webhooks/${id}/deliveries`).expect(200)).body.items as { status: string; ok: boolean; http_status: number | null; event: string; error: string | null }[];
    return items.length >= n && items.every((d) => d.status === 'done') && items;
  });

beforeAll(async () => {
  const env: Record<string, string> = { NODE_ENV: 'test', ALLOW_PRIVATE_NETWORK_URLS: '1', WEBHOOK_POLL_MS: '30', WEBHOOK_WORKER: '1' };
  for (const k of KINDS) {
    bases[k] = await standIn(k);
    env[`RECORD_API_BASE_${k.toUpperCase()}`] = `${bases[k]}${ROOTS[k]}`;
  }
  t = await startApp({ env });
  a = await createWorkspace(t, 'records');
});

afterAll(async () => {
  await t.close();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe('record-creation connections', () => {
  it('creates each of the seven kinds; the token is stored sealed and never shown back', async () => {
    for (const kind of KINDS) {
      const events = kind === 'mailchimp' || kind === 'brevo' ? ['contact_created', 'lead_created'] : ['opp_created'];
      const res = await as().post('/api/v1/webhooks', { kind, events, config: CONFIG[kind], token: TOKENS[kind] }).expect(201);
      expect(res.body.webhook).toMatchObject({ kind, events, signing_key: null, token_set: true, url: `${bases[kind]}${ROOTS[kind]}` });
      expect(res.body.webhook.config).toMatchObject(CONFIG[kind]);
      expect(JSON.stringify(res.body)).not.toContain(TOKENS[kind]);
      ids[kind] = res.body.webhook.id;
      const got = await as().get(`/api/v1/webhooks/${ids[kind]}`).expect(200);
      expect(JSON.stringify(got.body)).not.toContain(TOKENS[kind]);
      const stored = await db(t).getRepository(WebhookConnection).findOneByOrFail({ workspaceId: a.ws.id, id: ids[kind] });
      expect(stored.token).toBeTruthy();
      expect(stored.token).not.toContain(TOKENS[kind].slice(0, 16));
    }
    expect((await as().get('/api/v1/webhooks/').expect(200)).body.items.every((w: { token_set: boolean }) => w.token_set)).toBe(true);
    expect(ids.jira).toBeDefined();
    // defaults filled in: Jira's issue type, Mailchimp's double opt-in, the sheet
    expect((await as().get(`/api/v1/webhooks/${ids.jira}`).expect(200)).body.webhook.config.issue_type).toBe('Task');
    expect((await as().get(`/api/v1/webhooks/${ids.mailchimp}`).expect(200)).body.webhook.config.status).toBe('pending');
  });

  it('an opportunity creates a task, a card, an issue and two rows, each as the product documents it; the log shows them', async () => {
    const company = (await as().post('/api/v1/companies', { name: 'Kuzey Tekstil', city: 'Bursa' }).expect(201)).body.company;
    const opp = (await as().post('/api/v1/opportunities', { name: 'Loom upgrade', customer_id: company.id, value: 25000 }).expect(201)).body.opp;
    const work: Kind[] = ['asana', 'trello', 'jira', 'airtable', 'google_sheets'];
    await waitFor(() => work.every((k) => hits[k].length >= 1));
    const link = expect.stringMatching(new RegExp(`^http://records\\.localhost:3000/.*${opp.id}$`));

    const asana = hits.asana[0];
    expect(asana.json).toEqual({ data: { name: expect.stringContaining('Loom upgrade'), notes: expect.any(String), projects: [CONFIG.asana.project_gid] } });
    expect((asana.json.data as { notes: string }).notes).toMatch(new RegExp(`/${opp.id}$`));

    const trello = hits.trello[0];
    expect(new URL(trello.path, 'http://x').searchParams.get('idList')).toBe(CONFIG.trello.list_id);
    expect(trello.path).not.toContain(TOKENS.trello); // the token travels in the Authorization header, not in URLs
    expect(trello.json).toEqual({ name: expect.stringContaining('Loom upgrade'), desc: expect.stringMatching(new RegExp(`/${opp.id}$`)), pos: 'top' });

    const jira = hits.jira[0];
    const fields = (jira.json as { fields: { project: unknown; issuetype: unknown; summary: string; description: { type: string; version: number; content: { type: string; content: { text: string; marks?: { attrs: { href: string } }[] }[] }[] } } }).fields;
    expect(fields.project).toEqual({ key: 'CRM' });
    expect(fields.issuetype).toEqual({ name: 'Task' });
    expect(fields.summary).toContain('Loom upgrade');
    expect(fields.description).toMatchObject({ type: 'doc', version: 1 });
    const linkNode = fields.description.content.at(-1)!.content[0];
    expect(linkNode.marks![0].attrs.href).toEqual(link);

    const row = (hits.airtable[0].json as { records: { fields: Record<string, unknown> }[]; typecast: boolean }).records[0].fields;
    expect(row).toMatchObject({ event: 'opp_created', title: expect.stringContaining('Loom upgrade'), url: link, id: opp.id, name: 'Loom upgrade', customer: 'Kuzey Tekstil', customer_id: company.id, value: 25000 });
    expect(row.sent_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

    const sheet = hits.google_sheets[0].json as { majorDimension: string; values: unknown[][] };
    expect(sheet.majorDimension).toBe('ROWS');
    expect(sheet.values).toHaveLength(1);
    expect(sheet.values[0].slice(1, 3)).toEqual(['opp_created', expect.stringContaining('Loom upgrade')]);
    expect(sheet.values[0]).toContain(opp.id);
    expect(sheet.values[0].every((v) => ['string', 'number', 'boolean'].includes(typeof v))).toBe(true);

    for (const k of work) {
      const log = await finished(ids[k], 1);
      expect(log[0]).toMatchObject({ event: 'opp_created', ok: true, error: null });
      expect([200, 201]).toContain(log[0].http_status);
    }
    // the mailing connections took no opportunity
    expect(hits.mailchimp).toHaveLength(0);
    expect(hits.brevo).toHaveLength(0);
  });

  it('a person and a lead become mailing-list contacts in Mailchimp and Brevo', async () => {
    const company = (await as().post('/api/v1/companies', { name: 'Mavi Lojistik' }).expect(201)).body.company;
    await as().post('/api/v1/people', { name: 'Ada Nur Yılmaz', customer_id: company.id, email: 'ada@mavi.test' }).expect(201);
    await as().post('/api/v1/leads', { company: 'Ege Gıda', contact_name: 'Deniz Aksoy', email: 'deniz@ege.test' }).expect(201);
    await waitFor(() => hits.mailchimp.length >= 2 && hits.brevo.length >= 2);
    const byMail = (k: Kind, field: string) => Object.fromEntries(hits[k].map((h) => [h.json[field] as string, h.json]));
    expect(byMail('mailchimp', 'email_address')).toEqual({
      'ada@mavi.test': { email_address: 'ada@mavi.test', status: 'pending', merge_fields: { FNAME: 'Ada Nur', LNAME: 'Yılmaz' } },
      'deniz@ege.test': { email_address: 'deniz@ege.test', status: 'pending', merge_fields: { FNAME: 'Deniz', LNAME: 'Aksoy' } },
    });
    expect(byMail('brevo', 'email')).toEqual({
      'ada@mavi.test': { email: 'ada@mavi.test', attributes: { FIRSTNAME: 'Ada Nur', LASTNAME: 'Yılmaz' }, listIds: [7], updateEnabled: true },
      'deniz@ege.test': { email: 'deniz@ege.test', attributes: { FIRSTNAME: 'Deniz', LASTNAME: 'Aksoy' }, listIds: [7], updateEnabled: true },
    });
    for (const k of ['mailchimp', 'brevo'] as Kind[]) {
      const log = await finished(ids[k], 2);
      expect(log.map((d) => d.event).sort()).toEqual(['contact_created', 'lead_created']);
      expect(log.every((d) => d.ok)).toBe(true);
    }
  });

  it('"test" creates one record; a mailing test subscribes the admin; "send again" creates it again', async () => {
    const before = hits.airtable.length;
    const d = (await as().post(`/api/v1/webhooks/${ids.airtable}/test`).expect(201)).body.delivery;
    expect(d).toMatchObject({ event: 'test', status: 'pending' });
    await waitFor(() => hits.airtable.length === before + 1);
    expect((hits.airtable.at(-1)!.json as { records: { fields: Record<string, unknown> }[] }).records[0].fields).toMatchObject({ event: 'test', title: 'Test delivery' });

    await as().post(`/api/v1/webhooks/${ids.brevo}/test`).expect(201);
    await waitFor(() => hits.brevo.some((h) => h.json.email === a.admin.email));

    const n = hits.trello.length;
    const first = (await finished(ids.trello, 1)).at(-1) as unknown as { id: number };
    await as().post(`/api/v1/webhooks/${ids.trello}/deliveries/${first.id}/resend`).expect(201);
    await waitFor(() => hits.trello.length === n + 1);
    expect(hits.trello.at(-1)!.json).toEqual(hits.trello[0].json);

    // a replay of the window creates the opportunity's task again, from the same body
    const tasks = hits.asana.length;
    const since = new Date(Date.now() - 3_600_000).toISOString().slice(0, 19) + 'Z';
    expect((await as().post(`/api/v1/webhooks/${ids.asana}/replay`, { since }).expect(201)).body).toEqual({ ok: true, queued: 1 });
    await waitFor(() => hits.asana.length === tasks + 1);
    expect(hits.asana.at(-1)!.json).toEqual(hits.asana[0].json);
  });

  it('refuses a bad config, a missing or malformed token, a URL and a key rotation (400)', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ kind: 'asana', events: ['opp_created'], config: {}, token: TOKENS.asana }, 'config.project_gid'],
      [{ kind: 'asana', events: ['opp_created'], config: { project_gid: 'my project' }, token: TOKENS.asana }, 'config.project_gid'],
      [{ kind: 'asana', events: ['opp_created'], token: TOKENS.asana }, 'config'],
      [{ kind: 'asana', events: ['opp_created'], config: CONFIG.asana }, 'token'],
      [{ kind: 'trello', events: ['opp_created'], config: { ...CONFIG.trello, list_id: 'not-a-list' }, token: TOKENS.trello }, 'config.list_id'],
      [{ kind: 'jira', events: ['opp_created'], config: { ...CONFIG.jira, site: 'evil.example.com' }, token: TOKENS.jira }, 'config.site'],
      [{ kind: 'airtable', events: ['opp_created'], config: { ...CONFIG.airtable, colour: 'red' }, token: TOKENS.airtable }, 'config.colour'],
      [{ kind: 'google_sheets', events: ['opp_created'], config: { range: 'Events' }, token: TOKENS.google_sheets }, 'config.spreadsheet_id'],
      [{ kind: 'mailchimp', events: ['contact_created'], config: CONFIG.mailchimp, token: '0123456789abcdef0123456789abcdef' }, 'token'],
      [{ kind: 'brevo', events: ['contact_created'], config: { list_id: 'newsletter' }, token: TOKENS.brevo }, 'config.list_id'],
    ];
    for (const [body, field] of bad) {
      const res = await as().post('/api/v1/webhooks', body).expect(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid' });
      expect(res.body.message).toContain(field);
    }
    await as().patch(`/api/v1/webhooks/${ids.asana}`, { config: { project_gid: 'x' } }).expect(400);
    await as().patch(`/api/v1/webhooks/${ids.asana}`, { url: 'https://example.com/' }).expect(400);
    await as().post(`/api/v1/webhooks/${ids.asana}/rotate`).expect(400);
    expect((await as().get(`/api/v1/webhooks/${ids.asana}`).expect(200)).body.webhook.config).toEqual(CONFIG.asana);
  });

  it('mailing kinds refuse events other than contact_created and lead_created, at create and on change', async () => {
    for (const kind of ['mailchimp', 'brevo'] as Kind[]) {
      const res = await as().post('/api/v1/webhooks', { kind, events: ['contact_created', 'opp_created'], config: CONFIG[kind], token: TOKENS[kind] }).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid', message: expect.stringContaining('events') });
      await as().patch(`/api/v1/webhooks/${ids[kind]}`, { events: ['customer_created'] }).expect(400);
      expect((await as().get(`/api/v1/webhooks/${ids[kind]}`).expect(200)).body.webhook.events).toEqual(['contact_created', 'lead_created']);
    }
  });

  it('a product that refuses (4xx) is logged as failed, and is not asked again', async () => {
    const res = await as().post('/api/v1/webhooks', { kind: 'asana', events: ['customer_created'], config: { project_gid: '404404' }, token: TOKENS.asana }).expect(201);
    const id = res.body.webhook.id as number;
    const refused = () => hits.asana.filter((h) => (h.json.data as { projects: string[] }).projects[0] === '404404');
    await as().post('/api/v1/companies', { name: 'Refused Co' }).expect(201);
    const log = await finished(id, 1);
    expect(log[0]).toMatchObject({ event: 'customer_created', ok: false, http_status: 404 });
    expect(refused()).toHaveLength(1);
    // a second event is the only second request: the first was not retried
    await as().post('/api/v1/companies', { name: 'Refused Co 2' }).expect(201);
    const log2 = await finished(id, 2);
    expect(log2.map((d) => d.ok)).toEqual([false, false]);
    expect(refused()).toHaveLength(2);
    const card = (await as().get(`/api/v1/webhooks/${id}`).expect(200)).body.webhook.last_result;
    expect(card).toMatchObject({ ok: false, status: 404, event: 'customer_created' });
  });

  it('a new token replaces the stored one (and is not shown back)', async () => {
    const fresh = `${TOKENS.brevo}-rotated`;
    const res = await as().patch(`/api/v1/webhooks/${ids.brevo}`, { token: fresh }).expect(200);
    expect(JSON.stringify(res.body)).not.toContain(fresh);
    const n = hits.brevo.length;
    await as().post(`/api/v1/webhooks/${ids.brevo}/test`).expect(201);
    await waitFor(() => hits.brevo.length === n + 1);
    expect(hits.brevo.at(-1)!.headers['api-key']).toBe(fresh);
    const log = await finished(ids.brevo, 1);
    expect(log[0]).toMatchObject({ event: 'test', ok: false, http_status: 401 });
  });
});
