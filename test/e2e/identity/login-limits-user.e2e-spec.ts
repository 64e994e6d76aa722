import request from 'supertest';
import { currentTotp } from '../../../src/domain/identity/totp';
import { User } from '../../../src/domain/identity/user.entity';
import { UsersService } from '../../../src/domain/identity/users.service';
import { Browser, formFields } from '../../helpers/oauth-flow';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The sign-in limits count the resolved user, not the typed name (a username and the
 * e-mail of one user share one budget), and wrong one-time codes are capped per user over all addresses;
 * the REST login and the browser sign-in alike.
 */
let t: TestApp;
let a: Fixture;
const PASSWORD = 'Str0ng-Passw0rd!';
/** A request from a given client address (TRUST_PROXY=1 makes Express read X-Forwarded-For). */
const from = (r: request.Test, ip: string) => r.set('X-Forwarded-For', ip);
const login = (ip: string, username: string, password: string, otp?: string) =>
  from(api(t, a.host).post('/api/v1/login', { username, password, ...(otp ? { otp } : {}) }), ip);
const wrongCode = (secret: string) => (currentTotp(secret) === '000000' ? '111111' : '000000');

beforeAll(async () => {
  t = await startApp({ env: { TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '3', LOGIN_OTP_MAX_FAILURES: '3', RATE_LIMIT_ADDRESS_PER_MINUTE: '1000' } });
  a = await createWorkspace(t, 'acct');
});
afterAll(() => t.close());

/** A user whose username (`short`) differs from its e-mail (`short@acct.test`), as the demo's `s2`. */
async function userWithShortName(short: string, totp = false): Promise<{ id: number; email: string; secret?: string }> {
  const email = `${short}@acct.test`;
  const u = await createUser(t, a, { email, password: PASSWORD });
  await db(t).getRepository(User).update({ id: u.user.id }, { username: short });
  const secret = totp ? (await t.get(UsersService).enableTotp(a.ws.id, u.user.id)).secret : undefined;
  return { id: u.user.id, email, secret };
}

/** A browser on the settings sign-in page, with its form's hidden fields. */
async function settingsSignIn(): Promise<{ br: Browser; fields: Record<string, string> }> {
  const br = new Browser(t, a.host);
  const page = await br.get('/settings/signin');
  expect(page.status).toBe(200);
  return { br, fields: formFields(page.text) };
}

describe('sign-in limits count the resolved user', () => {
  it('REST: failures under the username refuse the e-mail from that address (one budget), not another address', async () => {
    const u = await userWithShortName('s2');
    for (let i = 0; i < 3; i++) await login('10.30.0.1', 's2', `wrong-${i}`).expect(401);
    const refused = await login('10.30.0.1', 'S2@Acct.test', PASSWORD).expect(429);
    expect(refused.body).toEqual({ ok: false, error: 'rate_limited', message: expect.stringMatching(/^too many failed sign-ins for this username from this address; try again in \d+ seconds$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // the owner elsewhere is not locked out, under either name
    const ok = await login('10.30.0.2', 's2', PASSWORD).expect(200);
    expect(ok.body.user).toMatchObject({ id: u.id, username: 's2', email: 's2@acct.test' });
    await login('10.30.0.3', 's2@acct.test', PASSWORD).expect(200);
  });

  it('a name of no user keeps its own budget, by the normalised name', async () => {
    for (let i = 0; i < 3; i++) await login('10.31.0.1', ' Nobody@acct.test ', `wrong-${i}`).expect(401);
    const refused = await login('10.31.0.1', 'nobody@acct.test', 'wrong-x').expect(429);
    expect(refused.body.error).toBe('rate_limited');
    const other = await login('10.31.0.1', 'nobody-else@acct.test', 'wrong-x').expect(401);
    expect(other.body).toEqual({ ok: false, error: 'unauthorized', message: 'invalid username or password' });
  });

  it('browser: failures under the e-mail over REST refuse the username in the settings sign-in form', async () => {
    await userWithShortName('s3');
    for (let i = 0; i < 3; i++) await login('10.32.0.1', 's3@acct.test', `wrong-${i}`).expect(401);
    const { br, fields } = await settingsSignIn();
    const r = await br.post('/settings/signin', { ...fields, username: 's3', password: PASSWORD }, { 'X-Forwarded-For': '10.32.0.1' });
    expect(r.status).toBe(400);
    expect(r.text).toContain('Too many attempts. Please wait and try again.');
    expect(br.hasSession()).toBe(false);
  });
});

describe('wrong one-time codes are capped per user over all addresses', () => {
  it('REST: LOGIN_OTP_MAX_FAILURES wrong codes from different addresses, then even the right code gets 429', async () => {
    const u = await userWithShortName('otp1', true);
    const secret = u.secret!;
    // three addresses, under both names: each pair stays under LOGIN_MAX_FAILURES
    await login('10.33.0.1', 'otp1', PASSWORD, wrongCode(secret)).expect(401);
    await login('10.33.0.2', 'otp1@acct.test', PASSWORD, wrongCode(secret)).expect(401);
    const third = await login('10.33.0.3', 'otp1', PASSWORD, wrongCode(secret)).expect(401);
    expect(third.body).toEqual({ ok: false, error: 'unauthorized', message: 'invalid one-time code' });
    const refused = await login('10.33.0.4', 'otp1', PASSWORD, currentTotp(secret)).expect(429);
    expect(refused.body).toEqual({ ok: false, error: 'rate_limited', message: expect.stringMatching(/^too many wrong one-time codes for this user; try again in \d+ seconds$/) });
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    // the password step alone is not the code step: without a code it still asks for one
    const ask = await login('10.33.0.5', 'otp1', PASSWORD).expect(401);
    expect(ask.body).toMatchObject({ ok: false, error: 'otp_required' });
    // another user with two-factor is not affected
    const other = await userWithShortName('otp2', true);
    await login('10.33.0.4', 'otp2', PASSWORD, currentTotp(other.secret!)).expect(200);
  });

  it('browser: wrong codes over REST count against the code step of the settings sign-in', async () => {
    const u = await userWithShortName('otp3', true);
    const secret = u.secret!;
    for (let i = 0; i < 3; i++) await login(`10.34.0.${i + 1}`, 'otp3@acct.test', PASSWORD, wrongCode(secret)).expect(401);
    const { br, fields } = await settingsSignIn();
    const step1 = await br.post('/settings/signin', { ...fields, username: 'otp3', password: PASSWORD }, { 'X-Forwarded-For': '10.34.1.1' });
    expect(step1.status).toBe(200);
    const pending = formFields(step1.text);
    expect(pending.pending).toBeTruthy();
    const step2 = await br.post('/settings/signin', { ...pending, otp: currentTotp(secret) }, { 'X-Forwarded-For': '10.34.1.1' });
    expect(step2.status).toBe(400);
    expect(step2.text).toContain('Too many attempts. Please wait and try again.');
    expect(br.hasSession()).toBe(false);
  });
});
