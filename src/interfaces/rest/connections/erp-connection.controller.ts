import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { IdPipe } from '../../../edge/id.pipe';
import { ErpDeadLettersService } from '../../../domain/crm/orders/erp-dead-letters.service';
import type { z } from 'zod';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import type { CrmRequest } from '../../../edge/crm-request';
import { linkBaseOf } from '../../../edge/base-url';
import { ErpConnectionService } from '../../../domain/crm/orders/erp-connection.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { ErpConnectionResponse, ErpDeadLetterList, ErpKeyCreated, ErpKeysRevoked, ErpRequeued } from './connection.schema';
import { toErpConnection, toErpDeadLetters } from './erp-connection.mapper';

/** The configured base of this workspace + /api/erp/v1, as the ERP must call it (never from the Host). */
function erpBaseUrl(req: CrmRequest): string {
  return `${linkBaseOf(req)}/api/erp/v1`;
}

/** The ERP connection card of the admin settings (admins only; 403 forbidden for others). */
@ApiTags('ERP')
@Controller('api/v1/settings/erp')
export class ErpConnectionController {
  constructor(
    private readonly service: ErpConnectionService,
    private readonly deadLetters: ErpDeadLettersService,
  ) {}

  @Get()
  @ApiDoc({
    id: 'getErpConnection',
    summary: 'The ERP connection card',
    description:
      'What an admin needs to connect the ERP and watch the exchange: the ERP API base URL, the active ERP keys (prefixes, never the tokens), ' +
      'the order queue by state, when the ERP last polled and the latest ERP errors. Admins only (403 `forbidden`); first-party credentials only.',
    ok: ErpConnectionResponse,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async get(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest): Promise<z.output<typeof ErpConnectionResponse>> {
    return toErpConnection(await this.service.connection(auth), erpBaseUrl(req), auth.workspace.timezone);
  }

  @Post('key')
  @HttpCode(201)
  @ApiDoc({
    id: 'createErpKey',
    summary: 'Create a new ERP key',
    description:
      'Creates the ERP key (`erp_…`) the ERP authenticates with on /api/erp/v1; the token is in this answer only. Every earlier ERP key is ' +
      'revoked at once (audited as `credential_revoked`). Admins only (403 `forbidden`); first-party credentials only.',
    ok: ErpKeyCreated,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async rotate(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest): Promise<z.output<typeof ErpKeyCreated>> {
    const { token, credential } = await this.service.rotateKey(auth);
    return { ok: true, key: token, prefix: credential.prefix, base_url: erpBaseUrl(req) };
  }

  @Delete('key')
  @ApiDoc({
    id: 'revokeErpKeys',
    summary: 'Revoke the ERP keys',
    description:
      'Revokes every active ERP key: the ERP can no longer call /api/erp/v1 until a new key is created. Answers how many were revoked (0 when ' +
      'none was active). Admins only (403 `forbidden`); first-party credentials only.',
    ok: ErpKeysRevoked,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async revoke(@CurrentAuth() auth: UserContext): Promise<z.output<typeof ErpKeysRevoked>> {
    return { ok: true, revoked: await this.service.revokeKey(auth) };
  }

  @Get('dead-letters')
  @ApiDoc({
    id: 'listErpDeadLetters',
    summary: 'The dead letters of the ERP queue',
    description:
      'Queue entries the ERP will not write as they are: rejected by the ERP (a report with `retry: false`: unknown customer, closed period) or ' +
      'failed 5 claims, newest first (at most 200, `total` counts all), with the reason and the ERP error. Fix the data, then requeue. Admins ' +
      'only (403 `forbidden`); first-party credentials only.',
    ok: ErpDeadLetterList,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async listDeadLetters(@CurrentAuth() auth: UserContext): Promise<z.output<typeof ErpDeadLetterList>> {
    return toErpDeadLetters(await this.deadLetters.list(auth), auth.workspace.timezone);
  }

  @Post('dead-letters/requeue')
  @HttpCode(200)
  @ApiDoc({
    id: 'requeueAllErpDeadLetters',
    summary: 'Requeue every dead letter',
    description:
      'Puts every dead letter back in the ERP queue: its ERP order is rebuilt from the order as it is now (with the fixed data), its attempts ' +
      'start again at 0 and the order shows `queued`. Answers how many (0 when none). Admins only (403 `forbidden`); first-party credentials only.',
    ok: ErpRequeued,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async requeueAll(@CurrentAuth() auth: UserContext): Promise<z.output<typeof ErpRequeued>> {
    return { ok: true, requeued: await this.deadLetters.requeueAll(auth) };
  }

  @Post('dead-letters/:id/requeue')
  @HttpCode(200)
  @ApiDoc({
    id: 'requeueErpDeadLetter',
    summary: 'Requeue one dead letter',
    description:
      'Puts the dead letter `{id}` (a queue entry id) back in the ERP queue, its ERP order rebuilt from the order as it is now, attempts at 0. ' +
      '404: no queue entry with this id; 409 `conflict`: the entry is not a dead letter. Admins only (403 `forbidden`); first-party credentials only.',
    ok: ErpRequeued,
    errors: { 409: '`conflict`: the entry is waiting or written, not a dead letter' },
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async requeue(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number): Promise<z.output<typeof ErpRequeued>> {
    return { ok: true, requeued: await this.deadLetters.requeue(auth, id) };
  }
}
