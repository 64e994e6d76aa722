import { Body, Controller, Delete, Get, HttpCode, Inject, Ip, Param, Post, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OkResponse } from '../shared/common.schema';
import { LoginResponse, Me } from './me.schema';
import { BrowserSessionResponse, SessionList } from './session.schema';
import { ApiSessionCookies } from '../../../edge/api-session';
import type { CrmRequest } from '../../../edge/crm-request';
import { IdPipe } from '../../../edge/id.pipe';
import { browserDeviceName } from '../../../domain/identity/device-name';
import { UserCredentialsService } from '../../../domain/identity/user-credentials.service';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { Auth, CurrentAuth, CurrentWorkspace, Public } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CredentialsService } from '../../../domain/identity/credentials.service';
import { LoginService } from '../../../domain/identity/login.service';
import { ProfileService } from '../../../domain/identity/profile.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { LoginDto } from './login.dto';
import { MeQuery } from '../../../domain/identity/me.query';
import { toBrowserSessionResponse, toLoginResponse, toMeResponse, toSessionList } from './me.mapper';

@ApiTags('Authentication')
@Controller('api/v1')
export class AuthController {
  constructor(
    private readonly login: LoginService,
    private readonly credentials: CredentialsService,
    private readonly profile: ProfileService,
    private readonly meQuery: MeQuery,
    private readonly own: UserCredentialsService,
    private readonly cookies: ApiSessionCookies,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiDoc({
    id: 'signIn',
    summary: 'Sign in',
    description:
      'Checks the user name (or e-mail) and password and opens a session: the answer carries the session token (`xk_…`, valid API_TOKEN_DAYS days, ' +
      'default 90), the caller, the installation info and the licence. With two-factor authentication on, the first request without `otp` answers ' +
      '401 `otp_required` (`otp_required: true`); repeat it with the 6-digit code. Failed attempts are counted per user name and address and ' +
      'audited; after too many the address waits (429).',
    spec: '4.1',
    ok: LoginResponse,
    errors: {
      401: '`unauthorized`: wrong user name, password or one-time code; `otp_required` (with `otp_required: true`): two-factor authentication is on, repeat with `otp`',
      403: '`inactive`: the user is deactivated; `license_blocked`: the licence of the workspace is blocked or expired',
      429: '`rate_limited`: too many failed sign-ins for this user name or from this address, or too many wrong one-time codes; wait `Retry-After` seconds',
    },
  })
  @Public()
  async signIn(@CurrentWorkspace() ws: Workspace, @Body() dto: LoginDto, @Ip() ip: string) {
    const { token, user } = await this.login.login(ws, dto, ip);
    return toLoginResponse(token, this.profile.forLogin(ws, user), this.config.appVersion);
  }

  @Post('logout')
  @HttpCode(200)
  @ApiDoc({
    id: 'signOut',
    summary: 'Sign out',
    description:
      'Revokes the session token (`xk_…`) used for the call; the next request with it is 401. Meant for session tokens only: with an API key or an ' +
      'OAuth token it answers 400 `invalid` (API keys are revoked on the Developers page, app access in the App connections settings). ' +
      'Called with the web app\'s `crm_session` cookie it also clears the cookies, as DELETE /api/v1/session does.',
    spec: '4.1',
    ok: OkResponse,
    errors: { 400: '`invalid`: the credential is not a session token' },
  })
  @Auth()
  async signOut(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest, @Res({ passthrough: true }) res: Response) {
    await this.credentials.logout(auth.workspace.id, auth.credential, auth.user.id);
    if (req.credentialVia === 'cookie') this.cookies.clear(req, res);
    return { ok: true as const };
  }

  @Post('session')
  @HttpCode(200)
  @ApiDoc({
    id: 'openBrowserSession',
    summary: 'Sign in a browser (cookie session)',
    description:
      'The sign-in of the web app: the same body, checks, two-factor step (401 `otp_required`), limits and audit as POST /api/v1/login, but the ' +
      'session token is never in the body. It is set as the cookie `crm_session` (HttpOnly, SameSite=Strict, Secure over https, Path=/, Max-Age ' +
      'the token\'s lifetime) beside `crm_csrf` (readable by script, SameSite=Strict, Path=/), the CSRF token bound to the session; over https both ' +
      'are named with the `__Host-` prefix (`__Host-crm_session`, `__Host-crm_csrf`) and only those names count. Every /api/v1 ' +
      'route that accepts a session then accepts the cookie instead of `Authorization: Bearer` when the request carries the header ' +
      '`X-CSRF-Token` with the value of `crm_csrf`; without it, or with another value, 403 `csrf`. The Authorization header wins when both are sent. ' +
      'The cookie is not accepted on /mcp, /oauth, /api/scim or /api/erp. The settings pages (/settings) take the same cookie. Without `device` ' +
      'the session is named after the browser and system of the User-Agent.',
    spec: '4.1',
    ok: { schema: BrowserSessionResponse, headers: { 'Set-Cookie': '`crm_session` (HttpOnly) and `crm_csrf`' } },
    errors: {
      401: '`unauthorized`: wrong user name, password or one-time code; `otp_required` (with `otp_required: true`): two-factor authentication is on, repeat with `otp`',
      403: '`inactive`: the user is deactivated; `license_blocked`: the licence of the workspace is blocked or expired',
      429: '`rate_limited`: too many failed sign-ins for this user name or from this address, or too many wrong one-time codes; wait `Retry-After` seconds',
    },
  })
  @Public()
  async openBrowserSession(@CurrentWorkspace() ws: Workspace, @Body() dto: LoginDto, @Ip() ip: string, @Req() req: CrmRequest, @Res({ passthrough: true }) res: Response) {
    const device = dto.device?.trim() || browserDeviceName(req.headers['user-agent'], 'app');
    const { token, user, expiresAt } = await this.login.login(ws, { ...dto, device }, ip);
    this.cookies.set(req, res, token, (expiresAt.getTime() - Date.now()) / 1000);
    return toBrowserSessionResponse(this.profile.forLogin(ws, user), this.config.appVersion);
  }

  @Delete('session')
  @ApiDoc({
    id: 'closeBrowserSession',
    summary: 'Sign a browser out',
    description:
      'Revokes the session of the call (the `crm_session` cookie with `X-CSRF-Token`, or a session bearer) and clears both cookies; the next ' +
      'request with the session is 401. Signs the settings pages out too (they share the cookie).',
    spec: '4.1',
    ok: { schema: OkResponse, headers: { 'Set-Cookie': 'clears `crm_session` and `crm_csrf`' } },
  })
  @Auth({ kinds: ['session'] })
  async closeBrowserSession(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest, @Res({ passthrough: true }) res: Response) {
    await this.credentials.logout(auth.workspace.id, auth.credential, auth.user.id);
    this.cookies.clear(req, res);
    return { ok: true as const };
  }

  @Get('sessions')
  @ApiDoc({
    id: 'listSessions',
    summary: "List the caller's sign-ins",
    description:
      "The caller's live sessions (sign-ins of the web app, the mobile app, the settings pages and the OAuth sign-in), newest first, with " +
      'the one of this request marked `current`. First party only: a session or an API key (an OAuth token gets 403 `insufficient_scope`).',
    spec: '4.1',
    ok: SessionList,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async listSessions(@CurrentAuth() auth: UserContext) {
    return toSessionList(await this.own.sessions(auth), auth.workspace.timezone);
  }

  @Delete('sessions/:id')
  @ApiDoc({
    id: 'revokeSession',
    summary: 'Sign one of the caller\'s sessions out',
    description:
      "Revokes one of the caller's sessions: its token stops working at once. Another user's session, or an ended one, is 404 `not_found`. " +
      'Revoking the session of this request with its cookie also clears the cookies. First party only.',
    spec: '4.1',
    ok: OkResponse,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async revokeSession(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Req() req: CrmRequest, @Res({ passthrough: true }) res: Response) {
    await this.own.signOutSession(auth, id);
    if (id === auth.credential.id && req.credentialVia === 'cookie') this.cookies.clear(req, res);
    return { ok: true as const };
  }

  @Get('me')
  @ApiDoc({
    id: 'getMe',
    summary: 'Who am I',
    description:
      'Identifies the caller (any credential of the REST API) and returns what an app needs to start: the caller with their modules, the ' +
      "workspace's active users, the installation info and constants, the licence, the caller's mailbox, the active products, whether Ask is on " +
      'and whether the password is weak. The first call an integration makes. Labels (`constants.labels`, `stage_labels`, `stage_gate`, ' +
      "`role_label`) are in the caller's language (`locale`: the user's language setting, else the workspace's); keys are the same in every language.",
    spec: '4.1',
    ok: Me,
    // edge-wide answers (src/edge: request target, host, body guard), documented here where the e2e suite sends them
    errors: {
      400: '`invalid`: an absolute-form request target that names another host than the Host header (as on every route)',
      404: '`not_found`: no workspace answers at this host (as on every route; the host names the workspace)',
      415: '`unsupported_media_type`: an unsupported Content-Encoding, with or without a body (as on every route)',
    },
  })
  @Auth({ scope: 'crm.read' })
  async me(@CurrentAuth() auth: UserContext) {
    return toMeResponse(await this.meQuery.me(auth), this.config.appVersion);
  }
}
