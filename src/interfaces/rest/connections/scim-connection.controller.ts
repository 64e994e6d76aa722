import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { z } from 'zod';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import type { CrmRequest } from '../../../edge/crm-request';
import { linkBaseOf } from '../../../edge/base-url';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { UserDirectoryService } from '../../../domain/identity/user-directory.service';
import { ScimConnectionResponse, ScimKeyCreated } from './connection.schema';
import { toScimConnection } from './scim-connection.mapper';

/** The configured base of this workspace + /api/scim/v2, as the identity provider must call it (never from the Host). */
function scimBaseUrl(req: CrmRequest): string {
  return `${linkBaseOf(req)}/api/scim/v2`;
}

/** The SCIM connection card of the admin settings (admins only; 403 forbidden for others). */
@ApiTags('SCIM 2.0')
@Controller('api/v1/settings/scim')
export class ScimConnectionController {
  constructor(private readonly directory: UserDirectoryService) {}

  @Get()
  @ApiDoc({
    id: 'getScimConnection',
    summary: 'The SCIM connection card',
    description:
      'What an admin needs to connect an identity provider: the SCIM base URL of this workspace, the active SCIM key (its prefix, never the ' +
      'token) and the last 20 provisioning operations. Admins only (403 `forbidden`); first-party credentials only.',
    ok: ScimConnectionResponse,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async get(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest): Promise<z.output<typeof ScimConnectionResponse>> {
    return toScimConnection(await this.directory.connection(auth), scimBaseUrl(req), auth.workspace);
  }

  @Post('key')
  @HttpCode(201)
  @ApiDoc({
    id: 'createScimKey',
    summary: 'Create a new SCIM key',
    description:
      'Creates the SCIM key the identity provider authenticates with; the token is in this answer only. Every earlier SCIM key is revoked at ' +
      'once (audited as `credential_revoked`). Admins only (403 `forbidden`); first-party credentials only.',
    ok: ScimKeyCreated,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async rotate(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest): Promise<z.output<typeof ScimKeyCreated>> {
    const { token, credential } = await this.directory.rotateKey(auth);
    return { ok: true, key: token, prefix: credential.prefix, base_url: scimBaseUrl(req) };
  }
}
