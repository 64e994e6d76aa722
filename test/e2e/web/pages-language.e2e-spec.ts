import request from 'supertest';
import { InvitationsService } from '../../../src/domain/identity/invitations.service';
import { UsersService } from '../../../src/domain/identity/users.service';
import { authorizeUrl, Browser, consent, formFields, pkce, register, signIn } from '../../helpers/oauth-flow';
import { createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The pages without a signed-in user speak the language of the person they are for: an invitation link's
 * page the invited user's own language, else the browser's (Accept-Language), else the workspace's. The
 * OAuth consent page speaks the signed-in user's; the flow itself is the same in every language.
 */
let t: TestApp;
let a: Fixture;

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
});
afterAll(async () => {
  await t?.close();
});

/** A fresh invitation link (path and query) of a new user without a password. */
async function invitationOf(locale: 'tr' | null): Promise<string> {
  const { user } = await createUser(t, a, { fullName: 'Ayşe Yılmaz' });
  if (locale) await t.get(UsersService).setLocale(a.ws.id, user.id, locale);
  const { link } = await t.get(InvitationsService).reissue({ workspace: a.ws, user: a.admin } as never, user.id);
  return new URL(link).pathname + new URL(link).search;
}

const page = (path: string, lang?: string) => {
  const r = request(t.app.getHttpServer()).get(path).set('Host', a.host);
  return lang ? r.set('Accept-Language', lang) : r;
};

describe('password pages in the visitor’s language', () => {
  it('an invitation of a Turkish user is in Turkish even for an English browser, its errors too', async () => {
    const link = await invitationOf('tr');
    const br = new Browser(t, a.host);
    const form = await br.get(link);
    expect(form.status).toBe(200);
    expect(form.text).toContain('<html lang="tr">');
    expect(form.text).toContain('<h1>Parolanızı belirleyin</h1>');
    expect(form.text).toContain('<label for="password">Yeni parola</label>');
    const i = form.text.indexOf('action="/invite"');
    const fields = formFields(form.text.slice(i, form.text.indexOf('</form>', i)));
    const mismatch = await br.post('/invite', { ...fields, password: 'Brand-New-Passw0rd', confirm: 'Other-Passw0rd-1' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('İki parola aynı değil.');
    const short = await br.post('/invite', { ...fields, password: 'short', confirm: 'short' });
    expect(short.text).toContain('Parola: en az 8 karakter olmalı.');
    expect(short.text).not.toMatch(/Password:|at least 8/);
  });

  it('without a language of the user: the browser’s, else the workspace’s (English)', async () => {
    const link = await invitationOf(null);
    expect((await page(link, 'tr-TR,tr;q=0.9,en;q=0.8').expect(200)).text).toContain('<h1>Parolanızı belirleyin</h1>');
    expect((await page(link, 'de-DE,en;q=0.5,tr;q=0.4').expect(200)).text).toContain('<h1>Set your password</h1>');
    expect((await page(link).expect(200)).text).toContain('<html lang="en">');
    const forgot = await page('/forgot-password', 'tr').expect(200);
    expect(forgot.text).toContain('<html lang="tr">');
    expect(forgot.text).toContain('Parolanızı mı unuttunuz?');
    expect((await page('/forgot-password').expect(200)).text).toContain('<h1>Forgot your password?</h1>');
    const signin = await page('/settings/signin', 'tr-TR').expect(200);
    expect(signin.text).toContain('<label for="username">Kullanıcı adı veya e-posta</label>');
    expect((await page('/invite?token=nonsense', 'tr').expect(400)).text).toContain('Bu bağlantı çalışmıyor');
  });
});

describe('OAuth pages in the user’s language', () => {
  it('a Turkish user gets the consent page in Turkish; Allow still redirects with a code', async () => {
    const { user } = await createUser(t, a, { password: 'Turkish-User-Password-1', fullName: 'Ayşe Yılmaz' });
    await t.get(UsersService).setLocale(a.ws.id, user.id, 'tr');
    const redirect = 'http://127.0.0.1:4567/callback';
    const clientId = (await register(t, a.host, { client_name: 'Rapor aracı', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id as string;
    const url = authorizeUrl({ client_id: clientId, redirect_uri: redirect, code_challenge: pkce().challenge, scope: 'crm.read crm.write' });
    const br = new Browser(t, a.host);
    expect((await signIn(br, url, user.email, 'Turkish-User-Password-1')).status).toBe(303);
    const page = await br.get(url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="tr">');
    expect(page.text).toContain('<li>Sizin adınıza CRM kayıtları oluşturmak ve değiştirmek</li>');
    expect(page.text).toContain('name="decision" value="allow">İzin ver</button>');
    expect(page.text).not.toMatch(/The app will be able|Allow<\/button>|Deny<\/button>/);
    const back = await consent(br, url);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('st-1');
  });
});
