import request from 'supertest';
import { AuditLog } from '../../../src/platform/outbox/audit-log.entity';
import { LogMailTransport, MAIL_TRANSPORT, MailSender } from '../../../src/platform/outbox/mail';
import { MailMessage } from '../../../src/platform/outbox/mail-outbox.entity';
import { Invitation } from '../../../src/domain/identity/invitation.entity';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { Credential } from '../../../src/domain/identity/credential.entity';
import { CredentialsService } from '../../../src/domain/identity/credentials.service';
import { User } from '../../../src/domain/identity/user.entity';
import { AuthCache } from '../../../src/domain/workspace/auth-cache';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

/**
 * SCIM 2.0 at /api/scim/v2, replaying what Okta's SCIM 2.0 test suite and Microsoft Entra's
 * provisioning service send, plus every error case, workspace isolation and the effect of
 * deactivation on sessions, API keys and OAuth tokens.
 */
const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENT = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

let t: TestApp;
let a: Fixture;
let b: Fixture;
let aKey: string;
let bKey: string;

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  a = await createWorkspace(t, `scima${process.pid}`);
  b = await createWorkspace(t, `scimb${process.pid}`);
  aKey = await issueKey(t, a, 'scim');
  bKey = await issueKey(t, b, 'scim');
}, 60_000);
afterAll(() => t.close());

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** A SCIM client: application/scim+json both ways, as the identity providers send it. */
function scim(f: Fixture, token: string | undefined = f === a ? aKey : bKey) {
  const call = (method: Method, path: string, body?: unknown) => {
    let r = request(t.app.getHttpServer())[method](`/api/scim/v2${path}`).set('Host', f.host).set('Accept', 'application/scim+json');
    if (token) r = r.set('Authorization', `Bearer ${token}`);
    if (body !== undefined) r = r.set('Content-Type', 'application/scim+json').send(JSON.stringify(body));
    return r;
  };
  return {
    get: (path: string) => call('get', path),
    post: (path: string, body: unknown) => call('post', path, body),
    put: (path: string, body: unknown) => call('put', path, body),
    patch: (path: string, body: unknown) => call('patch', path, body),
    delete: (path: string) => call('delete', path),
  };
}
const q = (filter: string) => `/Users?filter=${encodeURIComponent(filter)}`;
const patchOf = (...ops: object[]) => ({ schemas: [PATCH_OP], Operations: ops });
const userRow = (f: Fixture, id: number | string) => db(t).getRepository(User).findOneByOrFail({ workspaceId: f.ws.id, id: Number(id) });

function expectScimError(res: request.Response, status: number, scimType?: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
  expect(res.body.schemas).toEqual([ERROR]);
  expect(res.body.status).toBe(String(status));
  expect(typeof res.body.detail).toBe('string');
  if (scimType) expect(res.body.scimType).toBe(scimType);
}

let okta = 0;
/** Okta's create body (Okta SCIM 2.0 test suite / provisioning). */
function oktaUser(userName: string) {
  return {
    schemas: [CORE],
    userName,
    name: { givenName: 'Run', familyName: `Scope${++okta}` },
    emails: [{ primary: true, value: userName, type: 'work' }],
    displayName: `Run Scope${okta}`,
    locale: 'en-US',
    externalId: `00u${okta}abcdEFGH`,
    groups: [],
    password: '1mz050nq',
    active: true,
  };
}

/** Entra's create body (Microsoft Entra provisioning, default attribute mappings). */
function entraUser(userName: string, externalId: string) {
  return {
    schemas: [CORE, ENT],
    externalId,
    userName,
    active: true,
    addresses: [{ primary: true, type: 'work', streetAddress: 'Main 1', locality: 'Izmir', country: 'TR' }],
    displayName: 'Elif Demir',
    emails: [{ primary: true, type: 'work', value: userName }],
    meta: { resourceType: 'User' },
    name: { familyName: 'Demir', givenName: 'Elif', formatted: 'Elif Demir' },
    phoneNumbers: [{ primary: true, type: 'work', value: '+90 232 000 00 00' }],
    roles: [{ primary: 'True', type: 'WindowsAzureActiveDirectoryRole', value: 'Admin' }],
    title: 'Key Account Manager',
    [ENT]: { department: 'Sales West', employeeNumber: '42', manager: { value: 'x' } },
  };
}

describe('Okta: create, find, update, deactivate, reactivate', () => {
  it('replays the Okta SCIM 2.0 test sequence', async () => {
    const s = scim(a);
    const userName = `Runscope${process.pid}Xyz@Atko.com`;
    // 1. the user does not exist yet: an empty ListResponse, never 404
    const none = await s.get(`${q(`userName eq "${userName}"`)}&startIndex=1&count=100`).expect(200);
    expect(none.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(none.body).toEqual({ schemas: [LIST], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    // 2. create: 201, the full resource and Location
    const created = await s.post('/Users', oktaUser(userName)).expect(201);
    const id = created.body.id as string;
    expect(typeof id).toBe('string');
    expect(created.headers.location).toBe(`http://${a.host}:3000/api/scim/v2/Users/${id}`);
    expect(created.body).toMatchObject({
      schemas: [CORE, ENT],
      userName,
      active: true,
      externalId: expect.stringMatching(/^00u/),
      name: { givenName: 'Run', familyName: expect.stringMatching(/^Scope/) },
      emails: [{ value: userName.toLowerCase(), type: 'work', primary: true }],
      meta: { resourceType: 'User', location: created.headers.location },
    });
    const row = await userRow(a, id);
    expect(row).toMatchObject({ role: 'sales', active: true, username: userName.toLowerCase(), email: userName.toLowerCase(), passwordHash: null });

    // 3. GET by id, and by filter in another letter case (operators and attribute names too)
    const got = await s.get(`/Users/${id}`).expect(200);
    expect(got.body.id).toBe(id);
    const found = await s.get(q(`USERNAME EQ "${userName.toUpperCase()}"`)).expect(200);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0].id).toBe(id);

    // 4. the same user again: 409 uniqueness, also in another letter case
    expectScimError(await s.post('/Users', oktaUser(userName.toLowerCase())), 409, 'uniqueness');

    // 5. PUT (Okta's profile update): full replace of the mutable attributes
    const put = await s.put(`/Users/${id}`, { ...got.body, name: { givenName: 'Runny', familyName: 'Scoped' }, displayName: 'Runny Scoped' }).expect(200);
    expect(put.body).toMatchObject({ id, name: { givenName: 'Runny', familyName: 'Scoped' }, displayName: 'Runny Scoped', active: true });
    expect((await userRow(a, id)).fullName).toBe('Runny Scoped');

    // 6. deactivate: PATCH without a path, as Okta sends it
    const off = await s.patch(`/Users/${id}`, patchOf({ op: 'replace', value: { active: false } })).expect(200);
    expect(off.body.active).toBe(false);
    expect((await userRow(a, id)).active).toBe(false);

    // 7. reactivate
    const on = await s.patch(`/Users/${id}`, patchOf({ op: 'replace', value: { active: true } })).expect(200);
    expect(on.body.active).toBe(true);
    expect((await userRow(a, id)).active).toBe(true);

    // 8. an unknown id: 404 in the SCIM error schema
    expectScimError(await s.get('/Users/999999999'), 404);
    expectScimError(await s.get('/Users/010xyz'), 404);
  });

  it('pages with count=1 by stepping startIndex; count 0 gives only totalResults; count > 200 is clamped', async () => {
    const c = await createWorkspace(t);
    const key = await issueKey(t, c, 'scim');
    const s = scim(c, key);
    for (let i = 0; i < 2; i++) await s.post('/Users', oktaUser(`page${i}@${c.ws.slug}.test`)).expect(201);
    const total = 3; // the admin too
    const seen: string[] = [];
    for (let start = 1; start <= total + 1; start++) {
      const r = await s.get(`/Users?startIndex=${start}&count=1`).expect(200);
      expect(r.body.totalResults).toBe(total);
      expect(r.body.startIndex).toBe(start);
      expect(r.body.itemsPerPage).toBe(start <= total ? 1 : 0);
      seen.push(...r.body.Resources.map((u: { id: string }) => u.id));
    }
    expect(new Set(seen).size).toBe(total);
    const zero = await s.get('/Users?count=0').expect(200);
    expect(zero.body).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
    expect((await s.get('/Users?startIndex=0&count=-5').expect(200)).body).toMatchObject({ startIndex: 1, itemsPerPage: 0 });

    // 205 users: count=500 answers 200 of them
    await db(t).query(
      `INSERT INTO users (workspace_id, username, email, full_name, role) SELECT $1, 'bulk' || g || '@c.test', 'bulk' || g || '@c.test', 'Bulk ' || g, 'sales' FROM generate_series(1, 205) g`,
      [c.ws.id],
    );
    const big = await s.get('/Users?count=500').expect(200);
    expect(big.body.totalResults).toBe(208);
    expect(big.body.itemsPerPage).toBe(200);
    expect(big.body.Resources).toHaveLength(200);
    const last = await s.get('/Users?count=500&startIndex=201').expect(200);
    expect(last.body.itemsPerPage).toBe(8);
  });
});

describe('Microsoft Entra: provisioning cycle', () => {
  it('replays the Entra sequence: test connection, create, get by filter, patch attributes, deactivate, reactivate, delete', async () => {
    const s = scim(a);
    // test connection: a filter on a random userName (and Groups, which are not synced)
    const probe = await s.get(q('userName eq "a7c2b1f0-7c9f-4a7b-9a89-6fd1b0e6c1d2"')).expect(200);
    expect(probe.body.totalResults).toBe(0);
    const groups = await s.get(`/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Sales"')}`).expect(200);
    expect(groups.body).toMatchObject({ schemas: [LIST], totalResults: 0, Resources: [] });

    // create (request in application/json also accepted)
    const userName = `elif.demir${process.pid}@contoso.example`;
    const ext = 'b9a4d0f1-3c2e-4c1a-9a11-000000000001';
    const none = await s.get(q(`externalId eq "${ext}"`)).expect(200);
    expect(none.body.totalResults).toBe(0);
    const createdRes = await request(t.app.getHttpServer()).post('/api/scim/v2/Users').set('Host', a.host).set('Authorization', `Bearer ${aKey}`).send(entraUser(userName, ext)).expect(201);
    const created = createdRes.body;
    expect(created).toMatchObject({
      userName,
      externalId: ext,
      displayName: 'Elif Demir',
      name: { givenName: 'Elif', familyName: 'Demir' },
      phoneNumbers: [{ value: '+90 232 000 00 00', type: 'work', primary: true }],
      [ENT]: { department: 'Sales West' },
    });
    const row = await userRow(a, created.id);
    // roles from the identity provider are never applied
    expect(row).toMatchObject({ role: 'sales', department: 'Sales West', phone: '+90 232 000 00 00', externalId: ext });

    // get by the filters Entra uses
    for (const f of [`externalId eq "${ext}"`, `userName eq "${userName}"`, `emails[type eq "work"].value eq "${userName.toUpperCase()}"`, `id eq "${created.id}"`]) {
      const r = await s.get(q(f)).expect(200);
      expect([f, r.body.totalResults]).toEqual([f, 1]);
      expect(r.body.Resources[0].id).toBe(created.id);
    }

    // update attributes: capitalized ops, value filters, enterprise URN paths, path-less values
    const updated = await s
      .patch(
        `/Users/${created.id}`,
        patchOf(
          { op: 'Replace', path: 'displayName', value: 'Elif Demir-Kaya' },
          { op: 'Replace', path: 'name.familyName', value: 'Demir-Kaya' },
          { op: 'Replace', path: 'emails[type eq "work"].value', value: `elif.kaya${process.pid}@contoso.example` },
          { op: 'Add', path: `${ENT}:department`, value: 'Sales East' },
          { op: 'Replace', path: 'phoneNumbers[type eq "work"].value', value: '+90 212 111 11 11' },
          { op: 'Add', path: 'title', value: 'Director' },
          { op: 'Replace', value: { 'name.givenName': 'Elif S.', [ENT]: { employeeNumber: '43' } } },
        ),
      )
      .expect(200);
    expect(updated.body).toMatchObject({
      displayName: 'Elif Demir-Kaya',
      name: { givenName: 'Elif S.', familyName: 'Demir-Kaya' },
      emails: [{ value: `elif.kaya${process.pid}@contoso.example`, type: 'work', primary: true }],
      phoneNumbers: [{ value: '+90 212 111 11 11' }],
      [ENT]: { department: 'Sales East' },
      active: true,
    });
    expect(await userRow(a, created.id)).toMatchObject({ fullName: 'Elif Demir-Kaya', email: `elif.kaya${process.pid}@contoso.example`, department: 'Sales East', role: 'sales' });

    // removal of an attribute
    const removed = await s.patch(`/Users/${created.id}`, patchOf({ op: 'Remove', path: 'phoneNumbers[type eq "work"]' })).expect(200);
    expect(removed.body.phoneNumbers).toBeUndefined();
    expect((await userRow(a, created.id)).phone).toBe('');

    // deactivate: "active" as the string "False"
    const off = await s.patch(`/Users/${created.id}`, patchOf({ op: 'Replace', path: 'active', value: 'False' })).expect(200);
    expect(off.body.active).toBe(false);
    // reactivate with "True"
    const on = await s.patch(`/Users/${created.id}`, patchOf({ op: 'Replace', path: 'active', value: 'True' })).expect(200);
    expect(on.body.active).toBe(true);

    // delete = deactivate: 204, the user stays (inactive), records remain
    const del = await s.delete(`/Users/${created.id}`).expect(204);
    expect(del.text).toBe('');
    const after = await s.get(`/Users/${created.id}`).expect(200);
    expect(after.body.active).toBe(false);
    expect((await userRow(a, created.id)).active).toBe(false);
    // deleting again is fine (still inactive)
    await s.delete(`/Users/${created.id}`).expect(204);
  });

  it('writes an audit row per provisioning change and sends no webhook event', async () => {
    const s = scim(a);
    const before = await db(t).getRepository(OutboxEvent).count({ where: { workspaceId: a.ws.id } });
    const u = (await s.post('/Users', oktaUser(`audit${process.pid}@a.test`)).expect(201)).body;
    await s.patch(`/Users/${u.id}`, patchOf({ op: 'replace', path: 'displayName', value: 'Audit Me' })).expect(200);
    await s.delete(`/Users/${u.id}`).expect(204);
    await s.patch(`/Users/${u.id}`, patchOf({ op: 'replace', path: 'active', value: true })).expect(200);
    const rows = await db(t).getRepository(AuditLog).find({ where: { workspaceId: a.ws.id, subject: `audit${process.pid}@a.test` }, order: { id: 'ASC' } });
    const actions = rows.map((r) => r.action);
    for (const action of ['scim_user_created', 'scim_user_updated', 'user_deactivated', 'scim_user_deactivated', 'scim_user_reactivated']) expect(actions).toContain(action);
    expect(rows.find((r) => r.action === 'scim_user_updated')!.detail).toMatchObject({ user_id: Number(u.id), fields: ['fullName'] });
    expect(await db(t).getRepository(OutboxEvent).count({ where: { workspaceId: a.ws.id } })).toBe(before);
  });
});

describe('deactivation takes effect at once', () => {
  it("revokes the user's API key, session and OAuth token; records remain; reactivation does not bring them back", async () => {
    const s = scim(a);
    const password = 'Str0ng-Passw0rd!';
    const u = await createUser(t, a, { email: `field${process.pid}@a.test`, password });
    const session = (await api(t, a.host).post('/api/v1/login', { username: `field${process.pid}@a.test`, password }).expect(200)).body.token as string;
    const oauth = await issueKey(t, a, 'oauth', u.user.id, ['crm.read', 'crm.write']);
    const company = (await api(t, a.host, u.key).post('/api/v1/companies', { name: `Kept Co ${process.pid}` }).expect(201)).body.company;
    for (const token of [u.key, session, oauth]) await api(t, a.host, token).get('/api/v1/me').expect(200);

    await s.patch(`/Users/${u.user.id}`, patchOf({ op: 'replace', value: { active: false } })).expect(200);
    for (const token of [u.key, session, oauth]) await api(t, a.host, token).get('/api/v1/me').expect(401);
    expect((await api(t, a.host).post('/api/v1/login', { username: `field${process.pid}@a.test`, password }).expect(403)).body.error).toBe('inactive');
    await api(t, a.host, a.adminKey).get(`/api/v1/companies/${company.id}`).expect(200);

    await s.patch(`/Users/${u.user.id}`, patchOf({ op: 'replace', value: { active: true } })).expect(200);
    for (const token of [u.key, session, oauth]) await api(t, a.host, token).get('/api/v1/me').expect(401);
    await api(t, a.host).post('/api/v1/login', { username: `field${process.pid}@a.test`, password }).expect(200);
  });

  it('refuses to deactivate the last active admin (409), by PATCH, PUT and DELETE', async () => {
    const c = await createWorkspace(t);
    const key = await issueKey(t, c, 'scim');
    const s = scim(c, key);
    expectScimError(await s.delete(`/Users/${c.admin.id}`), 409);
    expectScimError(await s.patch(`/Users/${c.admin.id}`, patchOf({ op: 'Replace', path: 'active', value: 'False' })), 409);
    const current = (await s.get(`/Users/${c.admin.id}`).expect(200)).body;
    expectScimError(await s.put(`/Users/${c.admin.id}`, { ...current, active: false, displayName: 'Renamed' }), 409);
    const row = await userRow(c, c.admin.id);
    expect(row.active).toBe(true);
    expect(row.fullName).not.toBe('Renamed'); // the whole change rolled back
    await api(t, c.host, c.adminKey).get('/api/v1/me').expect(200);
  });

  it('needs a free licence seat to activate (403), on create and on reactivation', async () => {
    const c = await createWorkspace(t);
    const key = await issueKey(t, c, 'scim');
    const s = scim(c, key);
    await t.get(WorkspaceService).setLicense(c.ws.slug, { seats: 2 });
    const one = (await s.post('/Users', oktaUser(`seat1@${c.ws.slug}.test`)).expect(201)).body;
    // 2 of 2 seats taken (admin + one)
    expectScimError(await s.post('/Users', oktaUser(`seat2@${c.ws.slug}.test`)), 403);
    // an inactive user takes no seat
    const two = (await s.post('/Users', { ...oktaUser(`seat2@${c.ws.slug}.test`), active: false }).expect(201)).body;
    expect(two.active).toBe(false);
    const refused = await s.patch(`/Users/${two.id}`, patchOf({ op: 'replace', value: { active: true } }));
    expectScimError(refused, 403);
    expect(refused.body.detail).toMatch(/seat/);
    expect((await userRow(c, two.id)).active).toBe(false);
    // a seat frees up
    await s.delete(`/Users/${one.id}`).expect(204);
    await s.patch(`/Users/${two.id}`, patchOf({ op: 'replace', value: { active: true } })).expect(200);
    await t.get(WorkspaceService).setLicense(c.ws.slug, { seats: null });
    await s.patch(`/Users/${one.id}`, patchOf({ op: 'replace', value: { active: true } })).expect(200);
  });
});

describe('department drives team visibility', () => {
  it('a department set by SCIM changes who sees whose records at once', async () => {
    const c = await createWorkspace(t);
    const s = scim(c, await issueKey(t, c, 'scim'));
    const north = await createUser(t, c, { department: 'North' });
    const south = await createUser(t, c, { department: 'South' });
    const company = (await api(t, c.host, north.key).post('/api/v1/companies', { name: `Team Co ${process.pid}` }).expect(201)).body.company;
    await api(t, c.host, south.key).get(`/api/v1/companies/${company.id}`).expect(404);
    await s.patch(`/Users/${south.user.id}`, patchOf({ op: 'Replace', path: `${ENT}:department`, value: 'North' })).expect(200);
    await api(t, c.host, south.key).get(`/api/v1/companies/${company.id}`).expect(200);
    await s.patch(`/Users/${south.user.id}`, patchOf({ op: 'Remove', path: `${ENT}:department` })).expect(200);
    await api(t, c.host, south.key).get(`/api/v1/companies/${company.id}`).expect(404);
    // roles and modules are never changed by SCIM
    const row = await userRow(c, south.user.id);
    expect(row.role).toBe('sales');
    expect(row.modules.length).toBeGreaterThan(0);
  });
});

describe('concurrency and limits', () => {
  it('concurrent creations of one userName: one 201, the others 409 uniqueness', async () => {
    const c = await createWorkspace(t);
    const s = scim(c, await issueKey(t, c, 'scim'));
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => s.post('/Users', oktaUser(i % 2 ? `Same@${c.ws.slug}.test` : `same@${c.ws.slug}.test`))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.scimType).toBe('uniqueness');
  });

  it('counts requests per SCIM key: 429 in the SCIM error schema with Retry-After', async () => {
    const small = await startApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const c = await createWorkspace(small);
      const key = (await small.get(CredentialsService).issue({ workspaceId: c.ws.id, kind: 'scim' })).token;
      const other = (await small.get(CredentialsService).issue({ workspaceId: c.ws.id, kind: 'scim' })).token;
      const get = (k: string) => request(small.app.getHttpServer()).get('/api/scim/v2/Users?count=1').set('Host', c.host).set('Authorization', `Bearer ${k}`);
      for (let i = 0; i < 3; i++) await get(key).expect(200);
      const limited = await get(key);
      expectScimError(limited, 429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await get(other).expect(200);
    } finally {
      await small.close();
    }
  });
});

describe('errors in the SCIM error schema', () => {
  it('401 for a missing, wrong or non-SCIM credential; a SCIM key does not work on REST', async () => {
    expectScimError(await scim(a, '').get('/Users'), 401);
    expectScimError(await scim(a, 'scim_' + 'x'.repeat(43)).get('/Users'), 401);
    expectScimError(await scim(a, a.adminKey).get('/Users'), 401);
    expectScimError(await scim(a, await issueKey(t, a, 'session', a.admin.id)).get('/Users'), 401);
    expectScimError(await scim(a, await issueKey(t, a, 'erp')).get('/Users'), 401);
    const rest = await api(t, a.host, aKey).get('/api/v1/me').expect(401);
    expect(rest.body).toMatchObject({ ok: false, error: 'unauthorized' });
    // a revoked SCIM key stops at once
    const key = await issueKey(t, a, 'scim');
    await scim(a, key).get('/Users?count=1').expect(200);
    const cred = await db(t).getRepository(Credential).findOneByOrFail({ workspaceId: a.ws.id, prefix: key.slice(0, 12) });
    await db(t).getRepository(Credential).update({ workspaceId: a.ws.id, id: cred.id }, { revokedAt: new Date() });
    await t.get(AuthCache).invalidateCredential(a.ws.id, cred.id);
    expectScimError(await scim(a, key).get('/Users'), 401);
  });

  it('404 for unknown paths, unknown ids and unknown resource types', async () => {
    expectScimError(await scim(a).get('/Nothing'), 404);
    expectScimError(await scim(a).get('/Users/0'), 404);
    expectScimError(await scim(a).patch('/Users/2147483648', patchOf({ op: 'replace', value: { active: true } })), 404);
    expectScimError(await scim(a).get('/Schemas/urn:nope'), 404);
  });

  it('400 invalidFilter for filters that do not parse or are not supported', async () => {
    for (const f of ['userName eq', 'userName xx "a"', 'title eq "x"', 'userName co "a"', 'userName eq "a" or userName eq "b"', '(((', 'userName eq "a', 'emails[type eq "work"', 'x'.repeat(3000)]) {
      const r = await scim(a).get(q(f));
      expectScimError(r, 400, 'invalidFilter');
    }
    expectScimError(await scim(a).get('/Users?count=abc'), 400, 'invalidValue');
  });

  it('400 with invalidSyntax, invalidValue, invalidPath, mutability and noTarget', async () => {
    const s = scim(a);
    const u = (await s.post('/Users', oktaUser(`errs${process.pid}@a.test`)).expect(201)).body;
    expectScimError(await s.post('/Users', { schemas: [CORE] }), 400, 'invalidValue');
    expectScimError(await s.post('/Users', { ...oktaUser('x@y.test'), userName: 42 }), 400, 'invalidValue');
    expectScimError(await s.post('/Users', { ...oktaUser('not-an-email'), emails: [] }), 400, 'invalidValue');
    expectScimError(await s.post('/Users', [1, 2]), 400, 'invalidSyntax');
    expectScimError(await s.post('/Users', { ...oktaUser('act@y.test'), active: 'maybe' }), 400, 'invalidValue');
    const raw = await request(t.app.getHttpServer()).post('/api/scim/v2/Users').set('Host', a.host).set('Authorization', `Bearer ${aKey}`).set('Content-Type', 'application/scim+json').send('{"userName": ');
    expectScimError(raw, 400, 'invalidSyntax');
    const path = `/Users/${u.id}`;
    expectScimError(await s.patch(path, { schemas: [PATCH_OP] }), 400, 'invalidSyntax');
    expectScimError(await s.patch(path, patchOf({ op: 'move', path: 'displayName', value: 'x' })), 400, 'invalidSyntax');
    expectScimError(await s.patch(path, patchOf({ op: 'replace', path: 'id', value: '5' })), 400, 'mutability');
    expectScimError(await s.patch(path, patchOf({ op: 'replace', path: 'meta.created', value: 'x' })), 400, 'mutability');
    expectScimError(await s.patch(path, patchOf({ op: 'remove' })), 400, 'noTarget');
    expectScimError(await s.patch(path, patchOf({ op: 'replace', path: 'emails[value co "nothing"].value', value: 'x@y.test' })), 400, 'noTarget');
    expectScimError(await s.patch(path, patchOf({ op: 'replace', path: 'name..x', value: 'x' })), 400, 'invalidPath');
    expectScimError(await s.patch(path, patchOf({ op: 'replace', path: 'urn:example:custom:department', value: 'x' })), 400, 'invalidPath');
    expectScimError(await s.patch(path, patchOf({ op: 'replace', path: 'constructor.prototype', value: 'x' })), 400, 'invalidPath');
    expectScimError(await s.patch(path, patchOf({ op: 'replace', path: 'name.givenName', value: 'x'.repeat(101) })), 400, 'invalidValue');
    expectScimError(await s.patch(path, patchOf({ op: 'remove', path: 'userName' })), 400, 'invalidValue');
    // renaming onto another user's userName: 409 uniqueness
    expectScimError(await s.patch(path, patchOf({ op: 'replace', path: 'userName', value: a.admin.username.toUpperCase() })), 409, 'uniqueness');
    // nothing of it changed the user
    expect((await s.get(path).expect(200)).body).toMatchObject({ userName: u.userName, displayName: u.displayName });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('431 in the SCIM error schema for a URL too long for the HTTP parser', async () => {
    const r = await scim(a).get(`/Users?filter=${'x'.repeat(20_000)}`);
    expectScimError(r, 431, 'invalidSyntax');
  });

  it('415 for bodies that are not JSON', async () => {
    const r = await request(t.app.getHttpServer()).post('/api/scim/v2/Users').set('Host', a.host).set('Authorization', `Bearer ${aKey}`).set('Content-Type', 'text/plain').send('userName=x');
    expectScimError(r, 415);
  });
});

describe('workspace isolation', () => {
  it("a SCIM key of A never sees or changes B's users", async () => {
    const bUser = (await scim(b).post('/Users', oktaUser(`secret${process.pid}@b.test`)).expect(201)).body;
    // A's key on B's host is unknown there
    expectScimError(await scim(b, aKey).get('/Users'), 401);
    // on A's host, B's ids do not exist
    const list = await scim(a).get('/Users?count=200').expect(200);
    expect(list.text).not.toContain(`secret${process.pid}`);
    expect((await scim(a).get(q(`userName eq "secret${process.pid}@b.test"`)).expect(200)).body.totalResults).toBe(0);
    expect((await scim(a).get(q(`id eq "${bUser.id}"`)).expect(200)).body.totalResults).toBe(0);
    for (const id of [bUser.id, String(b.admin.id)]) {
      expectScimError(await scim(a).get(`/Users/${id}`), 404);
      expectScimError(await scim(a).patch(`/Users/${id}`, patchOf({ op: 'replace', value: { active: false } })), 404);
      expectScimError(await scim(a).put(`/Users/${id}`, oktaUser(`took${process.pid}@a.test`)), 404);
      expectScimError(await scim(a).delete(`/Users/${id}`), 404);
    }
    expect((await userRow(b, bUser.id)).active).toBe(true);
    expect((await userRow(b, b.admin.id)).active).toBe(true);
    // the same userName may exist in both workspaces
    await scim(a).post('/Users', oktaUser(`secret${process.pid}@b.test`)).expect(201);
  });
});

describe('discovery', () => {
  it('serves ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const s = scim(a);
    const spc = await s.get('/ServiceProviderConfig').expect(200);
    expect(spc.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(spc.body).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      sort: { supported: false },
      etag: { supported: false },
      changePassword: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
    const types = await s.get('/ResourceTypes').expect(200);
    expect(types.body.Resources).toEqual([expect.objectContaining({ id: 'User', endpoint: '/Users', schema: CORE, schemaExtensions: [{ schema: ENT, required: false }] })]);
    await s.get('/ResourceTypes/User').expect(200);
    const schemas = await s.get('/Schemas').expect(200);
    expect(schemas.body.Resources.map((x: { id: string }) => x.id)).toEqual([CORE, ENT]);
    expect((await s.get(`/Schemas/${ENT}`).expect(200)).body.attributes.map((x: { name: string }) => x.name)).toEqual(['department']);
  });

  it('honours attributes and excludedAttributes', async () => {
    const s = scim(a);
    const r = await s.get(`/Users?count=1&attributes=userName,name.givenName,${encodeURIComponent(`${ENT}:department`)}`).expect(200);
    expect(Object.keys(r.body.Resources[0]).sort()).toEqual(['id', 'name', 'schemas', 'userName', ENT].sort());
    const e = await s.get(`/Users/${a.admin.id}?excludedAttributes=emails,meta`).expect(200);
    expect(e.body.emails).toBeUndefined();
    expect(e.body.meta).toBeUndefined();
    expect(e.body.userName).toBeDefined();
  });
});

describe('SCIM connection card (admin settings)', () => {
  it('shows the base URL, the key (prefix only) and the last operations; rotating shows the new key once and stops the old one', async () => {
    const c = await createWorkspace(t);
    const admin = api(t, c.host, c.adminKey);
    const empty = await admin.get('/api/v1/settings/scim').expect(200);
    expect(empty.body).toEqual({ ok: true, base_url: `http://${c.host}:3000/api/scim/v2`, key: null, operations: [] });

    const first = await admin.post('/api/v1/settings/scim/key').expect(201);
    expect(first.body.key).toMatch(/^scim_/);
    expect(first.body.base_url).toBe(`http://${c.host}:3000/api/scim/v2`);
    const created = (await scim(c, first.body.key).post('/Users', oktaUser(`card@${c.ws.slug}.test`)).expect(201)).body;
    await scim(c, first.body.key).patch(`/Users/${created.id}`, patchOf({ op: 'replace', path: `${ENT}:department`, value: 'North' })).expect(200);

    const card = await admin.get('/api/v1/settings/scim').expect(200);
    expect(card.body.key).toMatchObject({ prefix: first.body.prefix, created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/) });
    expect(card.text).not.toContain(first.body.key);
    expect(card.body.operations.map((o: { action: string }) => o.action)).toEqual(['scim_user_updated', 'scim_user_created']);
    expect(card.body.operations[0]).toMatchObject({ user_name: `card@${c.ws.slug}.test`, user_id: Number(created.id), fields: ['department'] });

    const second = await admin.post('/api/v1/settings/scim/key').expect(201);
    expectScimError(await scim(c, first.body.key).get('/Users'), 401);
    await scim(c, second.body.key).get('/Users').expect(200);
    expect((await admin.get('/api/v1/settings/scim').expect(200)).body.key.prefix).toBe(second.body.prefix);
  });

  it('is for admins only, needs crm.write to rotate, and takes no SCIM key', async () => {
    const c = await createWorkspace(t);
    const sales = await createUser(t, c);
    expect((await api(t, c.host, sales.key).get('/api/v1/settings/scim').expect(403)).body.error).toBe('forbidden');
    expect((await api(t, c.host, sales.key).post('/api/v1/settings/scim/key').expect(403)).body.error).toBe('forbidden');
    const readOnly = await issueKey(t, c, 'oauth', c.admin.id, ['crm.read']);
    // an app's token does not even read the card: administration is first-party only (admin-first-party.e2e-spec.ts)
    expect((await api(t, c.host, readOnly).get('/api/v1/settings/scim').expect(403)).body.error).toBe('insufficient_scope');
    await api(t, c.host, c.adminKey).get('/api/v1/settings/scim').expect(200);
    expect((await api(t, c.host, readOnly).post('/api/v1/settings/scim/key').expect(403)).body.error).toBe('insufficient_scope');
    const key = await issueKey(t, c, 'scim');
    expect((await api(t, c.host, key).get('/api/v1/settings/scim').expect(401)).body.error).toBe('unauthorized');
    await api(t, c.host).get('/api/v1/settings/scim').expect(401);
  });
});

describe('password-setup invitation', () => {
  const mails = () => t.get<LogMailTransport>(MAIL_TRANSPORT).sent;
  /** Delivers pending mail and returns the invitation token sent to `to`. */
  async function tokenFor(to: string): Promise<string> {
    await t.get(MailSender).deliver();
    const mail = [...mails()].reverse().find((m) => m.to === to);
    expect(mail).toBeDefined();
    const m = /\/invite\?token=(inv_[A-Za-z0-9_-]{43})/.exec(mail!.text);
    expect(m).not.toBeNull();
    return m![1]!;
  }

  it('is e-mailed when the identity provider creates an active user; the link sets the password once', async () => {
    const c = await createWorkspace(t);
    const s = scim(c, await issueKey(t, c, 'scim'));
    const email = `invited@${c.ws.slug}.test`;
    const u = (await s.post('/Users', oktaUser(email)).expect(201)).body;
    const row = await db(t).getRepository(MailMessage).findOneByOrFail({ workspaceId: c.ws.id, toAddress: email });
    expect(row).toMatchObject({ kind: 'invitation', status: 'pending' });
    const token = await tokenFor(email);
    expect(mails().find((m) => m.to === email)!.text).toContain(`http://${c.host}:3000/invite?token=`);
    // once sent, the outbox keeps no copy of the link
    expect(await db(t).getRepository(MailMessage).findOneByOrFail({ workspaceId: c.ws.id, id: row.id })).toMatchObject({ status: 'sent', body: '' });
    // only the hash is stored
    const inv = await db(t).getRepository(Invitation).findOneByOrFail({ workspaceId: c.ws.id, userId: Number(u.id) });
    expect(inv.tokenHash).not.toContain(token);

    const pw = 'N3w-Passw0rd!x';
    expect((await api(t, c.host).post('/api/v1/invitations/accept', { token, password: pw }).expect(200)).body).toEqual({ ok: true, username: email });
    await api(t, c.host).post('/api/v1/login', { username: email, password: pw }).expect(200);
    // once
    const again = await api(t, c.host).post('/api/v1/invitations/accept', { token, password: 'Other-Passw0rd!' }).expect(400);
    expect(again.body).toMatchObject({ ok: false, error: 'invalid', field: 'token' });
    // not in another workspace
    await api(t, a.host).post('/api/v1/invitations/accept', { token, password: pw }).expect(400);
    expect((await api(t, c.host).post('/api/v1/invitations/accept', { token: 'inv_short', password: 'x' }).expect(400)).body.error).toBe('invalid');
  });

  it('expires, is replaced by a newer one, and does not work for a deactivated user', async () => {
    const c = await createWorkspace(t);
    const s = scim(c, await issueKey(t, c, 'scim'));
    const email = `late@${c.ws.slug}.test`;
    const u = (await s.post('/Users', oktaUser(email)).expect(201)).body;
    const first = await tokenFor(email);
    await db(t).getRepository(Invitation).update({ workspaceId: c.ws.id, userId: Number(u.id) }, { expiresAt: new Date(Date.now() - 1000) });
    await api(t, c.host).post('/api/v1/invitations/accept', { token: first, password: 'N3w-Passw0rd!x' }).expect(400);

    // created inactive: no invitation; reactivated without a password: invited then
    const email2 = `later@${c.ws.slug}.test`;
    const before = await db(t).getRepository(MailMessage).count({ where: { workspaceId: c.ws.id, toAddress: email2 } });
    const u2 = (await s.post('/Users', { ...oktaUser(email2), active: false }).expect(201)).body;
    expect(await db(t).getRepository(MailMessage).count({ where: { workspaceId: c.ws.id, toAddress: email2 } })).toBe(before);
    await s.patch(`/Users/${u2.id}`, patchOf({ op: 'replace', path: 'active', value: true })).expect(200);
    const second = await tokenFor(email2);
    await s.delete(`/Users/${u2.id}`).expect(204);
    expect((await api(t, c.host).post('/api/v1/invitations/accept', { token: second, password: 'N3w-Passw0rd!x' }).expect(403)).body.error).toBe('inactive');
  });

  it('sends nothing when the creation is refused', async () => {
    const c = await createWorkspace(t);
    await t.get(WorkspaceService).setLicense(c.ws.slug, { seats: 1 });
    const s = scim(c, await issueKey(t, c, 'scim'));
    expectScimError(await s.post('/Users', oktaUser(`noseat@${c.ws.slug}.test`)), 403);
    expect(await db(t).getRepository(MailMessage).count({ where: { workspaceId: c.ws.id } })).toBe(0);
  });

  it('a failed send stays pending with the error, and is given up after 5 attempts', async () => {
    const c = await createWorkspace(t);
    const s = scim(c, await issueKey(t, c, 'scim'));
    await t.get(MailSender).deliver(); // earlier tests' mail out of the way
    const email = `bounce@${c.ws.slug}.test`;
    await s.post('/Users', oktaUser(email)).expect(201);
    const transport = t.get<LogMailTransport>(MAIL_TRANSPORT);
    const spy = jest.spyOn(transport, 'send').mockRejectedValue(new Error('mail server said no'));
    try {
      for (let i = 1; i <= 5; i++) {
        expect(await t.get(MailSender).deliver()).toBe(0);
        const row = await db(t).getRepository(MailMessage).findOneByOrFail({ workspaceId: c.ws.id, toAddress: email });
        expect(row).toMatchObject({ attempts: i, status: i < 5 ? 'pending' : 'failed', lastError: 'mail server said no' });
      }
    } finally {
      spy.mockRestore();
    }
    expect(await t.get(MailSender).deliver()).toBe(0);
  });
});
