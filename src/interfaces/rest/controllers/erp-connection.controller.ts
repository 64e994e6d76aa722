import { Controller, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { CrmRequest } from '../../../edge/crm-request';
import { ErpConnectionService } from '../../../domain/crm/orders/erp-connection.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { ErpConnectionResponse, ErpKeyCreatedResponse, ErpKeyRevokedResponse } from '../dto/erp-connection.dto';
import { toErpConnection } from '../mappers/erp-connection.mapper';

/** scheme://host/api/erp/v1 of this workspace, as the ERP must call it. */
function erpBaseUrl(req: CrmRequest): string {
  return `${req.protocol}://${(req.get('host') ?? 'localhost').replace(/[^A-Za-z0-9.:[\]-]/g, '')}/api/erp/v1`;
}

/** The ERP connection card of the admin settings (admins only; 403 forbidden for others). */
@ApiTags('ERP')
@Controller('api/v1/settings/erp')
export class ErpConnectionController {
  constructor(private readonly service: ErpConnectionService) {}

  @Get()
  @Auth({ scope: 'crm.read', firstParty: true })
  @ApiOkResponse({ type: ErpConnectionResponse })
  async get(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest): Promise<ErpConnectionResponse> {
    return toErpConnection(await this.service.connection(auth), erpBaseUrl(req), auth.workspace.timezone);
  }

  @Post('key')
  @HttpCode(201)
  @Auth({ scope: 'crm.write', firstParty: true })
  @ApiCreatedResponse({ type: ErpKeyCreatedResponse, description: 'a new ERP key (shown once); earlier ERP keys are revoked' })
  async rotate(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest): Promise<ErpKeyCreatedResponse> {
    const { token, credential } = await this.service.rotateKey(auth);
    return { ok: true, key: token, prefix: credential.prefix, base_url: erpBaseUrl(req) };
  }

  @Delete('key')
  @Auth({ scope: 'crm.write', firstParty: true })
  @ApiOkResponse({ type: ErpKeyRevokedResponse })
  async revoke(@CurrentAuth() auth: UserContext): Promise<ErpKeyRevokedResponse> {
    return { ok: true, revoked: await this.service.revokeKey(auth) };
  }
}
