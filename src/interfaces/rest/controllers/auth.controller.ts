import { Body, Controller, Get, HttpCode, Inject, Ip, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
  @Public()
  async signIn(@CurrentWorkspace() ws: Workspace, @Body() dto: LoginDto, @Ip() ip: string) {
    const { token, user } = await this.login.login(ws, dto, ip);
    return toLoginResponse(token, this.profile.forLogin(ws, user), this.config.appVersion);
  }

  @Post('logout')
  @HttpCode(200)
  @Auth()
  async signOut(@CurrentAuth() auth: UserContext) {
    await this.credentials.logout(auth.workspace.id, auth.credential, auth.user.id);
    return { ok: true };
  }

  @Get('me')
  @Auth({ scope: 'crm.read' })
  async me(@CurrentAuth() auth: UserContext) {
    return toMeResponse(await this.meQuery.me(auth), this.config.appVersion);
  }
}
