import { Body, Controller, Get, HttpCode, Inject, Ip, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OkResponse } from '../schemas/common.schema';
import { LoginResponse, Me } from '../schemas/me.schema';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { Auth, CurrentAuth, CurrentWorkspace, Public } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CredentialsService } from '../../../domain/identity/credentials.service';
import { LoginService } from '../../../domain/identity/login.service';
import { ProfileService } from '../../../domain/identity/profile.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { LoginDto } from '../dto/login.dto';
import { MeQuery } from '../../../domain/identity/me.query';
import { toLoginResponse, toMeResponse } from '../mappers/me.mapper';

@ApiTags('Authentication')
@Controller('api/v1')
export class AuthController {
  constructor(
    private readonly login: LoginService,
    private readonly credentials: CredentialsService,
    private readonly profile: ProfileService,
    private readonly meQuery: MeQuery,
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
      'OAuth token it answers 400 `invalid` (API keys are revoked on the Developers page, app access in the App connections settings).',
    spec: '4.1',
    ok: OkResponse,
    errors: { 400: '`invalid`: the credential is not a session token' },
  })
  @Auth()
  async signOut(@CurrentAuth() auth: UserContext) {
    await this.credentials.logout(auth.workspace.id, auth.credential, auth.user.id);
    return { ok: true as const };
  }

  @Get('me')
  @ApiDoc({
    id: 'getMe',
    summary: 'Who am I',
    description:
      'Identifies the caller (any credential of the REST API) and returns what an app needs to start: the caller with their modules, the ' +
      "workspace's active users, the installation info and constants, the licence, the caller's mailbox, the active products, whether Ask is on " +
      'and whether the password is weak. The first call an integration makes.',
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
