import { Body, Controller, Get, Header, Headers, HttpCode, Inject, Ip, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { z } from 'zod';
import { SecretBox } from '../../platform/common/crypto';
import { requestOrigin } from '../../edge/base-url';
import type { CrmRequest } from '../../edge/crm-request';
import { PageCsrf } from '../../edge/page-csrf';
import { CurrentWorkspace, Public } from '../../edge/auth.decorator';
import { browserDeviceName } from '../../domain/identity/device-name';
import { BrowserSessionService } from '../../domain/identity/oauth/browser-session.service';
import { OAuthClientsService } from '../../domain/identity/oauth/oauth-clients.service';
import { OAuthAuthorizeService } from '../../domain/identity/oauth/oauth-authorize.service';
import { OAuthService } from '../../domain/identity/oauth/oauth.service';
import { SECRET_BOX } from '../../domain/identity/secret-box.provider';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import { ApiDoc, type ApiSuccess } from '../../edge/openapi/api-doc.decorator';
import { cookies, oauthCsrf } from './cookies';
import { writeOutcome, writeSignIn } from './pages';
import { CONSENT_FORM, REGISTER_BODY, REVOKE_FORM, SIGNIN_FORM, TOKEN_FORM } from './schemas/oauth-forms';
import { HtmlPage, OAuthClientRegistration, OAuthResourceMetadata, OAuthRevokeResponse, OAuthServerMetadata, OAuthTokenResponse } from './schemas/oauth.schema';

const FORM = 'application/x-www-form-urlencoded';
const page = (status: number, description: string): ApiSuccess => ({ status, schema: HtmlPage, contentType: 'text/html', description });
const redirect = (status: number, description: string): ApiSuccess => ({ status, description, headers: { Location: description } });
const NO_WORKSPACE = '`invalid_request`: no workspace at this host';
const AUTHORIZE_QUERY: [string, string, string[]?][] = [
  ['response_type', 'code', ['code']],
  ['client_id', 'the registered client_id, or the `https://` URL of a client metadata document'],
  ['redirect_uri', 'one of the client\'s redirect URIs (for loopback the port is ignored)'],
  ['scope', 'space-separated: crm.read, crm.write (default crm.read)'],
  ['state', 'returned unchanged on the redirect'],
  ['code_challenge', 'base64url (no padding) SHA-256 of the code_verifier'],
  ['code_challenge_method', 'S256', ['S256']],
  ['resource', 'optional (RFC 8707): the protected resource, the base URL or `<base>/mcp`'],
];
const authorizeQuery = (): MethodDecorator => (target, key, descriptor) => {
  for (const [name, description, values] of AUTHORIZE_QUERY) ApiQuery({ name, description, required: !['scope', 'state', 'resource'].includes(name), ...(values ? { enum: values } : { type: String }) })(target, key, descriptor);
};

/**
 * The authorization server's endpoints (spec 4.12): RFC 6749/7591/7009/8414/9728, form bodies, the OAuth
 * error format (docs/oauth.md), and the browser pages of sign-in and consent.
 */
@ApiTags('OAuth 2.1')
@Controller()
export class OAuthController {
  private readonly csrf: PageCsrf;

  constructor(
    private readonly oauth: OAuthService,
    private readonly authorization: OAuthAuthorizeService,
    private readonly clients: OAuthClientsService,
    private readonly browser: BrowserSessionService,
    @Inject(SECRET_BOX) box: SecretBox,
  ) {
    this.csrf = oauthCsrf(box.derive('csrf'));
  }

  @Get('.well-known/oauth-authorization-server')
  @ApiDoc({
    id: 'getOAuthServerMetadata',
    summary: 'Authorization server metadata (RFC 8414)',
    description: "The discovery document of the workspace's authorization server: its endpoints, PKCE S256, the grants and scopes. Public.",
    spec: '4.12',
    ok: OAuthServerMetadata,
    errors: { 404: NO_WORKSPACE },
  })
  @Public()
  metadata(@Req() req: CrmRequest): z.output<typeof OAuthServerMetadata> {
    return this.oauth.metadata(requestOrigin(req));
  }

  @Get('.well-known/oauth-protected-resource')
  @ApiDoc({
    id: 'getOAuthResourceMetadata',
    summary: 'Protected resource metadata of the REST API (RFC 9728)',
    description: 'Names the authorization server and scopes for the REST API (resource = the base URL). Public.',
    ok: OAuthResourceMetadata,
    errors: { 404: NO_WORKSPACE },
  })
  @Public()
  resource(@Req() req: CrmRequest): z.output<typeof OAuthResourceMetadata> {
    return this.oauth.resourceMetadata(requestOrigin(req), requestOrigin(req));
  }

  @Get('.well-known/oauth-protected-resource/mcp')
  @ApiDoc({
    id: 'getMcpResourceMetadata',
    summary: 'Protected resource metadata of the MCP endpoint (RFC 9728)',
    description:
      'Names the authorization server and scopes for the MCP endpoint (resource = `<base>/mcp`). A 401 from /mcp points here in its ' +
      '`WWW-Authenticate: Bearer … resource_metadata="…"` challenge. Public.',
    ok: OAuthResourceMetadata,
    errors: { 404: NO_WORKSPACE },
  })
  @Public()
  mcpResource(@Req() req: CrmRequest): z.output<typeof OAuthResourceMetadata> {
    return this.oauth.resourceMetadata(requestOrigin(req), `${requestOrigin(req)}/mcp`);
  }

  @Post('oauth/register')
  @ApiBody({ schema: REGISTER_BODY })
  @ApiDoc({
    id: 'registerOAuthClient',
    summary: 'Register a client (RFC 7591)',
    description:
      'Dynamic client registration, public (no credential). JSON body; unknown fields are ignored. `client_secret_post` (the default) ' +
      'returns a `client_secret`, shown once; `none` is for public clients (desktop, mobile, MCP clients), which rely on PKCE. A client ' +
      'that never completes an authorization is removed after a day. Instead of registering, a client may send the `https://` URL of its ' +
      'client metadata document as its client_id.',
    spec: '4.12',
    ok: OAuthClientRegistration,
    errors: { 400: '`invalid_redirect_uri` (1-20 redirect URIs, `https://` or loopback) or `invalid_client_metadata` (the body is not an object, or a bad client_name, token_endpoint_auth_method, grant_types or response_types)', 404: NO_WORKSPACE },
  })
  @Public()
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  register(@CurrentWorkspace() ws: Workspace, @Body() body: unknown): Promise<z.output<typeof OAuthClientRegistration>> {
    return this.clients.register(ws, body);
  }

  @Get('oauth/authorize')
  @authorizeQuery()
  @ApiDoc({
    id: 'authorize',
    summary: 'Authorization endpoint (browser)',
    description:
      'Starts the authorization code flow with PKCE (S256). Not signed in: 302 to the sign-in page (`/oauth/signin?return_to=…`). Signed ' +
      'in: 200 with the consent page (the app name, the redirect URI\'s domain, the requested scopes), which posts to POST /oauth/authorize. ' +
      'A request that cannot go back to the client (unknown client_id, a redirect_uri that is not registered) answers 400 with an error ' +
      'page; other bad requests redirect to the redirect_uri with `error`, `error_description`, `state` and `iss`.',
    spec: '4.12',
    ok: [
      page(200, 'the consent page'),
      redirect(302, 'the sign-in page, or the redirect_uri with `error` (a bad request), `state` and `iss`'),
      page(400, 'an error page: unknown client_id or a redirect_uri that is not registered, or another bad request of such a client'),
    ],
    errors: { 404: NO_WORKSPACE },
  })
  @Public()
  async authorize(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    const out = await this.authorization.authorize(ws, requestOrigin(req), req.query, cookies.session(req), req.originalUrl);
    writeOutcome(req, res, ws, out, () => this.csrf.token(req, res));
  }

  @Post('oauth/authorize')
  @ApiConsumes(FORM)
  @ApiBody({ schema: CONSENT_FORM })
  @ApiDoc({
    id: 'decideConsent',
    summary: 'Consent decision (browser)',
    description:
      "The consent page's form. `decision=allow` records the grant (one per app and user; a new consent replaces its scope) and redirects to " +
      'the redirect_uri with `code` (5 minutes, single use), `state` and `iss`; anything else redirects with `error=access_denied` and ' +
      '`state`. Needs the session of the sign-in (else 302 to the sign-in page) and the CSRF token (else 400 error page).',
    spec: '4.12',
    ok: [
      redirect(302, 'the redirect_uri with `code` and `state` (or `error=access_denied`), or the sign-in page'),
      page(400, 'an error page: the consent form expired or did not come from this site, or the request is not valid'),
    ],
    errors: { 404: NO_WORKSPACE },
  })
  @Public()
  async decide(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: unknown) {
    const out = await this.authorization.decide(ws, requestOrigin(req), body, cookies.session(req), this.csrf.valid(req));
    writeOutcome(req, res, ws, out, () => this.csrf.token(req, res));
  }

  @Get('oauth/signin')
  @ApiQuery({ name: 'return_to', required: false, type: String, description: 'where to go after signing in: an /oauth/authorize request (anything else is replaced by /oauth/authorize)' })
  @ApiDoc({
    id: 'showOAuthSignIn',
    summary: 'Sign-in page (browser)',
    description: 'The sign-in form of the authorization flow (username and password, then the code when two-factor is on); it posts to POST /oauth/signin.',
    spec: '5',
    ok: page(200, 'the sign-in page'),
    errors: { 404: NO_WORKSPACE },
  })
  @Public()
  async signInForm(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    writeSignIn(req, res, ws, await this.authorization.signInView(ws, this.browser.signInPage(req.query.return_to)), this.csrf.token(req, res));
  }

  @Post('oauth/signin')
  @ApiConsumes(FORM)
  @ApiBody({ schema: SIGNIN_FORM })
  @ApiDoc({
    id: 'signInForOAuth',
    summary: 'Sign in (browser)',
    description:
      'The sign-in form: on success sets the session cookie (Path=/oauth) and answers 303 to `return_to` (back to the authorization ' +
      'request). With two-factor on, the password step answers 200 with the code page; a wrong password or code, an expired form or a ' +
      'refused sign-in (deactivated user, login limits) answers 400 with the page and its message. The login limits of POST /api/v1/login apply.',
    spec: '5',
    ok: [
      page(200, 'the code step of two-factor sign-in'),
      redirect(303, '`return_to`: back to the authorization request, signed in'),
      page(400, 'the sign-in page with its error message'),
    ],
    errors: { 404: NO_WORKSPACE },
  })
  @Public()
  async signIn(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Record<string, unknown>, @Ip() ip: string) {
    const device = browserDeviceName(req.headers['user-agent'], 'OAuth sign-in');
    const out = await this.browser.signIn(ws, body ?? {}, this.csrf.valid(req), ip, device);
    if (out.kind === 'page') return writeSignIn(req, res, ws, await this.authorization.signInView(ws, out), this.csrf.token(req, res));
    cookies.setSession(req, res, out.sessionToken);
    res.redirect(303, out.returnTo);
  }

  @Post('oauth/token')
  @ApiConsumes(FORM)
  @ApiBody({ schema: TOKEN_FORM })
  @ApiDoc({
    id: 'issueOAuthToken',
    summary: 'Token endpoint',
    description:
      '`grant_type=authorization_code`: exchanges the code (5 minutes, single use, same client and redirect_uri, PKCE verified) for an access ' +
      'token (`mcp_…`, 1 hour) and a refresh token (`mcpr_…`). A code used a second time revokes every token issued under its grant. ' +
      '`grant_type=refresh_token`: a new access and refresh token; the old refresh token is used up (using it again revokes the grant\'s ' +
      'tokens). Client authentication: `client_secret_post` (client_secret in the form) or none; HTTP Basic is refused. The form is ' +
      'application/x-www-form-urlencoded (UTF-8); JSON is accepted too. Answers carry `Cache-Control: no-store`.',
    spec: '4.12',
    ok: OAuthTokenResponse,
    errors: {
      400: '`invalid_request` (a missing or repeated parameter), `invalid_grant` (code or refresh token expired, used, revoked, of another client, redirect_uri mismatch, PKCE failed), `unsupported_grant_type` or `invalid_scope`',
      401: '`invalid_client`: unknown client, missing client_id, wrong client_secret, or HTTP Basic (with `WWW-Authenticate: Basic`)',
      404: NO_WORKSPACE,
    },
  })
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  token(@CurrentWorkspace() ws: Workspace, @Body() body: unknown, @Headers('authorization') authorization?: string): Promise<z.output<typeof OAuthTokenResponse>> {
    return this.oauth.token(ws, body, authorization);
  }

  @Post('oauth/revoke')
  @ApiConsumes(FORM)
  @ApiBody({ schema: REVOKE_FORM })
  @ApiDoc({
    id: 'revokeOAuthToken',
    summary: 'Revoke a token (RFC 7009)',
    description:
      'A refresh token revokes every token of its grant (the app loses access); an access token revokes itself. An unknown token, or one ' +
      'of another client, answers 200 too and changes nothing. Client authentication as at the token endpoint.',
    spec: '4.12',
    ok: OAuthRevokeResponse,
    errors: {
      400: '`invalid_request`: no `token`, or a repeated parameter',
      401: '`invalid_client`: unknown client, missing client_id, wrong client_secret, or HTTP Basic (with `WWW-Authenticate: Basic`)',
      404: NO_WORKSPACE,
    },
  })
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async revoke(@CurrentWorkspace() ws: Workspace, @Body() body: unknown, @Headers('authorization') authorization?: string): Promise<z.output<typeof OAuthRevokeResponse>> {
    await this.oauth.revoke(ws, body, authorization);
    return {};
  }
}
