import { DomainError } from '../../../src/platform/common/errors';
import { checkRecordConfig, checkRecordEvents, checkRecordToken, defaultApiBase, recordApiBase } from '../../../src/domain/integrations/record-kinds';
import { buildRecordRequest, cell, mailingPerson, RecordRequest, rowFields, splitName } from '../../../src/domain/integrations/record-requests';
import type { WebhookBody } from '../../../src/domain/integrations/webhook-body';
// the CRM's event kinds (their data fields order a spreadsheet row), registered as the application registers them
import '../../../src/domain/crm/event-kinds';
import { loadConfig } from '../../../src/platform/config/app-config';

/** The pure request builders of the record-creation connections (spec 6.5), one product at a time. */
const opp: WebhookBody = {
  event: 'opp_created',
  title: 'New opportunity: Loom upgrade',
  text: 'Kuzey Tekstil · 25,000 TRY\nowner Ayşe',
  url: 'https://crm.example.com/opportunities/12',
  data: { id: 12, rid: 'O-12', name: 'Loom upgrade', customer: 'Kuzey Tekstil', customer_id: 4, stage: 'Lead', value: 25000, currency: 'TRY', owner: { id: 3, name: 'Ayşe' } },
  workspace: 'Acme',
  app: 'CRM',
  sent_at: '2026-11-26T10:00:00',
};
const contact: WebhookBody = { ...opp, event: 'contact_created', title: 'New person', data: { id: 5, name: 'Ada Nur Yılmaz', email: 'ada@mavi.test', customer: 'Mavi' } };
const json = (r: ReturnType<typeof buildRecordRequest>) => JSON.parse((r as RecordRequest).body) as Record<string, unknown>;
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof DomainError ? `${e.code}: ${e.message}` : String(e);
  }
  return 'passed';
};

describe('record request builders', () => {
  it('Asana: POST /tasks with data {name, notes, projects}, Bearer', () => {
    const r = buildRecordRequest('asana', { project_gid: '42' }, 'pat', 'https://app.asana.com/api/1.0', opp) as RecordRequest;
    expect(r.url).toBe('https://app.asana.com/api/1.0/tasks');
    expect(r.headers.authorization).toBe('Bearer pat');
    expect(json(r)).toEqual({ data: { name: opp.title, notes: `${opp.text}\n\n${opp.url}`, projects: ['42'] } });
  });

  it('Trello: POST /cards?idList= with the key and token in the OAuth header, never in the URL', () => {
    const r = buildRecordRequest('trello', { list_id: 'l1', api_key: 'k1' }, 't1', 'https://api.trello.com/1', opp) as RecordRequest;
    expect(r.url).toBe('https://api.trello.com/1/cards?idList=l1');
    expect(r.headers.authorization).toBe('OAuth oauth_consumer_key="k1", oauth_token="t1"');
    expect(json(r)).toEqual({ name: opp.title, desc: `${opp.text}\n\n${opp.url}`, pos: 'top' });
  });

  it('Jira: POST /rest/api/3/issue, Basic email:token, one-line summary, ADF description ending in the record link', () => {
    const r = buildRecordRequest('jira', { site: 'acme.atlassian.net', email: 'a@b.c', project_key: 'CRM', issue_type: 'Task' }, 'tok', 'https://acme.atlassian.net', { ...opp, title: 'two\nlines' }) as RecordRequest;
    expect(r.url).toBe('https://acme.atlassian.net/rest/api/3/issue');
    expect(r.headers.authorization).toBe(`Basic ${Buffer.from('a@b.c:tok').toString('base64')}`);
    const { fields } = json(r) as { fields: { summary: string; project: unknown; issuetype: unknown; description: { content: { content: { text: string; marks?: unknown }[] }[] } } };
    expect(fields.summary).toBe('two lines');
    expect(fields.project).toEqual({ key: 'CRM' });
    expect(fields.issuetype).toEqual({ name: 'Task' });
    expect(fields.description.content.map((p) => p.content[0].text)).toEqual(['Kuzey Tekstil · 25,000 TRY', 'owner Ayşe', opp.url]);
    expect(fields.description.content[2].content[0].marks).toEqual([{ type: 'link', attrs: { href: opp.url } }]);
  });

  it('Airtable: POST /v0/{base}/{table} with one record of the event fields, table name encoded', () => {
    const r = buildRecordRequest('airtable', { base_id: 'appX', table: 'CRM events' }, 'pat', 'https://api.airtable.com/v0', opp) as RecordRequest;
    expect(r.url).toBe('https://api.airtable.com/v0/appX/CRM%20events');
    expect(r.headers.authorization).toBe('Bearer pat');
    const body = json(r) as { records: { fields: Record<string, unknown> }[]; typecast: boolean };
    expect(body.typecast).toBe(true);
    expect(body.records[0].fields).toEqual({ sent_at: opp.sent_at, event: 'opp_created', title: opp.title, text: opp.text, url: opp.url, id: 12, rid: 'O-12', name: 'Loom upgrade', customer: 'Kuzey Tekstil', customer_id: 4, stage: 'Lead', value: 25000, currency: 'TRY', owner: 'Ayşe' });
  });

  it('Google Sheets: POST …/values/{range}:append?valueInputOption=RAW with one row of scalar cells', () => {
    const r = buildRecordRequest('google_sheets', { spreadsheet_id: 'sid', range: "'CRM events'!A:Z" }, 'ya29', 'https://sheets.googleapis.com/v4', opp) as RecordRequest;
    expect(r.url).toBe(`https://sheets.googleapis.com/v4/spreadsheets/sid/values/${encodeURIComponent("'CRM events'!A:Z")}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`);
    expect(r.headers.authorization).toBe('Bearer ya29');
    expect(json(r)).toEqual({ range: "'CRM events'!A:Z", majorDimension: 'ROWS', values: [[opp.sent_at, 'opp_created', opp.title, opp.text, opp.url, 12, 'O-12', 'Loom upgrade', 'Kuzey Tekstil', 4, 'Lead', 25000, 'TRY', 'Ayşe']] });
  });

  it('Mailchimp and Brevo: a contact from contact_created; no request for an event without an e-mail address', () => {
    const mc = buildRecordRequest('mailchimp', { list_id: 'a1b2c3d4e5', status: 'pending' }, 'k-us6', 'https://us6.api.mailchimp.com/3.0', contact) as RecordRequest;
    expect(mc.url).toBe('https://us6.api.mailchimp.com/3.0/lists/a1b2c3d4e5/members');
    expect(mc.headers.authorization).toBe(`Basic ${Buffer.from('crm:k-us6').toString('base64')}`);
    expect(json(mc)).toEqual({ email_address: 'ada@mavi.test', status: 'pending', merge_fields: { FNAME: 'Ada Nur', LNAME: 'Yılmaz' } });
    const br = buildRecordRequest('brevo', { list_id: '7' }, 'xkeysib', 'https://api.brevo.com/v3', contact) as RecordRequest;
    expect(br.url).toBe('https://api.brevo.com/v3/contacts');
    expect(br.headers['api-key']).toBe('xkeysib');
    expect(br.headers.authorization).toBeUndefined();
    expect(json(br)).toEqual({ email: 'ada@mavi.test', attributes: { FIRSTNAME: 'Ada Nur', LASTNAME: 'Yılmaz' }, listIds: [7], updateEnabled: true });
    expect(buildRecordRequest('brevo', { list_id: '7' }, 'x', 'b', { ...contact, data: { name: 'No Mail' } })).toEqual({ error: 'contact_created carries no e-mail address: no contact created' });
  });

  it('helpers: cells, names, the lead person', () => {
    expect([cell(null), cell('a'), cell(3), cell(false), cell({ id: 1, name: 'N' }), cell([1, 2])]).toEqual(['', 'a', 3, false, 'N', '[1,2]']);
    expect([splitName(''), splitName('Ada'), splitName(' Ada  Nur Yılmaz ')]).toEqual([{ first: '', last: '' }, { first: 'Ada', last: '' }, { first: 'Ada Nur', last: 'Yılmaz' }]);
    expect(mailingPerson({ ...contact, event: 'lead_created', data: { company: 'Ege', contact: 'Deniz Aksoy', email: ' d@e.test ' } })).toEqual({ email: 'd@e.test', name: 'Deniz Aksoy', company: 'Ege' });
    expect(rowFields({ ...opp, event: 'test', data: {} }).map(([k]) => k)).toEqual(['sent_at', 'event', 'title', 'text', 'url']);
  });
});

describe('record connection settings', () => {
  it('checks each field, fills defaults and refuses unknown ones, naming the part', () => {
    expect(checkRecordConfig('jira', { site: 'acme.atlassian.net', email: 'a@b.c', project_key: 'CRM' })).toEqual({ site: 'acme.atlassian.net', email: 'a@b.c', project_key: 'CRM', issue_type: 'Task' });
    expect(code(() => checkRecordConfig('jira', { site: 'evil.example', email: 'a@b.c', project_key: 'CRM' }))).toMatch(/^invalid: config\.site/);
    expect(code(() => checkRecordConfig('asana', { project_gid: '1', extra: 'x' }))).toMatch(/^invalid: config\.extra/);
    expect(code(() => checkRecordConfig('asana', null))).toMatch(/^invalid: config/);
    expect(code(() => checkRecordConfig('brevo', { list_id: 7 }))).toMatch(/^invalid: config\.list_id/);
    expect(code(() => checkRecordToken('mailchimp', 'nodatacenter'))).toMatch(/^invalid: token/);
    expect(checkRecordToken('mailchimp', ` ${'a'.repeat(32)}-us21 `)).toBe(`${'a'.repeat(32)}-us21`);
    expect(code(() => checkRecordEvents('mailchimp', ['contact_created', 'opp_created']))).toMatch(/^invalid: events/);
    expect(code(() => checkRecordEvents('brevo', ['lead_created']))).toBe('passed');
    expect(code(() => checkRecordEvents('asana', ['opp_created', 'form_submitted']))).toBe('passed');
  });

  it("uses the products' API roots; Mailchimp's data center comes from the key", () => {
    expect(defaultApiBase('mailchimp', {}, `${'a'.repeat(32)}-us6`)).toBe('https://us6.api.mailchimp.com/3.0');
    expect(defaultApiBase('jira', { site: 'acme.atlassian.net' }, 't')).toBe('https://acme.atlassian.net');
    expect(recordApiBase('asana', {}, 't', { asana: 'http://127.0.0.1:9/api/1.0/' })).toBe('http://127.0.0.1:9/api/1.0');
  });

  it('takes RECORD_API_BASE_<KIND> only under NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', RECORD_API_BASE_GOOGLE_SHEETS: 'http://127.0.0.1:1/v4' }).recordApiBases).toEqual({ google_sheets: 'http://127.0.0.1:1/v4' });
    expect(() => loadConfig({ NODE_ENV: 'production', RECORD_API_BASE_ASANA: 'http://127.0.0.1:1' })).toThrow(/tests only/);
    expect(() => loadConfig({ RECORD_API_BASE_ASANA: 'http://127.0.0.1:1' })).toThrow(/tests only/);
    expect(loadConfig({}).recordApiBases).toEqual({});
  });
});
