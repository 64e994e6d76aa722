import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { OAuthService } from '../../../domain/identity/oauth/oauth.service';
import { AppConnectionListDto, AppListQueryDto, OkDto } from '../dto/apps.dto';
import { toAppConnection } from '../mappers/app.mapper';

/** App connections: the signed-in user's OAuth grants (spec 5 rule 9). */
@ApiTags('OAuth 2.1')
@Controller('api/v1')
export class AppsController {
  constructor(private readonly oauth: OAuthService) {}

  @Get('apps')
  @Auth({ scope: 'crm.read', firstParty: true })
  @ApiOkResponse({ type: AppConnectionListDto })
  async list(@CurrentAuth() auth: UserContext, @Query() q: AppListQueryDto): Promise<AppConnectionListDto> {
    const page = await this.oauth.grants(auth, q);
    return { ok: true, items: page.items.map((g) => toAppConnection(g, auth.workspace)), next_cursor: page.nextCursor };
  }

  @Delete('apps/:id')
  @Auth({ scope: 'crm.write', firstParty: true })
  @ApiOkResponse({ type: OkDto, description: 'access removed: every token of the grant is revoked' })
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number): Promise<OkDto> {
    await this.oauth.removeGrant(auth, id);
    return { ok: true };
  }
}
