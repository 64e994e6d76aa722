import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { CrmRequest } from '../../../edge/crm-request';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { UserDirectoryService } from '../../../domain/identity/user-directory.service';
import { ScimConnectionResponse, ScimKeyCreatedResponse } from '../dto/scim-connection.dto';
import { toScimConnection } from '../mappers/scim-connection.mapper';

/** scheme://host/api/scim/v2 of this workspace, as the identity provider must call it. */
function scimBaseUrl(req: CrmRequest): string {
  return `${req.protocol}://${(req.get('host') ?? 'localhost').replace(/[^A-Za-z0-9.:[\]-]/g, '')}/api/scim/v2`;
}

/** The SCIM connection card of the admin settings (admins only; 403 forbidden for others). */
@ApiTags('SCIM 2.0')
@Controller('api/v1/settings/scim')
export class ScimConnectionController {
  constructor(private readonly directory: UserDirectoryService) {}

  @Get()
  @Auth({ scope: 'crm.read', firstParty: true })
  @ApiOkResponse({ type: ScimConnectionResponse })
  async get(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest): Promise<ScimConnectionResponse> {
    return toScimConnection(await this.directory.connection(auth), scimBaseUrl(req), auth.workspace);
  }

  @Post('key')
  @HttpCode(201)
  @Auth({ scope: 'crm.write', firstParty: true })
  @ApiCreatedResponse({ type: ScimKeyCreatedResponse, description: 'a new SCIM key (shown once); earlier SCIM keys are revoked' })
  async rotate(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest): Promise<ScimKeyCreatedResponse> {
    const { token, credential } = await this.directory.rotateKey(auth);
    return { ok: true, key: token, prefix: credential.prefix, base_url: scimBaseUrl(req) };
  }
}
