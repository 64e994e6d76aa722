import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { authorizeUrl, Browser, codeFlowTokens, consent, formFields, pkce, register, signIn, token } from '../../helpers/oauth-flow';
import { createUser, createWorkspace, Fixture, LOOPBACK_NETWORK, startApp, TestApp } from '../../helpers/test-app';

/**
 * Clients nobody vouches for: client ID metadata documents fetched with a total
 * deadline, one fetch per URL, failures cached; their redirect_uris held to spec 5 rule 4; and error
 * redirects only to clients a user of the workspace has authorized (RFC 9700 4.11.2).
 */
jest.setTimeout(90_000);

let t: TestApp;
let a: Fixture;
let docs: Server;
let docBase = '';
const PASSWORD = 'Correct-Horse-42';
/** Documents served by the test on loopback (reachable through the test-only LOOPBACK_NETWORK seam, never a setting), by path. */
const served = new Map<string, (url: string, res: ServerResponse) => void>();
let docConnections = 0;
const docRequests = new Map<string, number>();

function json(body: object, headers: Record<string, string> = {}) {
  return (_url: string, res: ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
}

function serveDocument(path: string, redirectUris: string[], name = 'Doc App'): string {
  const url = `${docBase}${path}`;
  served.set(path, json({ client_id: url, client_name: name, redirect_uris: redirectUris, token_endpoint_auth_method: 'none' }));
  return url;
}

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000', CLIENT_METADATA_TIMEOUT_MS: '1500' }, clientMetadataNetwork: LOOPBACK_NETWORK });
  a = await createWorkspace(t);
  docs = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '';
    docRequests.set(path, (docRequests.get(path) ?? 0) + 1);
    const handler = served.get(path);
    if (!handler) return res.writeHead(404).end();
    handler(`${docBase}${path}`, res);
  });
  docs.on('connection', () => docConnections++);
  await new Promise<void>((r) => docs.listen(0, '127.0.0.1', r));
  docBase = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`;
});
afterAll(async () => {
  docs.closeAllConnections();
  docs.close();
  await t.close();
});

async function signedInBrowser(f: Fixture, authorize: string) {
  const email = `u${Math.random().toString(36).slice(2, 8)}@${f.ws.slug}.test`;
  await createUser(t, f, { email, password: PASSWORD });
  const browser = new Browser(t, f.host);
  // any authorize URL of a usable client leads to the sign-in page
  expect((await signIn(browser, authorize, email, PASSWORD)).status).toBe(303);
  return { browser, email };
}

const get = (path: string) => request(t.app.getHttpServer()).get(path).set('Host', a.host);

/** The error page's message (the text of its alert). */
function pageMessage(html: string): string {
  const m = /<p class="error" role="alert">([^<]*)<\/p>/.exec(html);
  return (m?.[1] ?? '').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

describe('the metadata document fetch has a total deadline, one flight per URL and a failure cache', () => {
  it('a server that sends 200 and then drips one byte a second is cut at the deadline; 5 concurrent requests make one connection; the failure is cached', async () => {
    const path = '/drip.json';
    const timers = new Set<NodeJS.Timeout>();
    served.set(path, (_url, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{');
      const drip = setInterval(() => res.write(' '), 1000);
      // the old code waited for the end of the body: it came after 20 s, and was no document either
      const end = setTimeout(() => res.end('}'), 20_000);
      timers.add(drip).add(end);
      res.on('close', () => [drip, end].forEach((x) => clearTimeout(x)));
    });
    const before = docConnections;
    const url = authorizeUrl({ client_id: `${docBase}${path}`, redirect_uri: 'http://127.0.0.1/cb', code_challenge: pkce().challenge });
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => get(url)));
      for (const r of answers) {
        expect(r.status).toBe(400);
        expect(r.headers.location).toBeUndefined();
        expect(pageMessage(r.text)).toBe('client metadata document could not be used: timeout after 1.5 s');
      }
      // one flight: one request reached the document server (a loaded machine may open a second, idle
      // connection while the first one's connect is slow; no request is sent on it)
      expect(docRequests.get(path)).toBe(1);
      expect(docConnections - before).toBeLessThanOrEqual(2);
      // asked again at once: the failure is remembered (30 s), the document server is not asked again
      const again = await get(url);
      expect(again.status).toBe(400);
      expect(pageMessage(again.text)).toBe('client metadata document could not be used: timeout after 1.5 s');
      expect(docRequests.get(path)).toBe(1);
      // the token endpoint shares the cache: invalid_client with the same reason, no new fetch
      const tok = await token(t, a.host, { grant_type: 'refresh_token', refresh_token: 'mcpr_x', client_id: `${docBase}${path}` });
      expect([tok.status, tok.body]).toEqual([401, { error: 'invalid_client', error_description: 'client metadata document could not be used: timeout after 1.5 s' }]);
      expect(docRequests.get(path)).toBe(1);
    } finally {
      timers.forEach((x) => clearTimeout(x));
    }
  });

  it('a body over 64 KiB is refused', async () => {
    const path = '/big.json';
    served.set(path, json({ client_id: `${docBase}${path}`, redirect_uris: ['http://127.0.0.1/cb'], pad: 'x'.repeat(70_000) }));
    const r = await get(authorizeUrl({ client_id: `${docBase}${path}`, redirect_uri: 'http://127.0.0.1/cb', code_challenge: pkce().challenge }));
    expect(r.status).toBe(400);
    expect(pageMessage(r.text)).toBe('client metadata document could not be used: the answer is larger than 64 KiB');
  });
});

describe("a metadata document's redirect_uris follow spec 5 rule 4 (https or loopback)", () => {
  it.each([
    ['http on a public host', 'http://evil.example/cb', 'must be https:// or a loopback address (http://localhost, http://127.0.0.1, http://[::1])'],
    ['javascript:', 'javascript:alert(document.cookie)//', 'must be https:// or a loopback address (http://localhost, http://127.0.0.1, http://[::1])'],
    ['a custom scheme', 'myapp:/cb', 'must be https:// or a loopback address (http://localhost, http://127.0.0.1, http://[::1])'],
    ['a fragment', 'https://app.example/cb#x', 'must not contain a fragment'],
  ])('%s: the error page (400, no redirect), for a signed-in user too; the token endpoint says invalid_client', async (label, bad, why) => {
    const good = serveDocument(`/good-${label.replace(/\W/g, '')}.json`, ['http://127.0.0.1/cb']);
    const { browser } = await signedInBrowser(a, authorizeUrl({ client_id: good, redirect_uri: 'http://127.0.0.1/cb', code_challenge: pkce().challenge }));
    const docUrl = serveDocument(`/bad-${label.replace(/\W/g, '')}.json`, ['https://fine.example/cb', bad]);
    const expected = `client metadata document: redirect_uris: ${bad} ${why}`;
    for (const redirect of [bad, 'https://fine.example/cb']) {
      const page = await browser.get(authorizeUrl({ client_id: docUrl, redirect_uri: redirect, code_challenge: pkce().challenge }));
      expect(page.status).toBe(400);
      expect(page.headers.location).toBeUndefined();
      expect(pageMessage(page.text)).toBe(expected);
    }
    const tok = await token(t, a.host, { grant_type: 'authorization_code', code: 'mcpc_x', client_id: docUrl, code_verifier: 'v'.repeat(43), redirect_uri: bad });
    expect([tok.status, tok.body]).toEqual([401, { error: 'invalid_client', error_description: expected }]);
  });
});

describe('error redirects only to clients a user of the workspace has authorized (RFC 9700 4.11.2)', () => {
  const PHISH = 'https://phish.example/login';
  const badRequest = (clientId: string, redirect: string) => authorizeUrl({ client_id: clientId, redirect_uri: redirect, response_type: 'x', state: 's-6' });

  it('a freshly registered client gets the error page (400), not a redirect; once a user authorized it, errors redirect with error, state and iss', async () => {
    const clientId = (await register(t, a.host, { client_name: 'Phish', redirect_uris: [PHISH], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id as string;
    const fresh = await get(badRequest(clientId, PHISH));
    expect(fresh.status).toBe(400);
    expect(fresh.headers.location).toBeUndefined();
    expect(pageMessage(fresh.text)).toBe('The app sent a request that cannot be used (unsupported_response_type: response_type must be code).');
    for (const extra of [{ code_challenge: '' }, { scope: 'crm.admin' }] as Record<string, string>[]) {
      const r = await get(authorizeUrl({ client_id: clientId, redirect_uri: PHISH, code_challenge: pkce().challenge, ...extra }));
      expect([r.status, r.headers.location]).toEqual([400, undefined]);
    }

    const email = `g${Math.random().toString(36).slice(2, 8)}@${a.ws.slug}.test`;
    await createUser(t, a, { email, password: PASSWORD });
    await codeFlowTokens(t, a.host, { clientId, redirectUri: PHISH, username: email, password: PASSWORD });
    const known = await get(badRequest(clientId, PHISH));
    expect(known.status).toBe(302);
    const loc = new URL(known.headers.location as string);
    expect([loc.origin + loc.pathname, loc.searchParams.get('error'), loc.searchParams.get('state'), loc.searchParams.get('iss')]).toEqual([
      PHISH,
      'unsupported_response_type',
      's-6',
      `http://${a.host}`,
    ]);
  });

  it('a metadata-document client gets the error page even after a user authorized it', async () => {
    const docUrl = serveDocument('/authorized.json', ['http://127.0.0.1/cb'], 'Authorized Doc App');
    const { verifier, challenge } = pkce();
    const url = authorizeUrl({ client_id: docUrl, redirect_uri: 'http://127.0.0.1:5555/cb', code_challenge: challenge });
    const { browser } = await signedInBrowser(a, url);
    const back = await consent(browser, url);
    await token(t, a.host, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, client_id: docUrl, code_verifier: verifier, redirect_uri: 'http://127.0.0.1:5555/cb' }).expect(200);
    const r = await get(badRequest(docUrl, 'http://127.0.0.1:5555/cb'));
    expect(r.status).toBe(400);
    expect(r.headers.location).toBeUndefined();
    expect(pageMessage(r.text)).toBe('The app sent a request that cannot be used (unsupported_response_type: response_type must be code).');
  });
});

describe('the sign-in and consent pages name the workspace and the app; self-registered apps are marked unverified; a favicon', () => {
  /** A page's text between tags, whitespace collapsed (what a reader sees of one paragraph). */
  const text = (html: string) =>
    html
      .replace(/<style>[^<]*<\/style>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .replace(/ ([.,?!])/g, '$1');

  it('sign-in of the flow: the app (escaped), marked unverified with its redirect domain, and the workspace; a failed sign-in keeps them; the consent page warns', async () => {
    const clientId = (await register(t, a.host, { client_name: 'Notes <b>Assistant</b>', redirect_uris: ['https://notes.example/cb'], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id as string;
    const url = authorizeUrl({ client_id: clientId, redirect_uri: 'https://notes.example/cb', code_challenge: pkce().challenge });
    const browser = new Browser(t, a.host);
    const first = await browser.get(url);
    expect(first.status).toBe(302);
    const page = await browser.get(first.headers.location as string);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Sign in to ' + a.ws.name + '</title>');
    expect(page.text).toContain('<strong>Notes &lt;b&gt;Assistant&lt;/b&gt;</strong>');
    expect(text(page.text)).toContain(`Sign in to continue Notes <b>Assistant</b> unverified app from notes.example asks to use your account in ${a.ws.name}. Username or e-mail`);
    expect(page.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');

    const email = `s${Math.random().toString(36).slice(2, 8)}@${a.ws.slug}.test`;
    await createUser(t, a, { email, password: PASSWORD });
    const wrong = await browser.post('/oauth/signin', { ...formFields(page.text), username: email, password: 'wrong-password-1' });
    expect(wrong.status).toBe(400);
    expect(text(wrong.text)).toContain(`Notes <b>Assistant</b> unverified app from notes.example asks to use your account in ${a.ws.name}. Invalid username or password.`);

    expect((await signIn(browser, url, email, PASSWORD)).status).toBe(303);
    const consentPage = await browser.get(url);
    expect(consentPage.status).toBe(200);
    expect(text(consentPage.text)).toContain(
      `Allow Notes <b>Assistant</b> to use your CRM account in ${a.ws.name}? Unverified app This app registered itself: its name is its own claim, checked by no one. It belongs to notes.example. Allow it only if you trust that site.`,
    );
  });

  it("a metadata-document client is marked with the document's host; a sign-in page without a request (OAuth or settings) names the workspace only", async () => {
    const docUrl = serveDocument('/named.json', ['http://localhost/cb'], 'Doc Named App');
    const url = authorizeUrl({ client_id: docUrl, redirect_uri: 'http://localhost:4444/cb', code_challenge: pkce().challenge });
    const browser = new Browser(t, a.host);
    const signin = await browser.get((await browser.get(url)).headers.location as string);
    expect(text(signin.text)).toContain(`Doc Named App unverified app from 127.0.0.1 asks to use your account in ${a.ws.name}.`);
    const { browser: signedIn } = await signedInBrowser(a, url);
    const consentPage = await signedIn.get(url);
    expect(text(consentPage.text)).toContain('It belongs to 127.0.0.1. Allow it only if you trust that site.');
    expect(text(consentPage.text)).toContain('After you decide you go back to localhost.');

    const plain = await get('/oauth/signin');
    expect(plain.status).toBe(200);
    expect(text(plain.text)).toContain(`Sign in to continue Workspace ${a.ws.name} Username or e-mail`);
    expect(plain.text).not.toContain('asks to use your account');
    const settings = await get('/settings/signin');
    expect(settings.status).toBe(200);
    expect(settings.text).toContain(`<title>Sign in to ${a.ws.name}</title>`);
    expect(text(settings.text)).toContain(`Sign in to settings Workspace ${a.ws.name} Username or e-mail`);
  });

  it('serves the favicon as SVG at /favicon.svg and /favicon.ico, for any host', async () => {
    for (const path of ['/favicon.svg', '/favicon.ico']) {
      for (const host of [a.host, 'nowhere.localhost']) {
        const r = await request(t.app.getHttpServer()).get(path).set('Host', host);
        expect(r.status).toBe(200);
        expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(r.headers['cache-control']).toBe('public, max-age=86400');
        const body = Buffer.isBuffer(r.body) ? r.body.toString('utf8') : r.text;
        expect(body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">.*<\/svg>$/);
        expect(body).not.toMatch(/<script|href=|on\w+=/i);
      }
    }
  });
});

describe('client metadata documents never come from loopback or private addresses, whatever the configuration', () => {
  it('with ALLOW_PRIVATE_NETWORK_URLS=1 and loopback in PRIVATE_NETWORK_ALLOWLIST, a client_id on loopback is refused before any connection', async () => {
    // the settings open loopback to the destinations users set, never to the fetch anyone can start without signing in
    const t2 = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', PRIVATE_NETWORK_ALLOWLIST: '127.0.0.0/8,::1', RATE_LIMIT_OAUTH_PER_MINUTE: '100000' } });
    try {
      const b = await createWorkspace(t2);
      const port = (docs.address() as AddressInfo).port;
      serveDocument('/private.json', ['http://127.0.0.1/cb']);
      const before = docConnections;
      const ask = (clientId: string) =>
        request(t2.app.getHttpServer()).get(authorizeUrl({ client_id: clientId, redirect_uri: 'http://127.0.0.1/cb', code_challenge: pkce().challenge })).set('Host', b.host);
      const literal = await ask(`https://127.0.0.1:${port}/private.json`);
      expect(literal.status).toBe(400);
      expect(pageMessage(literal.text)).toBe('client metadata document could not be used: refused address 127.0.0.1');
      const named = await ask(`https://localhost:${port}/private.json`);
      expect(named.status).toBe(400);
      expect(pageMessage(named.text)).toMatch(/^client metadata document could not be used: localhost resolves to a refused address/);
      // plain http:// is no metadata document URL at all: an unknown registered client
      const plain = await ask(`${docBase}/private.json`);
      expect(plain.status).toBe(400);
      expect(pageMessage(plain.text)).not.toMatch(/metadata document/);
      expect(docConnections).toBe(before);
      expect(docRequests.get('/private.json')).toBeUndefined();
    } finally {
      await t2.close();
    }
  });
});
