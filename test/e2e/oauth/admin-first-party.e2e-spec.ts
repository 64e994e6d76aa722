import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { AUTH_KEY, AuthOptions, FIRST_PARTY_ONLY } from '../../../src/edge/auth.decorator';
import { codeFlowTokens, register } from '../../helpers/oauth-flow';
import { api, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * Workspace administration and a user's own connections (sessions, keys, the mailbox) are first-party
 * only: every route whose auth declaration says `firstParty` answers an admin's OAuth token holding
 * crm.write with 403 insufficient_scope, before any handler runs; a session and an API key still pass.
 * The routes come from the controllers' own metadata (the Nest router), not from a list kept here.
 */
let t: TestApp;
let a: Fixture;
const REDIRECT = 'http://127.0.0.1:4567/callback';

interface Route {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  auth: AuthOptions | undefined;
}

/** Every controller route of the application with its @Auth options (undefined for @Public routes). */
function routes(): Route[] {
  const out: Route[] = [];
  const join = (...parts: string[]) => `/${parts.flatMap((p) => p.split('/')).filter(Boolean).join('/')}`;
  for (const mod of t.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const cls = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!cls) continue;
      const base = (Reflect.getMetadata(PATH_METADATA, cls) as string | undefined) ?? '';
      for (const name of Object.getOwnPropertyNames(cls.prototype)) {
        const handler = (cls.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod].toLowerCase() as Route['method'];
        const auth = (Reflect.getMetadata(AUTH_KEY, handler) ?? Reflect.getMetadata(AUTH_KEY, cls)) as AuthOptions | undefined;
        // a handler may serve several paths (@Get(['a', 'b']))
        for (const path of [paths].flat()) out.push({ method, path: join(base, path), auth });
      }
    }
  }
  return out;
}

const firstParty = () => routes().filter((r) => r.auth?.firstParty);
const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, '1');
const key = (r: Pick<Route, 'method' | 'path'>) => `${r.method.toUpperCase()} ${r.path}`;

let oauthToken: string;
let clientId: string;

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_OAUTH_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' } });
  a = await createWorkspace(t);
  clientId = (await register(t, a.host, { client_name: 'Admin Tool', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }).expect(201)).body.client_id;
  const tokens = await codeFlowTokens(t, a.host, { clientId, redirectUri: REDIRECT, username: a.admin.email, password: 'Admin-Password-123' });
  expect(tokens.scope).toBe('crm.read crm.write');
  oauthToken = tokens.access_token;
});
afterAll(() => t.close());

/** Rows that an administration request would have written. */
async function adminState() {
  const [row] = await db(t).query(
    `SELECT (SELECT count(*)::int FROM credentials WHERE workspace_id = $1 AND kind IN ('scim', 'erp', 'api')) AS keys,
            (SELECT count(*)::int FROM credentials WHERE workspace_id = $1 AND revoked_at IS NOT NULL) AS revoked,
            (SELECT count(*)::int FROM webhook_connections WHERE workspace_id = $1) AS webhooks,
            (SELECT count(*)::int FROM oauth_grants WHERE workspace_id = $1) AS grants,
            (SELECT count(*)::int FROM mailboxes WHERE workspace_id = $1) AS mailboxes`,
    [a.ws.id],
  );
  return row;
}

describe("workspace administration and a user's own connections are first-party only", () => {
  it('declares the administration routes first-party (the issue\'s routes, and whole admin areas)', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(100);
    const marked = new Set(firstParty().map(key));
    for (const r of ['POST /api/v1/settings/scim/key', 'POST /api/v1/settings/erp/key', 'POST /api/v1/webhooks', 'DELETE /api/v1/apps/:id', 'POST /api/v1/objects', 'PATCH /api/v1/objects/:key', 'POST /api/v1/products', 'PATCH /api/v1/products/:id', 'POST /api/v1/approvals/forms', 'PATCH /api/v1/approvals/forms/:list_id']) {
      expect(marked).toContain(r);
    }
    // areas that are administration as a whole: every authenticated route in them is first-party
    const areas = /^\/api\/v1\/(settings|webhooks|apps|forms)(\/|$)/;
    const unmarked = all.filter((r) => r.auth && areas.test(r.path) && !r.auth.firstParty).map(key);
    expect(unmarked).toEqual([]);
    // and nothing a connected app is for (records, MCP, who the user is, e-mail on the record) is caught by it
    const appRoutes = /^\/(mcp|api\/v1\/(companies|people|opportunities|emails)\b|api\/v1\/me$|api\/v1\/me\/mailbox\/sync$)/;
    expect(all.filter((r) => r.auth?.firstParty && appRoutes.test(r.path)).map(key)).toEqual([]);
  });

  it("declares a user's own connections first-party: mailbox, sign-in sessions, connections", () => {
    const all = routes();
    const marked = new Set(firstParty().map(key));
    for (const r of ['GET /api/v1/users/pending', 'POST /api/v1/users/:id/invitation', 'GET /api/v1/me/mailbox', 'PUT /api/v1/me/mailbox', 'PUT /api/v1/me/mailbox/connection', 'DELETE /api/v1/me/mailbox/connection', 'GET /api/v1/sessions', 'DELETE /api/v1/sessions/:id', 'POST /api/v1/sessions/others/revoke', 'GET /api/v1/api-keys', 'POST /api/v1/api-keys', 'DELETE /api/v1/api-keys/:id', 'GET /api/v1/connections', 'POST /api/v1/connections/:kind/:id/revoke', 'POST /api/v1/connections/:kind/:id/rotate']) {
      expect(marked).toContain(r);
    }
    // areas that hold a user's own credentials as a whole (the mailbox's sync is CRM work on the stored connection, as sending is)
    const areas = /^\/api\/v1\/(sessions|api-keys|connections|me\/mailbox)(\/|$)/;
    const unmarked = all.filter((r) => r.auth && areas.test(r.path) && r.path !== '/api/v1/me/mailbox/sync' && !r.auth.firstParty).map(key);
    expect(unmarked).toEqual([]);
    // keys, users and the licence have no REST route an app's token could reach (settings pages, browser sessions only)
    expect(all.filter((r) => r.auth?.kinds?.includes('oauth') && /\/(keys?|users|licen[cs]e|password|totp)(\/|$)/.test(r.path) && !r.auth.firstParty).map(key)).toEqual([]);
  });

  it("refuses an app's token that would re-point the user's mailbox or change its signature; the user's own key still can", async () => {
    const app = api(t, a.host, oauthToken);
    const elsewhere = { host: '127.0.0.1', port: 1, tls: 'tls', user: 'x@evil.test', password: 'p' };
    const refused = [
      await app.put('/api/v1/me/mailbox/connection', { provider: 'imap_smtp', email: 'x@evil.test', smtp: elsewhere, imap: elsewhere }),
      await app.delete('/api/v1/me/mailbox/connection'),
      await app.put('/api/v1/me/mailbox', { signature: 'Sent by the app' }),
      await app.put('/api/v1/me/mailbox', { email: 'x@evil.test' }),
      await app.get('/api/v1/me/mailbox'),
    ];
    expect(refused.map((r) => [r.status, r.body.error])).toEqual(refused.map(() => [403, 'insufficient_scope']));
    const [row] = await db(t).query('SELECT count(*)::int AS n FROM mailboxes WHERE workspace_id = $1', [a.ws.id]);
    expect(row.n).toBe(0);
    // what an app may know: the mailbox's state in GET /me (spec 2.4)
    expect((await app.get('/api/v1/me').expect(200)).body.mailbox).toMatchObject({ connected: false, signature: false });
    // no MCP tool reaches the mailbox either
    const tools = await request(t.app.getHttpServer())
      .post('/mcp')
      .set('Host', a.host)
      .set('Accept', 'application/json, text/event-stream')
      .set('Authorization', `Bearer ${oauthToken}`)
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
      .expect(200);
    const names = (tools.body.result.tools as { name: string }[]).map((x) => x.name);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((n) => /mail|smtp|imap|signature|connection|session|key|webhook/i.test(n))).toEqual([]);
    const set = await api(t, a.host, a.adminKey).put('/api/v1/me/mailbox', { signature: 'Admin' }).expect(200);
    expect(set.body.mailbox).toMatchObject({ signature: true });
  });

  it('refuses an admin\'s OAuth token holding crm.write on every first-party route with 403 insufficient_scope', async () => {
    const before = await adminState();
    const walked = firstParty();
    expect(walked.length).toBeGreaterThanOrEqual(25);
    const failures: string[] = [];
    for (const r of walked) {
      const res = await request(t.app.getHttpServer())[r.method](concrete(r.path)).set('Host', a.host).set('Authorization', `Bearer ${oauthToken}`).send({});
      const ok =
        res.status === 403 &&
        JSON.stringify(res.body) === JSON.stringify({ ok: false, error: 'insufficient_scope', message: FIRST_PARTY_ONLY }) &&
        res.headers['www-authenticate'] === `Bearer error="insufficient_scope", error_description="${FIRST_PARTY_ONLY}"`;
      if (!ok) failures.push(`${key(r)} -> ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    // nothing was minted, revoked, created or removed
    expect(await adminState()).toEqual(before);
    // the token itself is good: the CRM routes an app is for still answer it
    await api(t, a.host, oauthToken).get('/api/v1/me').expect(200);
    await api(t, a.host, oauthToken).post('/api/v1/companies', { name: 'Made by the app' }).expect(201);
  });

  it('lets a session and an API key of the same admin through', async () => {
    const login = await api(t, a.host).post('/api/v1/login', { username: a.admin.email, password: 'Admin-Password-123' }).expect(200);
    const session = login.body.token as string;
    expect(session).toMatch(/^xk_/);
    const scim = await api(t, a.host, session).post('/api/v1/settings/scim/key').expect(201);
    expect(scim.body).toMatchObject({ ok: true, key: expect.any(String) });
    await api(t, a.host, session).get('/api/v1/webhooks').expect(200);
    const erp = await api(t, a.host, a.adminKey).post('/api/v1/settings/erp/key').expect(201);
    expect(erp.body).toMatchObject({ ok: true, key: expect.stringMatching(/^erp_/) });
    const product = await api(t, a.host, a.adminKey).post('/api/v1/products', { code: 'ADM-1', name: 'Admin product' }).expect(201);
    expect(product.body).toMatchObject({ ok: true, product: { name: 'Admin product' } });
    // the admin removes the app with the API key: its token stops working
    const apps = await api(t, a.host, a.adminKey).get('/api/v1/apps').expect(200);
    const grant = apps.body.items.find((g: { client_id: string }) => g.client_id === clientId);
    expect(grant).toBeDefined();
    await api(t, a.host, a.adminKey).delete(`/api/v1/apps/${grant.id}`).expect(200);
    await api(t, a.host, oauthToken).get('/api/v1/me').expect(401);
  });
});
