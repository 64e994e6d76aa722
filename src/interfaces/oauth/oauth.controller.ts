import { Body, Controller, Get, Header, Headers, HttpCode, Inject, Ip, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { SecretBox } from '../../platform/common/crypto';
import { baseUrlOf } from '../../edge/base-url';
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
import { cookies, oauthCsrf } from './cookies';
import { writeOutcome, writeSignIn } from './pages';

/**
 * The authorization server's endpoints (spec 4.12). Standard protocol endpoints (RFC 6749/7591/7009,
 * form bodies, OAuth error format): described in docs/oauth.md, not in the REST OpenAPI document.
 */
@ApiExcludeController()
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
  @Public()
  metadata(@Req() req: CrmRequest) {
    return this.oauth.metadata(baseUrlOf(req));
  }

  @Get('.well-known/oauth-protected-resource')
  @Public()
  resource(@Req() req: CrmRequest) {
    return this.oauth.resourceMetadata(baseUrlOf(req), baseUrlOf(req));
  }

  @Get('.well-known/oauth-protected-resource/mcp')
  @Public()
  mcpResource(@Req() req: CrmRequest) {
    return this.oauth.resourceMetadata(baseUrlOf(req), `${baseUrlOf(req)}/mcp`);
  }

  @Post('oauth/register')
  @Public()
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  register(@CurrentWorkspace() ws: Workspace, @Body() body: unknown) {
    return this.clients.register(ws, body);
  }

  @Get('oauth/authorize')
  @Public()
  async authorize(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    const out = await this.authorization.authorize(ws, baseUrlOf(req), req.query, cookies.session(req), req.originalUrl);
    writeOutcome(req, res, out, () => this.csrf.token(req, res));
  }

  @Post('oauth/authorize')
  @Public()
  async decide(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: unknown) {
    const out = await this.authorization.decide(ws, baseUrlOf(req), body, cookies.session(req), this.csrf.valid(req));
    writeOutcome(req, res, out, () => this.csrf.token(req, res));
  }

  @Get('oauth/signin')
  @Public()
  async signInForm(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    writeSignIn(req, res, await this.authorization.signInView(ws, this.browser.signInPage(req.query.return_to)), this.csrf.token(req, res));
  }

  @Post('oauth/signin')
  @Public()
  async signIn(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Record<string, unknown>, @Ip() ip: string) {
    const device = browserDeviceName(req.headers['user-agent'], 'OAuth sign-in');
    const out = await this.browser.signIn(ws, body ?? {}, this.csrf.valid(req), ip, device);
    if (out.kind === 'page') return writeSignIn(req, res, await this.authorization.signInView(ws, out), this.csrf.token(req, res));
    cookies.setSession(req, res, out.sessionToken);
    res.redirect(303, out.returnTo);
  }

  @Post('oauth/token')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  token(@CurrentWorkspace() ws: Workspace, @Body() body: unknown, @Headers('authorization') authorization?: string) {
    return this.oauth.token(ws, body, authorization);
  }

  @Post('oauth/revoke')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async revoke(@CurrentWorkspace() ws: Workspace, @Body() body: unknown, @Headers('authorization') authorization?: string) {
    await this.oauth.revoke(ws, body, authorization);
    return {};
  }
}
