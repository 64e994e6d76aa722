import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { newToken, sha256Hex } from '../../../platform/common/crypto';
import { DomainError } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AuthCache } from '../../workspace/auth-cache';
import { Workspace } from '../../workspace/workspace.entity';
import { Credential } from '../credential.entity';
import { User } from '../user.entity';
import { BrowserSessionService } from './browser-session.service';
import { MetadataError } from './client-metadata';
import { ClientInfo, OAuthClientsService } from './oauth-clients.service';
import { OAuthCode } from './oauth-code.entity';
import { AuthorizePageError } from './oauth-errors';
import { OAuthGrant } from './oauth-grant.entity';
import { AuthorizeParams, pickAuthorizeParams, singleParams } from './oauth-params';
import { authorizeRequestProblem, CODE_TTL_MS, parseScope, redirectDomain, redirectMatches, scopeWords, withParams } from './oauth.rules';

/**
 * The app asking, as the sign-in and consent pages name it. `unverifiedDomain`: the app registered
 * itself (RFC 7591 or a client ID metadata document), so its name is its own claim; the domain it is
 * tied to is shown with the mark (a document's host, else the redirect URI's). Every client registers
 * itself today; an admin-registered (verified) client would have null.
 */
export interface AskingApp {
  name: string;
  unverifiedDomain: string | null;
}

/** Who asks the user to sign in: the workspace and, during an authorization request, the app. */
export interface SignInAsker {
  workspaceName: string;
  app?: AskingApp;
}

export interface ConsentView {
  clientName: string;
  workspaceName: string;
  app: AskingApp;
  redirectDomain: string;
  scopes: string[];
  scopeWords: string[];
  userName: string;
  /** The signed-in user's own language choice (null: the workspace's); the page is written in it. */
  userLocale: string | null;
  /** Origin of the redirect URI: the consent form's POST redirects there (the page's CSP form-action allows it). */
  redirectOrigin: string;
  params: AuthorizeParams;
}

export type AuthorizeOutcome =
  | { kind: 'error_page'; message: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'signin'; returnTo: string }
  | { kind: 'consent'; view: ConsentView };

interface Validated {
  client: ClientInfo;
  redirectUri: string;
  scopes: string[];
  state?: string;
  codeChallenge: string;
}

/**
 * The authorization endpoint of the authorization server (spec 4.12, 5; RFC 6749 4.1, 7636, 8707,
 * 9700): the request validated, the sign-in and consent pages' views, and the consent that creates
 * the grant and a one-time code. The token endpoint that redeems the code is OAuthService.
 */
@Injectable()
export class OAuthAuthorizeService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly cache: AuthCache,
    private readonly clients: OAuthClientsService,
    private readonly browser: BrowserSessionService,
  ) {}


  /** GET /oauth/authorize. */
  async authorize(ws: Workspace, baseUrl: string, query: unknown, sessionToken: string | undefined, returnTo: string): Promise<AuthorizeOutcome> {
    return this.guardPage(async () => {
      const params = pickAuthorizeParams(query);
      const v = await this.validate(ws, baseUrl, params);
      const user = await this.browser.user(ws, sessionToken);
      if (!user) return { kind: 'signin', returnTo };
      return {
        kind: 'consent',
        view: {
          clientName: v.client.clientName,
          workspaceName: ws.name,
          app: askingApp(v.client, v.redirectUri),
          redirectDomain: redirectDomain(v.redirectUri),
          scopes: v.scopes,
          scopeWords: scopeWords(v.scopes),
          userName: user.fullName || user.username,
          userLocale: user.locale,
          redirectOrigin: new URL(v.redirectUri).origin,
          params,
        },
      };
    });
  }

  /**
   * The sign-in page of the flow names the workspace and the app of the authorization request it
   * returns to (when that names a usable client; otherwise the workspace only).
   */
  async signInView<P extends { returnTo: string }>(ws: Workspace, page: P): Promise<P & SignInAsker> {
    const q = new URLSearchParams(page.returnTo.split('?')[1] ?? '');
    const clientId = q.get('client_id');
    let client: ClientInfo | null = null;
    try {
      client = clientId ? await this.clients.find(ws, clientId) : null;
    } catch (e) {
      if (!(e instanceof MetadataError)) throw e;
    }
    if (!client) return { ...page, workspaceName: ws.name };
    const asked = q.get('redirect_uri');
    const redirect = asked && client.redirectUris.some((r) => redirectMatches(r, asked)) ? asked : client.redirectUris[0]!;
    return { ...page, workspaceName: ws.name, app: askingApp(client, redirect) };
  }

  /**
   * POST /oauth/authorize: the consent form's Allow / Deny. `formTrusted`: the form's CSRF token (bound
   * to the session) and the origin checks held (src/edge/page-csrf.ts).
   */
  async decide(ws: Workspace, baseUrl: string, form: unknown, sessionToken: string | undefined, formTrusted: boolean): Promise<AuthorizeOutcome> {
    return this.guardPage(async () => {
      const fields = singleParams(form);
      const params = pickAuthorizeParams(fields);
      const v = await this.validate(ws, baseUrl, params);
      const user = await this.browser.user(ws, sessionToken);
      const back = `/oauth/authorize?${new URLSearchParams(params as Record<string, string>).toString()}`;
      if (!user) return { kind: 'signin', returnTo: back };
      if (!formTrusted) {
        return { kind: 'error_page', message: 'The consent form expired or did not come from this site. Go back to the app and start again.' };
      }
      if (fields.decision !== 'allow') {
        return { kind: 'redirect', url: withParams(v.redirectUri, { error: 'access_denied', error_description: 'the user declined', state: v.state, iss: baseUrl }) };
      }
      const code = newToken('mcpc');
      await this.uow.run(async () => {
        // expired codes go after a day (bounded housekeeping on the consent path)
        await this.uow.tenant(ws.id).sql(`DELETE FROM oauth_codes WHERE workspace_id = $1 AND expires_at < now() - interval '1 day'`);
        const grant = await this.upsertGrant(ws, user, v.client, v.scopes);
        await this.uow.tenant(ws.id).insert(OAuthCode, {
          codeHash: sha256Hex(code),
          grantId: grant.id,
          userId: user.id,
          clientId: v.client.clientId,
          redirectUri: v.redirectUri,
          codeChallenge: v.codeChallenge,
          scopes: v.scopes,
          expiresAt: new Date(Date.now() + CODE_TTL_MS),
        });
        await this.clients.markAuthorized(ws, v.client.clientId);
        await this.uow.audit({ workspaceId: ws.id, action: 'oauth_consent', userId: user.id, subject: v.client.clientName, detail: { client_id: v.client.clientId, scopes: v.scopes } });
      });
      return { kind: 'redirect', url: withParams(v.redirectUri, { code, state: v.state, iss: baseUrl }) };
    });
  }

  private async guardPage(fn: () => Promise<AuthorizeOutcome>): Promise<AuthorizeOutcome> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof RedirectError) return { kind: 'redirect', url: e.url };
      if (e instanceof AuthorizePageError || e instanceof MetadataError) return { kind: 'error_page', message: e.message };
      if (e instanceof DomainError && e.extra.oauth === 'invalid_request') return { kind: 'error_page', message: e.message };
      throw e;
    }
  }

  /**
   * Client and redirect_uri first (errors there are shown, never redirected: RFC 6749 4.1.2.1); then
   * the rest, whose errors redirect to the client with error, state and iss, but only when that client
   * is one a user of the workspace has authorized (RFC 9700 4.11.2; see mayRedirectErrors): otherwise
   * the error page shows them.
   */
  private async validate(ws: Workspace, baseUrl: string, p: AuthorizeParams): Promise<Validated> {
    if (!p.client_id) throw new AuthorizePageError('The request names no app (client_id is missing).');
    const client = await this.clients.find(ws, p.client_id);
    if (!client) throw new AuthorizePageError('This app is not known here (unknown client_id).');
    if (!p.redirect_uri) throw new AuthorizePageError('The request has no redirect_uri.');
    const redirectUri = p.redirect_uri;
    if (!client.redirectUris.some((r) => redirectMatches(r, redirectUri))) throw new AuthorizePageError('The redirect_uri is not registered for this app.');
    const scopes = parseScope(p.scope);
    const problem = authorizeRequestProblem(p, scopes, baseUrl);
    if (problem) {
      const [error, description] = problem;
      if (await this.mayRedirectErrors(ws, client)) throw new RedirectError(withParams(redirectUri, { error, error_description: description, state: p.state, iss: baseUrl }));
      throw new AuthorizePageError(`The app sent a request that cannot be used (${error}: ${description}).`);
    }
    return { client, redirectUri, scopes: scopes!, state: p.state, codeChallenge: p.code_challenge! };
  }

  /**
   * May an authorization error go back to the client's redirect_uri (RFC 9700 4.11.2)? Only for a
   * registered client some user of this workspace has already authorized (a grant exists). A client
   * anyone registered a minute ago, or a metadata document anyone can publish, would otherwise turn
   * this server into an open redirector to any https URL: those get the error page.
   */
  private async mayRedirectErrors(ws: Workspace, client: ClientInfo): Promise<boolean> {
    return client.kind === 'registered' && (await this.uow.tenant(ws.id).exists(OAuthGrant, { clientId: client.clientId }));
  }

  /** One grant per user and app; a new consent replaces its scope, also on the tokens already issued. */
  private async upsertGrant(ws: Workspace, user: User, client: ClientInfo, scopes: string[]): Promise<OAuthGrant> {
    const db = this.uow.tenant(ws.id);
    await db.upsert(OAuthGrant, { userId: user.id, clientId: client.clientId, clientName: client.clientName, scopes, updatedAt: new Date() }, ['workspaceId', 'userId', 'clientId']);
    const grant = await db.findOne(OAuthGrant, { where: { userId: user.id, clientId: client.clientId } });
    if (!grant) throw new Error('grant vanished after upsert');
    const changed = await db.update(Credential, { grantId: grant.id, revokedAt: IsNull() }, { scopes });
    if (changed) await this.cache.invalidateUser(ws.id, user.id);
    return grant;
  }
}

/** How the pages name a client: every client today registered itself, so each is marked unverified with its domain. */
function askingApp(client: ClientInfo, redirectUri: string): AskingApp {
  const domain = client.kind === 'document' ? redirectDomain(client.clientId) : redirectDomain(redirectUri);
  return { name: client.clientName, unverifiedDomain: domain };
}

/** An authorization error that goes back to the client by redirect. */
export class RedirectError extends Error {
  constructor(readonly url: string) {
    super('redirect');
  }
}
