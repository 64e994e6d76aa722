import { currentTotp } from '../../../src/domain/identity/totp';
import { UsersService } from '../../../src/domain/identity/users.service';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { ProbeModule } from '../../helpers/probe.module';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
let b: Fixture;

beforeAll(async () => {
  t = await startApp({ imports: [ProbeModule], env: { LOGIN_MAX_FAILURES: '5' } });
  a = await createWorkspace(t, 'alpha');
  b = await createWorkspace(t, 'beta');
});
afterAll(() => t.close());

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

describe('GET /api/v1/me', () => {
  it('returns every field of spec 2.1-2.4 with its JSON type', async () => {
    const res = await api(t, a.host, a.adminKey).get('/api/v1/me').expect(200);
    const me = res.body;
    expect(Object.keys(me).sort()).toEqual(['ai', 'app', 'constants', 'license', 'locale', 'mailbox', 'ok', 'products', 'timezone', 'user', 'users', 'weak_password']);
    // beyond spec 2.4: the caller's language and the workspace's time zone
    expect(me.locale).toBe('en');
    expect(me.timezone).toBe(a.ws.timezone);
    expect(me.ok).toBe(true);
    expect(typeOf(me.ai)).toBe('boolean');
    expect(typeOf(me.weak_password)).toBe('boolean');
    const u = me.user;
    expect(Object.keys(u).sort()).toEqual(['email', 'full_name', 'id', 'modules', 'role', 'role_label', 'username']);
    expect(u).toMatchObject({ id: a.admin.id, username: 'admin@alpha.test', email: 'admin@alpha.test', role: 'admin', role_label: 'Administrator' });
    expect(u.modules).toEqual(expect.arrayContaining(['Customers', 'Opportunities', 'Visits / Activities', 'Fair leads']));
    expect(typeOf(me.users)).toBe('array');
    for (const s of me.users) {
      expect(Object.keys(s).sort()).toEqual(['full_name', 'id', 'role', 'role_label', 'username']);
      expect(typeOf(s.id)).toBe('number');
    }
    const app = me.app;
    const strings = ['accent', 'accent_dark', 'company', 'name', 'logo', 'site_url', 'currency_base', 'currency_symbol', 'unit_default', 'version'];
    for (const k of strings) expect([k, typeOf(app[k])]).toEqual([k, 'string']);
    expect(Object.keys(app).sort()).toEqual([...strings, 'currencies', 'opp_lifetime_days', 'stage_sla', 'ticket_sla_hours', 'units'].sort());
    expect(typeOf(app.currencies)).toBe('array');
    expect(Number.isInteger(app.opp_lifetime_days)).toBe(true);
    expect(Object.values(app.stage_sla).every(Number.isInteger)).toBe(true);
    expect(Object.values(app.ticket_sla_hours).every(Number.isInteger)).toBe(true);
    expect(typeOf(app.units)).toBe('array');
    expect(app.version).toBe('v1');

    const c = me.constants;
    expect(c.stages).toEqual(['Qualify', 'Viable', 'Present Solution', 'Negotiation', 'Expect to Close', 'Win', 'Lost', 'Cancel']);
    for (const k of ['stage_labels', 'stage_colors', 'stage_gate', 'stage_sla']) expect(Object.keys(c[k]).sort()).toEqual([...c.stages].sort());
    expect(typeOf(c.stage_rules)).toBe('boolean');
    expect(c.open_stages).toEqual(['Qualify', 'Viable', 'Present Solution', 'Negotiation', 'Expect to Close']);
    expect(Number.isInteger(c.action_soon_days)).toBe(true);
    const lists = ['barriers', 'customer_statuses', 'demo_results', 'demo_statuses', 'forecast_cats', 'lead_interest', 'lead_next_actions', 'lead_statuses', 'lead_timings', 'lead_visitor_types', 'loss_reasons', 'makro_stages', 'next_actions', 'opp_types', 'order_kinds', 'task_priorities', 'task_statuses', 'visit_topics', 'visit_types'];
    for (const k of lists) {
      expect([k, typeOf(c[k])]).toEqual([k, 'array']);
      expect(c[k].length).toBeGreaterThan(0);
      expect(c[k].every((x: unknown) => typeof x === 'string')).toBe(true);
    }
    expect(c.lead_statuses).toEqual(['Yeni', 'İletişime geçildi', 'Teklif verildi', 'Aktarıldı', 'Vazgeçildi']);
    expect(typeOf(c.opp_line_label)).toBe('string');
    expect(typeOf(c.opp_status_labels)).toBe('boolean');
    expect(Object.keys(c.visit_period).sort()).toEqual([...c.customer_statuses].sort());
    // every field of spec 2.3; the rules-as-data fields (stage_roles, stage_gates, ...) come as extras
    expect(Object.keys(c)).toEqual(
      expect.arrayContaining([...lists, 'stages', 'stage_labels', 'stage_colors', 'stage_gate', 'stage_sla', 'stage_rules', 'open_stages', 'action_soon_days', 'opp_line_label', 'opp_status_labels', 'visit_period']),
    );
    expect(Object.keys(c.stage_roles).sort()).toEqual([...c.stages].sort());

    const l = me.license;
    expect(Object.keys(l).sort()).toEqual(['blocked', 'customer', 'days_left', 'end', 'label', 'modules', 'no', 'state']);
    expect(l).toMatchObject({ blocked: false, days_left: null, end: null, no: null, state: 'active' });
    expect(typeOf(l.customer)).toBe('string');
    expect(typeOf(l.label)).toBe('string');
    expect(me.mailbox).toEqual({ connected: false, email: '', error: '', signature: false, status: 'not_connected' });
    expect(me.products).toEqual([]);
  });

  it('reports licence end, days_left and products', async () => {
    await t.get(WorkspaceService).setLicense('beta', { end: '2099-12-31' });
    const res = await api(t, b.host, b.adminKey).get('/api/v1/me').expect(200);
    expect(res.body.license.end).toBe('2099-12-31');
    expect(Number.isInteger(res.body.license.days_left)).toBe(true);
    expect(res.body.license.days_left).toBeGreaterThan(20000);
  });

  it('needs a credential', async () => {
    const res = await api(t, a.host).get('/api/v1/me').expect(401);
    expect(res.body).toEqual({ ok: false, error: 'unauthorized', message: expect.any(String) });
    await api(t, a.host, 'sk_not-a-real-key').get('/api/v1/me').expect(401);
    await api(t, a.host).get('/api/v1/me').set('Authorization', `Basic ${a.adminKey}`).expect(401);
  });
});

describe('POST /api/v1/login', () => {
  let sales: { user: { id: number; username: string } };
  beforeAll(async () => {
    sales = await createUser(t, a, { email: 'sam@alpha.test', password: 'Str0ng-Passw0rd!', department: 'North' });
    await createUser(t, a, { email: 'weak@alpha.test', password: 'password' });
  });

  it('signs in and returns a session token that works as a bearer', async () => {
    const res = await api(t, a.host).post('/api/v1/login', { username: 'Sam@Alpha.test', password: 'Str0ng-Passw0rd!', device: 'Pixel 9' }).expect(200);
    expect(res.body).toMatchObject({ ok: true, weak_password: false });
    expect(res.body.token).toMatch(/^xk_[A-Za-z0-9_-]{43}$/);
    expect(res.body.user).toMatchObject({ id: sales.user.id, username: 'sam@alpha.test', email: 'sam@alpha.test', role: 'sales' });
    expect(Object.keys(res.body).sort()).toEqual(['app', 'license', 'ok', 'token', 'user', 'weak_password']);
    const me = await api(t, a.host, res.body.token).get('/api/v1/me').expect(200);
    expect(me.body.user.id).toBe(sales.user.id);
  });

  it('flags a weak password', async () => {
    const res = await api(t, a.host).post('/api/v1/login', { username: 'weak@alpha.test', password: 'password' }).expect(200);
    expect(res.body.weak_password).toBe(true);
  });

  it('refuses a wrong password and an unknown user with 401', async () => {
    const r1 = await api(t, a.host).post('/api/v1/login', { username: 'sam@alpha.test', password: 'nope-nope' }).expect(401);
    expect(r1.body).toEqual({ ok: false, error: 'unauthorized', message: 'invalid username or password' });
    const r2 = await api(t, a.host).post('/api/v1/login', { username: 'ghost@alpha.test', password: 'nope-nope' }).expect(401);
    expect(r2.body.message).toBe(r1.body.message);
  });

  it('validates the body and names the field', async () => {
    const res = await api(t, a.host).post('/api/v1/login', { username: 'sam@alpha.test' }).expect(400);
    expect(res.body.error).toBe('invalid');
    expect(res.body.message).toContain('password');
    const extra = await api(t, a.host).post('/api/v1/login', { username: 'x', password: 'y', role: 'admin' }).expect(400);
    expect(extra.body.message).toContain('role');
    const wrongType = await api(t, a.host).post('/api/v1/login', { username: 5, password: 'y' }).expect(400);
    expect(wrongType.body.fields).toEqual(['username']);
  });

  it('asks for the second factor, then accepts the otp', async () => {
    const u = await createUser(t, a, { email: 'totp@alpha.test', password: 'Str0ng-Passw0rd!' });
    const { secret } = await t.get(UsersService).enableTotp(a.ws.id, u.user.id);
    const first = await api(t, a.host).post('/api/v1/login', { username: 'totp@alpha.test', password: 'Str0ng-Passw0rd!' }).expect(401);
    expect(first.body).toMatchObject({ ok: false, error: 'otp_required', otp_required: true });
    const wrong = await api(t, a.host).post('/api/v1/login', { username: 'totp@alpha.test', password: 'Str0ng-Passw0rd!', otp: '000000' === currentTotp(secret) ? '111111' : '000000' }).expect(401);
    expect(wrong.body.error).toBe('unauthorized');
    const ok = await api(t, a.host).post('/api/v1/login', { username: 'totp@alpha.test', password: 'Str0ng-Passw0rd!', otp: currentTotp(secret) }).expect(200);
    expect(ok.body.token).toMatch(/^xk_/);
  });

  it('refuses an inactive user with 403', async () => {
    const u = await createUser(t, a, { email: 'gone@alpha.test', password: 'Str0ng-Passw0rd!' });
    await t.get(UsersService).deactivate(a.ws.id, u.user.id);
    const res = await api(t, a.host).post('/api/v1/login', { username: 'gone@alpha.test', password: 'Str0ng-Passw0rd!' }).expect(403);
    expect(res.body.error).toBe('inactive');
    // and its API key stops working too
    await api(t, a.host, u.key).get('/api/v1/me').expect(401);
  });

  it('refuses sign-in while the licence is blocked with 403', async () => {
    const c = await createWorkspace(t, 'gamma');
    await t.get(WorkspaceService).setLicense('gamma', { blocked: true });
    const res = await api(t, c.host).post('/api/v1/login', { username: 'admin@gamma.test', password: 'Admin-Password-123' }).expect(403);
    expect(res.body.error).toBe('license_blocked');
  });

  it('answers 429 with Retry-After after LOGIN_MAX_FAILURES failures for that username', async () => {
    await createUser(t, a, { email: 'target@alpha.test', password: 'Str0ng-Passw0rd!' });
    for (let i = 0; i < 5; i++) await api(t, a.host).post('/api/v1/login', { username: 'target@alpha.test', password: `wrong-${i}` }).expect(401);
    const res = await api(t, a.host).post('/api/v1/login', { username: 'target@alpha.test', password: 'Str0ng-Passw0rd!' }).expect(429);
    expect(res.body.error).toBe('rate_limited');
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    // other usernames are not affected
    await api(t, a.host).post('/api/v1/login', { username: 'sam@alpha.test', password: 'Str0ng-Passw0rd!' }).expect(200);
  });
});

describe('POST /api/v1/logout', () => {
  it('revokes the session token used', async () => {
    const login = await api(t, a.host).post('/api/v1/login', { username: 'admin@alpha.test', password: 'Admin-Password-123' }).expect(200);
    const token = login.body.token;
    await api(t, a.host, token).post('/api/v1/logout').expect(200, { ok: true });
    await api(t, a.host, token).get('/api/v1/me').expect(401);
    await api(t, a.host, token).post('/api/v1/logout').expect(401);
  });

  it('does not revoke API keys (they are revoked on the Developers page)', async () => {
    const res = await api(t, a.host, a.adminKey).post('/api/v1/logout').expect(400);
    expect(res.body.error).toBe('invalid');
    await api(t, a.host, a.adminKey).get('/api/v1/me').expect(200);
  });

  it('needs a credential', async () => {
    await api(t, a.host).post('/api/v1/logout').expect(401);
  });
});

describe('credential kinds, interfaces and workspaces', () => {
  it('accepts each kind only on its own interface', async () => {
    const erp = await issueKey(t, a, 'erp');
    const scim = await issueKey(t, a, 'scim');
    expect(erp).toMatch(/^erp_/);
    expect(scim).toMatch(/^scim_/);
    // REST: API key and session yes; ERP and SCIM keys no
    await api(t, a.host, erp).get('/api/v1/me').expect(401);
    await api(t, a.host, scim).get('/api/v1/me').expect(401);
    // ERP: its key as bearer or X-Service-Erp-Key; nothing else
    expect((await api(t, a.host, erp).get('/api/erp/v1/probe').expect(200)).body.kind).toBe('erp');
    await api(t, a.host).get('/api/erp/v1/probe').set('X-Service-Erp-Key', erp).expect(200);
    await api(t, a.host, a.adminKey).get('/api/erp/v1/probe').expect(401);
    await api(t, a.host, scim).get('/api/erp/v1/probe').expect(401);
    // SCIM: its key only, errors in the SCIM schema
    expect((await api(t, a.host, scim).get('/api/scim/v2/probe').expect(200)).body.kind).toBe('scim');
    const refused = await api(t, a.host, a.adminKey).get('/api/scim/v2/probe').expect(401);
    expect(refused.body).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401', detail: expect.any(String) });
    await api(t, a.host, erp).get('/api/scim/v2/probe').expect(401);
  });

  it('refuses a credential of one workspace on another workspace host', async () => {
    await api(t, b.host, a.adminKey).get('/api/v1/me').expect(401);
    const login = await api(t, a.host).post('/api/v1/login', { username: 'admin@alpha.test', password: 'Admin-Password-123' }).expect(200);
    await api(t, b.host, login.body.token).get('/api/v1/me').expect(401);
    // and the user of workspace a cannot sign in on workspace b
    await api(t, b.host).post('/api/v1/login', { username: 'admin@alpha.test', password: 'Admin-Password-123' }).expect(401);
  });

  it('answers 404 for an unknown workspace host', async () => {
    const res = await api(t, 'nosuch.localhost', a.adminKey).get('/api/v1/me').expect(404);
    expect(res.body).toMatchObject({ ok: false, error: 'not_found' });
    await api(t, 'evil.example.com').get('/api/v1/me').expect(404);
  });

  it('refuses a route that declares no auth (default deny)', async () => {
    await api(t, a.host, a.adminKey).get('/api/v1/probe/undeclared').expect(401);
  });
});

describe('scope and module guards', () => {
  it('gives 403 insufficient_scope to a read-only OAuth token on writes', async () => {
    const readOnly = await issueKey(t, a, 'oauth', a.admin.id, ['crm.read']);
    expect(readOnly).toMatch(/^mcp_/);
    await api(t, a.host, readOnly).get('/api/v1/me').expect(200);
    const res = await api(t, a.host, readOnly).post('/api/v1/probe/write').expect(403);
    expect(res.body).toEqual({ ok: false, error: 'insufficient_scope', message: expect.any(String) });
    const writer = await issueKey(t, a, 'oauth', a.admin.id, ['crm.read', 'crm.write']);
    await api(t, a.host, writer).post('/api/v1/probe/write').expect(201);
  });

  it('gives 403 module when the user lacks the module', async () => {
    const u = await createUser(t, a, { modules: ['Customers'] });
    const res = await api(t, a.host, u.key).get('/api/v1/probe/opportunities').expect(403);
    expect(res.body.error).toBe('module');
    const me = await api(t, a.host, u.key).get('/api/v1/me').expect(200);
    expect(me.body.user.modules).toEqual(['Customers']);
    await api(t, a.host, a.adminKey).get('/api/v1/probe/opportunities').expect(200);
  });

  it('gives 403 module when the licence lacks the module, at once after a licence change', async () => {
    const d = await createWorkspace(t, 'delta');
    await api(t, d.host, d.adminKey).get('/api/v1/probe/opportunities').expect(200);
    await t.get(WorkspaceService).setLicense('delta', { modules: ['Customers', 'Fair leads'] });
    const res = await api(t, d.host, d.adminKey).get('/api/v1/probe/opportunities').expect(403);
    expect(res.body).toMatchObject({ ok: false, error: 'module' });
    const me = await api(t, d.host, d.adminKey).get('/api/v1/me').expect(200);
    expect(me.body.user.modules).toEqual(['Customers', 'Fair leads']);
    await t.get(WorkspaceService).setLicense('delta', { modules: ['Opportunities'], blocked: true });
    await api(t, d.host, d.adminKey).get('/api/v1/probe/opportunities').expect(403);
    expect((await api(t, d.host, d.adminKey).get('/api/v1/me').expect(200)).body.license.blocked).toBe(true);
  });
});
