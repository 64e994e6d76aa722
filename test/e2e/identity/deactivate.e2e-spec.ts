import { AdminCommands } from '../../../src/interfaces/cli/admin-commands';
import { DomainError } from '../../../src/platform/common/errors';
import { DemoSeedService } from '../../../src/domain/demo/demo-seed.service';
import { AuditLog } from '../../../src/platform/outbox/audit-log.entity';
import { Credential } from '../../../src/domain/identity/credential.entity';
import { InvitationsService } from '../../../src/domain/identity/invitations.service';
import { CredentialsService } from '../../../src/domain/identity/credentials.service';
import { ProvisioningService } from '../../../src/domain/identity/provisioning.service';
import { User } from '../../../src/domain/identity/user.entity';
import { UsersService } from '../../../src/domain/identity/users.service';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { api, createUser, createWorkspace, db, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;
const password = 'Str0ng-Passw0rd!';

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'deact');
});
afterAll(() => t.close());

const users = () => t.get(UsersService);

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('UsersService.deactivate', () => {
  it('deactivates and revokes every session, API key and OAuth token of the user, with an audit row', async () => {
    const u = await createUser(t, a, { email: 'leaving@deact.test', password });
    const session = (await api(t, a.host).post('/api/v1/login', { username: 'leaving@deact.test', password }).expect(200)).body.token as string;
    const oauth = await issueKey(t, a, 'oauth', u.user.id, ['crm.read']);
    for (const token of [u.key, session, oauth]) await api(t, a.host, token).get('/api/v1/me').expect(200);
    const other = await createUser(t, a);

    const r = await users().deactivate(a.ws.id, u.user.id, a.admin.id);
    expect(r.revoked).toBe(3);
    for (const token of [u.key, session, oauth]) await api(t, a.host, token).get('/api/v1/me').expect(401);
    await api(t, a.host, other.key).get('/api/v1/me').expect(200);
    expect((await api(t, a.host).post('/api/v1/login', { username: 'leaving@deact.test', password }).expect(403)).body.error).toBe('inactive');

    const row = await db(t).getRepository(User).findOneByOrFail({ workspaceId: a.ws.id, id: u.user.id });
    expect(row.active).toBe(false);
    const creds = await db(t).getRepository(Credential).findBy({ workspaceId: a.ws.id, userId: u.user.id });
    expect(creds).toHaveLength(3);
    expect(creds.every((c) => c.revokedAt !== null)).toBe(true);
    const audit = await db(t).getRepository(AuditLog).findOneByOrFail({ workspaceId: a.ws.id, action: 'user_deactivated', subject: 'leaving@deact.test' });
    expect(audit.userId).toBe(a.admin.id);
    expect(audit.detail).toMatchObject({ user_id: u.user.id, was_active: true, revoked_credentials: 3 });
    // and the user is gone from the team list of GET /me
    const me = await api(t, a.host, a.adminKey).get('/api/v1/me').expect(200);
    expect(me.body.users.map((x: { id: number }) => x.id)).not.toContain(u.user.id);
  });

  it('is idempotent: an inactive user stays inactive, a credential issued meanwhile is revoked', async () => {
    const u = await createUser(t, a);
    await users().deactivate(a.ws.id, u.user.id);
    const late = await t.get(CredentialsService).issue({ workspaceId: a.ws.id, kind: 'api', userId: u.user.id });
    const r = await users().deactivate(a.ws.id, u.user.id);
    expect(r.revoked).toBe(1);
    await api(t, a.host, late.token).get('/api/v1/me').expect(401);
  });

  it('answers not_found for a user of another workspace', async () => {
    const other = await createWorkspace(t, 'deact-other');
    const err = await refusal(users().deactivate(a.ws.id, other.admin.id));
    expect(err).toBeInstanceOf(DomainError);
    expect(err.code).toBe('not_found');
    await api(t, other.host, other.adminKey).get('/api/v1/me').expect(200);
  });

  it('refuses the last active admin with 409 conflict and changes nothing', async () => {
    const solo = await createWorkspace(t, 'deact-solo');
    const err = await refusal(users().deactivate(solo.ws.id, solo.admin.id));
    expect(err.code).toBe('conflict');
    expect(err.status).toBe(409);
    expect(err.message).toContain('last active admin');
    await api(t, solo.host, solo.adminKey).get('/api/v1/me').expect(200);
    // with a second admin the first can go, and then the second is the last one
    const second = await createUser(t, solo, { role: 'admin' });
    await users().deactivate(solo.ws.id, solo.admin.id);
    expect((await refusal(users().deactivate(solo.ws.id, second.user.id))).code).toBe('conflict');
    await api(t, solo.host, second.key).get('/api/v1/me').expect(200);
  });

  it('keeps one admin when the last two are deactivated at the same time', async () => {
    const duo = await createWorkspace(t, 'deact-duo');
    const second = await createUser(t, duo, { role: 'admin' });
    const results = await Promise.allSettled([users().deactivate(duo.ws.id, duo.admin.id), users().deactivate(duo.ws.id, second.user.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as DomainError).code).toBe('conflict');
    const admins = await db(t).getRepository(User).countBy({ workspaceId: duo.ws.id, role: 'admin', active: true });
    expect(admins).toBe(1);
  });
});

describe('CLI user:deactivate', () => {
  const cli = () =>
    new AdminCommands(t.get(WorkspaceService), t.get(ProvisioningService), t.get(UsersService), t.get(CredentialsService), t.get(DemoSeedService), t.get(InvitationsService));

  it('deactivates by e-mail through UsersService.deactivate', async () => {
    const u = await createUser(t, a, { email: 'cli-gone@deact.test' });
    const out = await cli().run('user:deactivate', { workspace: 'deact', user: 'CLI-Gone@deact.test' });
    expect(out).toEqual({ ok: true, user: { id: u.user.id, username: 'cli-gone@deact.test', active: false }, revoked_credentials: 1 });
    await api(t, a.host, u.key).get('/api/v1/me').expect(401);
    expect(await db(t).getRepository(AuditLog).countBy({ workspaceId: a.ws.id, action: 'user_deactivated', subject: 'cli-gone@deact.test' })).toBe(1);
  });

  it('names missing flags and unknown users', async () => {
    expect((await refusal(cli().run('user:deactivate', { workspace: 'deact' }))).message).toContain('--user');
    expect((await refusal(cli().run('user:deactivate', { workspace: 'deact', user: 'nobody@deact.test' }))).code).toBe('not_found');
  });
});
