import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import type { TestApp } from './test-app';

/** A browser of one workspace host: keeps cookies, follows nothing by itself. */
export class Browser {
  /** The cookie jar (tests may plant or read a cookie). */
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly t: TestApp,
    readonly host: string,
  ) {}

  private keep(res: request.Response): request.Response {
    const set = res.headers['set-cookie'] as unknown as string[] | undefined;
    for (const c of set ?? []) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(path: string): Promise<request.Response> {
    return this.keep(await request(this.t.app.getHttpServer()).get(path).set('Host', this.host).set('Cookie', this.cookieHeader()));
  }

  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<request.Response> {
    return this.keep(await request(this.t.app.getHttpServer()).post(path).set('Host', this.host).set('Cookie', this.cookieHeader()).set(headers).type('form').send(form));
  }

  hasSession(): boolean {
    return this.cookies.has('crm_oauth_session');
  }
}

/** A browser signed in to the settings pages (the sign-in answers 303 to `returnTo` or the default page). */
export async function settingsBrowser(t: TestApp, host: string, username: string, password: string, returnTo?: string): Promise<Browser> {
  const br = new Browser(t, host);
  const page = await br.get('/settings/signin');
  const r = await br.post('/settings/signin', { ...formFields(page.text), username, password, ...(returnTo ? { return_to: returnTo } : {}) });
  if (r.status !== 303) throw new Error(`settings sign-in answered ${r.status}`);
  if (returnTo && r.headers.location !== returnTo) throw new Error(`settings sign-in went to ${r.headers.location}, not ${returnTo}`);
  return br;
}

/** The hidden inputs of the first form of a page. */
export function formFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  const unesc = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) out[unesc(m[1]!)] = unesc(m[2]!);
  return out;
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function token(t: TestApp, host: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return request(t.app.getHttpServer()).post('/oauth/token').set('Host', host).set(headers).type('form').send(form);
}

export function revoke(t: TestApp, host: string, form: Record<string, string>) {
  return request(t.app.getHttpServer()).post('/oauth/revoke').set('Host', host).type('form').send(form);
}

export function register(t: TestApp, host: string, body: object) {
  return request(t.app.getHttpServer()).post('/oauth/register').set('Host', host).send(body);
}

/** Signs the browser in through the sign-in page (the authorize request redirects there). */
export async function signIn(b: Browser, authorizeUrl: string, username: string, password: string, otp?: string): Promise<request.Response> {
  const first = await b.get(authorizeUrl);
  if (first.status !== 302 || !String(first.headers.location).startsWith('/oauth/signin')) throw new Error(`expected sign-in redirect, got ${first.status}`);
  const page = await b.get(first.headers.location as string);
  const fields = formFields(page.text);
  return b.post('/oauth/signin', { ...fields, username, password, ...(otp ? { otp } : {}) });
}

/** GET authorize (signed in) → consent form → decision; returns the final redirect URL. */
export async function consent(b: Browser, authorizeUrl: string, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const page = await b.get(authorizeUrl);
  if (page.status !== 200) throw new Error(`consent page: ${page.status} ${page.text.slice(0, 300)}`);
  const res = await b.post('/oauth/authorize', { ...formFields(page.text), decision });
  if (res.status !== 302) throw new Error(`consent post: ${res.status} ${res.text.slice(0, 300)}`);
  return new URL(res.headers.location as string);
}

export function authorizeUrl(p: Record<string, string>): string {
  return `/oauth/authorize?${new URLSearchParams({ response_type: 'code', code_challenge_method: 'S256', state: 'st-1', ...p }).toString()}`;
}

/**
 * A user's authorization request with PKCE on a fresh browser: sign-in, consent; returns the code
 * (not exchanged) and its verifier.
 */
export async function authorizationCode(
  t: TestApp,
  host: string,
  p: { clientId: string; redirectUri: string; username: string; password: string; scope?: string },
): Promise<{ code: string; verifier: string }> {
  const browser = new Browser(t, host);
  const { verifier, challenge } = pkce();
  const url = authorizeUrl({ client_id: p.clientId, redirect_uri: p.redirectUri, scope: p.scope ?? 'crm.read crm.write', code_challenge: challenge });
  const signedIn = await signIn(browser, url, p.username, p.password);
  if (signedIn.status !== 303) throw new Error(`sign-in: ${signedIn.status}`);
  return { code: (await consent(browser, url)).searchParams.get('code')!, verifier };
}

/**
 * A signed-in user's authorization code flow with PKCE on a fresh browser: sign-in, consent, code
 * exchanged at the token endpoint (with the redirect_uri, which the exchange requires); returns the
 * token response's body.
 */
export async function codeFlowTokens(
  t: TestApp,
  host: string,
  p: { clientId: string; redirectUri: string; username: string; password: string; scope?: string },
): Promise<{ access_token: string; refresh_token: string; scope: string }> {
  const { code, verifier } = await authorizationCode(t, host, p);
  const res = await token(t, host, { grant_type: 'authorization_code', code, redirect_uri: p.redirectUri, client_id: p.clientId, code_verifier: verifier });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${res.text}`);
  return res.body;
}
