'use strict';
/**
 * Token endpoint part of `npm run bench` (`--token` runs only this part): the refresh grant with
 * rotation at TOKEN_CONNECTIONS (8) connections, on the service (PostgreSQL) and on oidc-provider 9
 * (its in-memory adapter, a dev dependency of the bench only), measured one after the other with the
 * same client code (scripts/bench/token-load.js, in a child process) in TOKEN_ROUNDS (2; 1 with --quick)
 * alternating rounds of TOKEN_DURATION (10; 3 with --quick) s after a 2 s (1 s) warm-up. Each connection starts from a refresh token
 * obtained through a real authorization code flow with PKCE (one user and grant per connection), then
 * posts grant_type=refresh_token with its current refresh token and continues with the one answered.
 * Every answer must be 200 with a new refresh token: any failure fails the bench.
 * Method and figures: docs/performance.md ("Token endpoint").
 */
const { spawn } = require('node:child_process');
const http = require('node:http');
const { createHash, generateKeyPairSync, randomBytes } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const CONNECTIONS = Number(process.env.TOKEN_CONNECTIONS || 8);
// --quick (run.js) shortens the loads unless the env says otherwise
const QUICK = process.argv.includes('--quick');
const DURATION_S = Number(process.env.TOKEN_DURATION || (QUICK ? 3 : 10));
const WARMUP_S = Number(process.env.TOKEN_WARMUP || (QUICK ? 1 : 2));
const ROUNDS = Number(process.env.TOKEN_ROUNDS || (QUICK ? 1 : 2));
const REDIRECT_URI = 'http://127.0.0.1/callback';
const SCOPE = 'crm.read crm.write';

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** One request on loopback (node:http: Host can be set); resolves status, headers and body. */
function request(port, method, path, { host, headers = {}, body, cookies } = {}) {
  const h = { ...headers };
  if (host) h.host = host;
  if (cookies && cookies.size) h.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (body !== undefined) h['content-length'] = Buffer.byteLength(body);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: h }, (res) => {
      let b = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (b += d));
      res.on('end', () => {
        if (cookies) {
          for (const c of res.headers['set-cookie'] || []) {
            const [pair] = c.split(';');
            const i = pair.indexOf('=');
            const value = pair.slice(i + 1);
            if (value) cookies.set(pair.slice(0, i), value);
            else cookies.delete(pair.slice(0, i));
          }
        }
        resolve({ status: res.statusCode, headers: res.headers, body: b });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const form = (o) => new URLSearchParams(o).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function exchangeCode(port, host, path, clientId, code, verifier) {
  const r = await request(port, 'POST', path, { host, headers: FORM, body: form({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: clientId, code_verifier: verifier }) });
  if (r.status !== 200) throw new Error(`code exchange at ${path}: ${r.status} ${r.body.slice(0, 300)}`);
  const t = JSON.parse(r.body);
  if (!t.refresh_token) throw new Error(`code exchange at ${path}: no refresh token in ${r.body.slice(0, 300)}`);
  return t.refresh_token;
}

// ---------------------------------------------------------------------------------------- the service

/**
 * The service: a public client registered over HTTP (RFC 7591), then per connection a user who signs in
 * (a session credential, as the sign-in page issues it) and allows the consent form (OAuthAuthorizeService.decide
 * with the form's CSRF token), and the code exchanged with its PKCE verifier at POST /oauth/token.
 */
async function serviceSetup(app, ws, port, host, dist) {
  const { UsersService } = require(dist('domain/identity/users.service.js'));
  const { CredentialsService } = require(dist('domain/identity/credentials.service.js'));
  const { OAuthAuthorizeService } = require(dist('domain/identity/oauth/oauth-authorize.service.js'));
  const reg = await request(port, 'POST', '/oauth/register', {
    host,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Token bench', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] }),
  });
  if (reg.status !== 201) throw new Error(`POST /oauth/register: ${reg.status} ${reg.body.slice(0, 300)}`);
  const clientId = JSON.parse(reg.body).client_id;
  const baseUrl = `http://${host}`;
  const tokens = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const user = await app.get(UsersService).create(ws, { email: `token-bench-${i}@bench.test`, role: 'sales', department: 'North' });
    const { token: session } = await app.get(CredentialsService).issue({ workspaceId: ws.id, kind: 'session', userId: user.id, name: 'Token bench browser' });
    const { verifier, challenge } = pkce();
    const out = await app.get(OAuthAuthorizeService).decide(
      ws,
      baseUrl,
      {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        scope: SCOPE,
        state: `s${i}`,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        decision: 'allow',
      },
      session,
      true, // the form's CSRF check (done at the HTTP edge by csrf-csrf) held
    );
    if (out.kind !== 'redirect') throw new Error(`consent: ${JSON.stringify(out).slice(0, 300)}`);
    const code = new URL(out.url).searchParams.get('code');
    if (!code) throw new Error(`consent redirect without a code: ${out.url}`);
    tokens.push(await exchangeCode(port, host, '/oauth/token', clientId, code, verifier));
  }
  return { clientId, tokens };
}

// ---------------------------------------------------------------------------------------- oidc-provider

/**
 * oidc-provider 9 on loopback with its default in-memory adapter: a public client (token_endpoint_auth_method
 * none, PKCE required, as the library requires for public clients), rotateRefreshToken on, the same scopes
 * (no `openid`: no ID token is signed, as ours signs none), access token 1 h, refresh token 60 days. The
 * interaction (login, consent) is answered by a tiny handler through the library's interactionDetails /
 * interactionResult API, as an application built on it does; the rest is provider.callback().
 */
async function startOidcProvider() {
  const { default: Provider } = await import('oidc-provider');
  let handle = null;
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const port = server.address().port;
  const issuer = `http://127.0.0.1:${port}`;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const clientId = 'token-bench';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, application_type: 'native', token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], redirect_uris: [REDIRECT_URI] }],
    scopes: ['openid', 'offline_access', 'crm.read', 'crm.write'],
    jwks: { keys: [{ ...key, kid: 'bench', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    rotateRefreshToken: true,
    // a refresh token for every code of a client allowed the refresh grant (ours too; oidc's default
    // wants the OpenID `offline_access` scope), not tied to the browser session
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    ttl: { AccessToken: 3600, AuthorizationCode: 300, RefreshToken: 60 * 86400, Grant: 365 * 86400, Session: 86400, Interaction: 3600, IdToken: 3600 },
  });
  const callback = provider.callback();
  handle = (req, res) => {
    if (!req.url.startsWith('/interaction/')) return callback(req, res);
    (async () => {
      const details = await provider.interactionDetails(req, res);
      let result;
      if (details.prompt.name === 'login') {
        result = { login: { accountId: details.params.state } };
      } else {
        const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
        const missing = details.prompt.details.missingOIDCScope || [];
        if (missing.length) grant.addOIDCScope(missing.join(' '));
        result = { consent: { grantId: await grant.save() } };
      }
      const to = await provider.interactionResult(req, res, result, { mergeWithLastSubmission: false });
      res.writeHead(303, { location: to });
      res.end();
    })().catch((e) => {
      res.writeHead(500);
      res.end(String(e && e.message));
    });
  };

  /** Code flow with PKCE through the provider's endpoints, one account per connection. */
  async function refreshTokens(n) {
    const tokens = [];
    for (let i = 0; i < n; i++) {
      const cookies = new Map();
      const { verifier, challenge } = pkce();
      let path = `/auth?${form({ client_id: clientId, response_type: 'code', redirect_uri: REDIRECT_URI, scope: SCOPE, state: `account-${i}`, code_challenge: challenge, code_challenge_method: 'S256' })}`;
      let code = null;
      for (let hop = 0; hop < 10 && !code; hop++) {
        const r = await request(port, 'GET', path, { cookies });
        if (r.status < 300 || r.status >= 400) throw new Error(`oidc-provider ${path}: ${r.status} ${r.body.slice(0, 300)}`);
        const to = new URL(r.headers.location, issuer);
        if (to.href.startsWith(REDIRECT_URI)) {
          if (!to.searchParams.get('code')) throw new Error(`oidc-provider: ${to.href}`);
          code = to.searchParams.get('code');
        } else path = to.pathname + to.search;
      }
      if (!code) throw new Error('oidc-provider: no code after 10 redirects');
      tokens.push(await exchangeCode(port, undefined, '/token', clientId, code, verifier));
    }
    return tokens;
  }

  return {
    port,
    clientId,
    refreshTokens,
    close: () => new Promise((r) => server.close(r)),
  };
}

// ---------------------------------------------------------------------------------------- load

/** The loader in a child process (scripts/bench/token-load.js). */
function load(target) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'token-load.js')], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`token load exited with ${code}`))));
    child.stdin.end(JSON.stringify({ ...target, warmupMs: WARMUP_S * 1000, durationMs: DURATION_S * 1000 }));
  });
}

/** CPU time (ms) by process id, from /proc (Linux; a process that is gone is left out). */
function cpuByPid(pids) {
  const out = new Map();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, ((Number(f[11]) + Number(f[12])) * 1000) / 100); // utime + stime in USER_HZ (100)
    } catch {
      // ended (an idle pool connection closed), or not Linux
    }
  }
  return out;
}

/** The service database's backends (not this query's own). */
async function backends(query) {
  return (await query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).map((r) => r.pid);
}

/**
 * One load of one side; with the CPU time it cost per refresh (warm-up included): the bench process
 * (where both servers run, one of them idle), the loader, and for the service its database's backends.
 */
async function measured(side, query) {
  const pg0 = side.pg ? cpuByPid(await backends(query)) : null;
  const cpu0 = process.cpuUsage();
  const r = await load({ ...side.target, tokens: side.tokens });
  const cpu = process.cpuUsage(cpu0);
  const per = (ms) => (r.total ? ms / r.total : null);
  r.serverCpuMs = per((cpu.user + cpu.system) / 1000);
  r.clientCpu = per(r.clientCpuMs);
  r.pgCpuMs = null;
  if (pg0 && pg0.size) {
    // backends that ended meanwhile were idle pool connections; ones that started count from zero
    const pg1 = cpuByPid(await backends(query));
    let ms = 0;
    for (const [pid, t] of pg1) ms += t - (pg0.get(pid) ?? 0);
    r.pgCpuMs = per(ms);
  }
  return r;
}

/**
 * Both sides, alternating rounds. `capture(fn)` records the statements the pg driver sends during fn
 * (run.js's hook): the statements of one refresh of the service are reported.
 */
async function benchToken({ app, ws, port, host, dist, capture, query, log }) {
  const t0 = Date.now();
  // the last part of the run: the webhook worker's polls would only add noise (and statements to the capture)
  const { WebhookWorker } = require(dist('domain/integrations/webhook-worker.js'));
  await app.get(WebhookWorker).stop();
  const ours = await serviceSetup(app, ws, port, host, dist);
  const op = await startOidcProvider();
  try {
    const opTokens = await op.refreshTokens(CONNECTIONS);
    log(`\ntoken endpoint: ${CONNECTIONS} refresh tokens on each side from code flows with PKCE (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

    // the statements of one refresh of the service (the first connection's token moves on)
    const { result: one, statements } = await capture(() =>
      request(port, 'POST', '/oauth/token', { host, headers: FORM, body: form({ grant_type: 'refresh_token', refresh_token: ours.tokens[0], client_id: ours.clientId }) }),
    );
    if (one.status !== 200) throw new Error(`refresh: ${one.status} ${one.body.slice(0, 300)}`);
    ours.tokens[0] = JSON.parse(one.body).refresh_token;

    const sides = {
      service: { target: { url: `http://127.0.0.1:${port}/oauth/token`, host, clientId: ours.clientId }, tokens: ours.tokens, rounds: [], pg: true },
      'oidc-provider': { target: { url: `http://127.0.0.1:${op.port}/token`, host: `127.0.0.1:${op.port}`, clientId: op.clientId }, tokens: opTokens, rounds: [] },
      // the same endpoint of the service answering before any database or token work (400
      // unsupported_grant_type): what its HTTP stack alone costs (security headers, CORS, body parsing,
      // workspace, rate limit, guard, error mapping)
      'service, no refresh work': {
        target: { url: `http://127.0.0.1:${port}/oauth/token`, host, clientId: ours.clientId, fixed: { body: form({ grant_type: 'password', client_id: ours.clientId }), status: 400 } },
        tokens: ours.tokens,
        rounds: [],
        floor: true,
      },
    };
    // TOKEN_SIDES=service,oidc-provider,floor: only these sides (while working on one of them)
    const only = process.env.TOKEN_SIDES ? process.env.TOKEN_SIDES.split(',') : null;
    for (const name of Object.keys(sides)) if (only && !only.includes(sides[name].floor ? 'floor' : name)) delete sides[name];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, side] of Object.entries(sides)) {
        const r = await measured(side, query);
        side.rounds.push(r);
        if (r.failures) throw new Error(`token endpoint, ${name}: ${r.failures} failed requests: ${r.failureSamples.join('; ')}`);
        if (!side.floor) side.tokens = r.tokens;
        log(`  round ${round + 1}, ${name}: ${r.requests} ${side.floor ? 'requests' : 'refreshes'} in ${r.seconds} s: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; CPU per request: server process ${ms(r.serverCpuMs)}${side.pg ? `, PostgreSQL ${ms(r.pgCpuMs)}` : ''}, loader ${ms(r.clientCpu)}`);
      }
    }
    return { statements, sides };
  } finally {
    await op.close();
  }
}

const ms = (x) => (typeof x === 'number' ? `${x.toFixed(2)} ms` : 'n/a');

function reportToken(r, log) {
  const best = (side) => side.rounds.reduce((a, b) => (b.rps > a.rps ? b : a));
  const svc = r.sides.service && best(r.sides.service);
  const op = r.sides['oidc-provider'] && best(r.sides['oidc-provider']);
  log(`\ntoken endpoint, refresh grant with rotation, ${CONNECTIONS} connections, best of ${ROUNDS} rounds of ${DURATION_S} s (last row: no refresh, 400 before any work):`);
  log('| server | req/s | p50 | p99 | rounds (req/s) | failures | CPU per request: server process | PostgreSQL |');
  log('|---|---|---|---|---|---|---|---|');
  for (const [name, side] of Object.entries(r.sides)) {
    const b = best(side);
    const fails = side.rounds.reduce((a, x) => a + x.failures, 0);
    log(`| ${name} | ${b.rps.toFixed(0)} | ${b.p50.toFixed(1)} ms | ${b.p99.toFixed(1)} ms | ${side.rounds.map((x) => x.rps.toFixed(0)).join(', ')} | ${fails} | ${ms(b.serverCpuMs)} | ${side.pg ? ms(b.pgCpuMs) : '-'} |`);
  }
  // a pool connection's check of the rotation's generic plan (its first use, then while refused every 2 s) is not the refresh
  const check = /plan_cache_mode|crm_generic_plan_check/;
  const own = r.statements.filter((s) => !check.test(s.text));
  log(`statements of one refresh of the service: ${own.length}${own.length < r.statements.length ? ` (and ${r.statements.length - own.length} of the connection's generic-plan check)` : ''}`);
  for (const s of own) log(`    ${s.text.replace(/\s+/g, ' ').slice(0, 150)}`);
  if (svc && op) log(`  [${svc.rps >= op.rps ? 'met' : 'NOT met'}] refresh req/s of the service >= oidc-provider (in-memory): ${svc.rps.toFixed(0)} vs ${op.rps.toFixed(0)} (${(svc.rps / op.rps).toFixed(2)}x)`);
}

module.exports = { benchToken, reportToken };
