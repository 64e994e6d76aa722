import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { IdPipe } from '../../../edge/id.pipe';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { OAuthService } from '../../../domain/identity/oauth/oauth.service';
import { AppListQueryDto } from './apps.dto';
import { AppConnectionList } from './app.schema';
import { OkResponse } from '../shared/common.schema';
import { toAppConnectionList } from './app.mapper';

/** App connections: the signed-in user's OAuth grants (spec 5 rule 9). */
@ApiTags('OAuth 2.1')
@Controller('api/v1')
export class AppsController {
  constructor(private readonly oauth: OAuthService) {}

  @Get('apps')
  @ApiDoc({
    id: 'listAppConnections',
    summary: "List the caller's app connections",
    description:
      "The apps the caller gave access through OAuth (one grant per app and user): scope, last use and call count. First-party credentials only " +
      "(a session or an API key; an OAuth token gets 403 `insufficient_scope`). Page with `limit` and the previous page's `next_cursor`.",
    spec: '5',
    ok: AppConnectionList,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async list(@CurrentAuth() auth: UserContext, @Query() q: AppListQueryDto) {
    return toAppConnectionList(await this.oauth.grants(auth, q), auth.workspace);
  }

  @Delete('apps/:id')
  @ApiDoc({
    id: 'removeAppConnection',
    summary: "Remove an app's access",
    description:
      "Removes one of the caller's app connections: every access and refresh token of the grant is revoked at once and its open authorization " +
      'codes are dropped; the app must ask for consent again. Audited as `oauth_grant_removed`. 404 for a grant of another user. First-party credentials only.',
    spec: '5',
    ok: OkResponse,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.oauth.removeGrant(auth, id);
    return { ok: true as const };
  }
}
