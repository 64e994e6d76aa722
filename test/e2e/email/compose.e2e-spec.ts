import { MailboxService } from '../../../src/domain/crm/email/mailbox.service';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let other: Fixture;
let ayse: { user: { id: number }; key: string };
let mehmet: { user: { id: number }; key: string };
let elif: { user: { id: number }; key: string };
let company: number;
let oppOpen: number;
let oppLost: number;
let oppMehmet: number;
let otherCompany: number;
let otherCompanyOpp: number;

const as = (u: { key: string }) => api(t, a.host, u.key);
const admin = () => api(t, a.host, a.adminKey);

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  other = await createWorkspace(t);
  ayse = await createUser(t, a, { department: 'North', fullName: 'Ayşe' });
  mehmet = await createUser(t, a, { department: 'North', fullName: 'Mehmet' });
  elif = await createUser(t, a, { department: 'South', fullName: 'Elif' });
  company = (await as(ayse).post('/api/v1/companies', { name: 'Anadolu Ambalaj' }).expect(201)).body.company.id;
  otherCompany = (await as(ayse).post('/api/v1/companies', { name: 'Ege Film' }).expect(201)).body.company.id;
  await as(ayse).post('/api/v1/people', { name: 'Zeynep Arslan', customer_id: company, email: 'zeynep@anadolu.test', title: 'Production Manager' }).expect(201);
  await as(ayse).post('/api/v1/people', { name: 'Hakan Öztürk', customer_id: company, email: 'hakan@anadolu.test', title: 'Purchasing', is_main: true }).expect(201);
  await as(ayse).post('/api/v1/people', { name: 'No Mail', customer_id: company }).expect(201);
  await as(ayse).post('/api/v1/people', { name: 'Left Already', customer_id: company, email: 'left@anadolu.test', is_former: true }).expect(201);
  await as(ayse).post('/api/v1/people', { name: 'Ege Person', customer_id: otherCompany, email: 'p@ege.test' }).expect(201);
  oppOpen = (await as(ayse).post('/api/v1/opportunities', { name: 'Stretch film 2026', customer_id: company, value: 1000 }).expect(201)).body.opp.id;
  oppLost = (await as(ayse).post('/api/v1/opportunities', { name: 'Lost deal', customer_id: company, value: 500 }).expect(201)).body.opp.id;
  const lost = Object.entries(a.ws.constants.stage_roles).find(([, r]) => r === 'lost')![0];
  await as(ayse).post(`/api/v1/opportunities/${oppLost}/stage`, { stage: lost, close_reason: a.ws.constants.loss_reasons[0] }).expect(200);
  oppMehmet = (await as(mehmet).post('/api/v1/opportunities', { name: 'Mehmet deal', customer_id: company, value: 100 }).expect(201)).body.opp.id;
  otherCompanyOpp = (await as(ayse).post('/api/v1/opportunities', { name: 'Ege deal', customer_id: otherCompany, value: 100 }).expect(201)).body.opp.id;
});
afterAll(() => t.close());

describe('GET /emails/compose (4.9)', () => {
  it("offers the mailbox, the company's people with an e-mail (main first), and its open opportunities", async () => {
    const r = await as(ayse).get(`/api/v1/emails/compose?customer_id=${company}`).expect(200);
    const first = a.ws.constants.open_stages[0]!;
    expect(r.body).toEqual({
      ok: true,
      mailbox: { connected: false, email: '', error: '', signature: false, status: 'not_connected' },
      signature_text: '',
      customer: { id: company, name: 'Anadolu Ambalaj' },
      contacts: [
        { id: expect.any(Number), name: 'Hakan Öztürk', email: 'hakan@anadolu.test', title: 'Purchasing', main: true },
        { id: expect.any(Number), name: 'Zeynep Arslan', email: 'zeynep@anadolu.test', title: 'Production Manager', main: false },
      ],
      opp: null,
      opps: [
        { id: oppMehmet, name: 'Mehmet deal', stage: first, stage_label: a.ws.constants.stage_labels[first] },
        { id: oppOpen, name: 'Stretch film 2026', stage: first, stage_label: a.ws.constants.stage_labels[first] },
      ],
    });
  });

  it('selects the opportunity, also from opp_id alone', async () => {
    const r = await as(ayse).get(`/api/v1/emails/compose?customer_id=${company}&opp_id=${oppOpen}`).expect(200);
    expect(r.body.opp).toMatchObject({ id: oppOpen, name: 'Stretch film 2026' });
    const alone = await as(ayse).get(`/api/v1/emails/compose?opp_id=${oppOpen}`).expect(200);
    expect(alone.body.customer).toEqual({ id: company, name: 'Anadolu Ambalaj' });
    // a closed opportunity can be selected but is not among the open ones
    const closed = await as(ayse).get(`/api/v1/emails/compose?opp_id=${oppLost}`).expect(200);
    expect(closed.body.opp.id).toBe(oppLost);
    expect(closed.body.opps.map((o: { id: number }) => o.id)).not.toContain(oppLost);
  });

  it('is 400 when the opportunity belongs to another company, or nothing is given', async () => {
    const r = await as(ayse).get(`/api/v1/emails/compose?customer_id=${company}&opp_id=${otherCompanyOpp}`).expect(400);
    expect(r.body).toMatchObject({ ok: false, error: 'invalid', field: 'opp_id' });
    expect((await as(ayse).get('/api/v1/emails/compose').expect(400)).body.field).toBe('customer_id');
    expect((await as(ayse).get('/api/v1/emails/compose?customer_id=abc').expect(400)).body.field).toBe('customer_id');
    expect((await as(ayse).get('/api/v1/emails/compose?customer_id=1&opp_id=0').expect(400)).body.field).toBe('opp_id');
  });

  it("is 404 for a company or opportunity the caller cannot see, or of another workspace; a teammate's opportunities show", async () => {
    // Elif (another department) sees neither Ayşe's company nor her opportunities
    expect((await as(elif).get(`/api/v1/emails/compose?customer_id=${company}`).expect(404)).body.error).toBe('not_found');
    expect((await as(elif).get(`/api/v1/emails/compose?opp_id=${oppOpen}`).expect(404)).body.error).toBe('not_found');
    // Mehmet is in Ayşe's team: he sees the company and both open opportunities
    const m = await as(mehmet).get(`/api/v1/emails/compose?customer_id=${company}`).expect(200);
    expect(m.body.opps.map((o: { id: number }) => o.id).sort()).toEqual([oppOpen, oppMehmet].sort());
    // Elif owns a company; an opportunity of Ayşe's on it is not offered to Elif
    const elifCo = (await as(elif).post('/api/v1/companies', { name: 'Toros Tarım' }).expect(201)).body.company.id;
    await admin().post('/api/v1/opportunities', { name: 'Hidden deal', customer_id: elifCo, value: 1, owner_id: ayse.user.id }).expect(201);
    expect((await as(elif).get(`/api/v1/emails/compose?customer_id=${elifCo}`).expect(200)).body.opps).toEqual([]);
    expect((await admin().get(`/api/v1/emails/compose?customer_id=${elifCo}`).expect(200)).body.opps).toHaveLength(1);
    // another workspace's records are not there
    const theirs = (await api(t, other.host, other.adminKey).post('/api/v1/companies', { name: 'Their Co' }).expect(201)).body.company.id;
    expect((await admin().get(`/api/v1/emails/compose?customer_id=${theirs}`).expect(404)).body.error).toBe('not_found');
    expect((await api(t, other.host, other.adminKey).get(`/api/v1/emails/compose?customer_id=${company}`).expect(404)).body.error).toBe('not_found');
    expect((await as(ayse).get('/api/v1/emails/compose?customer_id=999999').expect(404)).body.error).toBe('not_found');
  });

  it('needs a credential and the Email module', async () => {
    await api(t, a.host).get(`/api/v1/emails/compose?customer_id=${company}`).expect(401);
    const noMail = await createUser(t, a, { department: 'North', modules: ['Customers', 'Opportunities'] });
    expect((await as(noMail).get(`/api/v1/emails/compose?customer_id=${company}`).expect(403)).body.error).toBe('module');
    expect((await as(noMail).put('/api/v1/me/mailbox', { signature: 'x' }).expect(403)).body.error).toBe('module');
    const readOnly = await issueKey(t, a, 'oauth', ayse.user.id, ['crm.read']);
    await api(t, a.host, readOnly).get(`/api/v1/emails/compose?customer_id=${company}`).expect(200);
    expect((await api(t, a.host, readOnly).put('/api/v1/me/mailbox', { signature: 'x' }).expect(403)).body.error).toBe('insufficient_scope');
  });
});

describe('mailbox state', () => {
  it('is per user: me.mailbox, GET/PUT /me/mailbox and compose show it', async () => {
    expect((await as(mehmet).get('/api/v1/me').expect(200)).body.mailbox).toEqual({ connected: false, email: '', error: '', signature: false, status: 'not_connected' });
    const put = await as(mehmet).put('/api/v1/me/mailbox', { email: 'Mehmet@Example.test', signature: 'Mehmet Kaya\nSales' }).expect(200);
    expect(put.body).toEqual({
      ok: true, mailbox: { connected: false, email: 'mehmet@example.test', error: '', signature: true, status: 'not_connected' }, signature_text: 'Mehmet Kaya\nSales',
      connection: { provider: 'none', smtp: null, imap: null, synced_at: null, sync_error: '' },
    });

    // the connector reports a connection
    await t.get(MailboxService).setConnection(a.ws.id, mehmet.user.id, { status: 'connected' });
    const me = await as(mehmet).get('/api/v1/me').expect(200);
    expect(me.body.mailbox).toEqual({ connected: true, email: 'mehmet@example.test', error: '', signature: true, status: 'connected' });
    const c = await as(mehmet).get(`/api/v1/emails/compose?customer_id=${company}`).expect(200);
    expect(c.body.mailbox).toEqual(me.body.mailbox);
    expect(c.body.signature_text).toBe('Mehmet Kaya\nSales');

    // other users keep theirs
    expect((await as(ayse).get('/api/v1/me').expect(200)).body.mailbox.connected).toBe(false);
    expect((await as(ayse).get('/api/v1/me/mailbox').expect(200)).body.mailbox.status).toBe('not_connected');

    // only the signature: the connection stays; an empty one removes it
    const sig = await as(mehmet).put('/api/v1/me/mailbox', { signature: '' }).expect(200);
    expect(sig.body.mailbox).toMatchObject({ connected: true, signature: false });
    // a new address drops the connection of the old one
    const moved = await as(mehmet).put('/api/v1/me/mailbox', { email: 'mehmet@new.test' }).expect(200);
    expect(moved.body.mailbox).toEqual({ connected: false, email: 'mehmet@new.test', error: '', signature: false, status: 'not_connected' });

    await t.get(MailboxService).setConnection(a.ws.id, mehmet.user.id, { status: 'error', error: 'authentication failed' });
    expect((await as(mehmet).get('/api/v1/me/mailbox').expect(200)).body.mailbox).toEqual({ connected: false, email: 'mehmet@new.test', error: 'authentication failed', signature: false, status: 'error' });
  });

  it('validates the address and the signature', async () => {
    expect((await as(ayse).put('/api/v1/me/mailbox', { email: 'not an address' }).expect(400)).body.field).toBe('email');
    expect((await as(ayse).put('/api/v1/me/mailbox', { signature: 'x'.repeat(5001) }).expect(400)).body.field).toBe('signature');
    expect((await as(ayse).put('/api/v1/me/mailbox', { status: 'connected' }).expect(400)).body.message).toContain('status');
    await api(t, a.host).put('/api/v1/me/mailbox', { signature: 'x' }).expect(401);
    // mailboxes are per workspace too
    await as(ayse).put('/api/v1/me/mailbox', { email: 'ayse@a.test' }).expect(200);
    expect((await api(t, other.host, other.adminKey).get('/api/v1/me').expect(200)).body.mailbox.email).toBe('');
  });
});
