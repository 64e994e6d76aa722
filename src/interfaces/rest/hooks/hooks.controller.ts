import { Body, Controller, Delete, Get, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { IdPipe } from '../../../edge/id.pipe';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import { linkBaseOf } from '../../../edge/base-url';
import type { CrmRequest } from '../../../edge/crm-request';
import { HooksService } from '../../../domain/crm/hooks';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CreateHookDto, RotateHookDto, UpdateHookDto } from './hooks.dto';
import { toInboundHookList, toInboundHookResponse, toInboundHookSecret } from './hook.mapper';
import { InboundHookList, InboundHookResponse, InboundHookSecretResponse } from './hook.schema';
import { OkResponse } from '../shared/common.schema';

/** Inbound hooks are workspace administration (admins only) and hand out secrets: first party only. */
const read = { scope: 'crm.read', firstParty: true } as const;
const write = { scope: 'crm.write', firstParty: true } as const;
const ADMINS = 'Admins only (403 `forbidden` for other users); first party only (an OAuth token gets 403 `insufficient_scope`).';
const NOT_FOUND = '404 `not_found`: no such hook in this workspace.';
const MAPPING =
  'The `mapping` lists target fields with a JSON path into the payload (`data.email`, `answers[0].text`) or a constant `value`; fields are those of the ' +
  "target's REST create body, and its required field must be mapped (lead: company, company: name, person: name, task: title, object: name); a custom object's (`target` object, `object_key`) are `name`, `owner_id`, `active`, `fields.<key>` and `links.<key>` of its definition. A bad row is 400 `invalid` naming it (`mapping[2].path`).";

@ApiTags('Inbound hooks')
@Controller('api/v1/hooks')
export class HooksController {
  constructor(private readonly service: HooksService) {}

  @Get()
  @ApiDoc({ id: 'listInboundHooks', summary: 'List inbound hooks', description: `The workspace's inbound hooks by name, with their counts. The secrets are never shown here. ${ADMINS}`, ok: InboundHookList })
  @Auth(read)
  async list(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest) {
    return toInboundHookList(await this.service.list(auth), auth.workspace, linkBaseOf(req));
  }

  @Post()
  @ApiDoc({
    id: 'createInboundHook',
    summary: 'Create an inbound hook',
    description:
      'Creates a hook with a new random `public_key`: JSON posted to its `url` becomes a record of `target` (lead, company, person, task, or a record of the custom object `object_key`), created as ' +
      '`owner_id` (default: the caller). `auth_mode` `bearer` (default) answers a secret `hk_…` to send as `Authorization: Bearer`; `signature` a Standard ' +
      'Webhooks key `whsec_…`. The secret is in this answer only (and in rotate\'s): the service keeps a hash of a bearer secret and a sealed key. ' +
      `${MAPPING} ${ADMINS}`,
    ok: InboundHookSecretResponse,
    errors: { 409: '`conflict`: the workspace already has 50 inbound hooks' },
  })
  @Auth(write)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateHookDto, @Req() req: CrmRequest) {
    return toInboundHookSecret(await this.service.create(auth, dto), auth.workspace, linkBaseOf(req));
  }

  @Get(':id')
  @ApiDoc({ id: 'getInboundHook', summary: 'Get an inbound hook', description: `One inbound hook. ${ADMINS} ${NOT_FOUND}`, ok: InboundHookResponse })
  @Auth(read)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Req() req: CrmRequest) {
    return toInboundHookResponse(await this.service.get(auth, id), auth.workspace, linkBaseOf(req));
  }

  @Patch(':id')
  @ApiDoc({
    id: 'updateInboundHook',
    summary: 'Update an inbound hook',
    description:
      'Changes the fields sent (name, target, the mapping as a whole, idempotency path, owner, active, per_minute); a new target re-checks the mapping. The ' +
      `public key and the secret stay (rotate changes the secret and the authentication mode). An inactive hook answers 404. ${ADMINS} ${NOT_FOUND}`,
    ok: InboundHookResponse,
  })
  @Auth(write)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateHookDto, @Req() req: CrmRequest) {
    return toInboundHookResponse(await this.service.update(auth, id, dto), auth.workspace, linkBaseOf(req));
  }

  @Delete(':id')
  @ApiDoc({ id: 'deleteInboundHook', summary: 'Delete an inbound hook', description: `Deletes the hook and its idempotency receipts; its URL answers 404 from then on. The records it created stay. ${ADMINS} ${NOT_FOUND}`, ok: OkResponse })
  @Auth(write)
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true as const };
  }

  @Post(':id/rotate')
  @ApiDoc({
    id: 'rotateInboundHookSecret',
    summary: "Rotate an inbound hook's secret",
    description: `Gives the hook a new secret, shown once in this answer; the old one stops working at once. \`auth_mode\` switches between bearer and signature with it. ${ADMINS} ${NOT_FOUND}`,
    ok: InboundHookSecretResponse,
  })
  @Auth(write)
  async rotate(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: RotateHookDto, @Req() req: CrmRequest) {
    return toInboundHookSecret(await this.service.rotate(auth, id, dto.auth_mode), auth.workspace, linkBaseOf(req));
  }
}
