import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { WebhooksService } from '../../../domain/integrations/webhooks.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import {
  CreateWebhookDto,
  WebhookOkResponse,
  UpdateWebhookDto,
  WebhookDeliveryListResponse,
  WebhookDeliveryResponse,
  WebhookListResponse,
  WebhookResponse,
} from '../dto/webhooks.dto';
import { toDelivery, toWebhook } from '../mappers/webhook.mapper';

/** Outbound webhook connections (spec 6), managed by admins. */
@ApiTags('Workspace')
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(private readonly service: WebhooksService) {}

  @Get()
  @Auth({ scope: 'crm.read', firstParty: true })
  @ApiOkResponse({ type: WebhookListResponse })
  async list(@CurrentAuth() auth: UserContext) {
    return { ok: true, items: (await this.service.list(auth)).map((c) => toWebhook(c, auth.workspace)) };
  }

  @Post()
  @Auth({ scope: 'crm.write', firstParty: true })
  @ApiCreatedResponse({ type: WebhookResponse, description: 'the only responses, with rotate, that show signing_key' })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateWebhookDto) {
    const r = await this.service.create(auth, dto);
    return { ok: true, webhook: toWebhook(r.connection, auth.workspace, r.signingKey) };
  }

  @Get(':id')
  @Auth({ scope: 'crm.read', firstParty: true })
  @ApiOkResponse({ type: WebhookResponse })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true, webhook: toWebhook(await this.service.get(auth, id), auth.workspace) };
  }

  @Patch(':id')
  @Auth({ scope: 'crm.write', firstParty: true })
  @ApiOkResponse({ type: WebhookResponse })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateWebhookDto) {
    return { ok: true, webhook: toWebhook(await this.service.update(auth, id, dto), auth.workspace) };
  }

  @Delete(':id')
  @Auth({ scope: 'crm.write', firstParty: true })
  @ApiOkResponse({ type: WebhookOkResponse })
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true };
  }

  @Post(':id/rotate')
  @Auth({ scope: 'crm.write', firstParty: true })
  @ApiCreatedResponse({ type: WebhookResponse })
  async rotate(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    const r = await this.service.rotate(auth, id);
    return { ok: true, webhook: toWebhook(r.connection, auth.workspace, r.signingKey) };
  }

  @Post(':id/test')
  @Auth({ scope: 'crm.write', firstParty: true })
  @ApiCreatedResponse({ type: WebhookDeliveryResponse, description: 'the queued test delivery; its result shows in the log and as last_result' })
  async test(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true, delivery: toDelivery(await this.service.test(auth, id), auth.workspace) };
  }

  @Get(':id/deliveries')
  @Auth({ scope: 'crm.read', firstParty: true })
  @ApiOkResponse({ type: WebhookDeliveryListResponse })
  async deliveries(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true, items: (await this.service.deliveries(auth, id)).map((d) => toDelivery(d, auth.workspace)) };
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @Auth({ scope: 'crm.write', firstParty: true })
  @ApiCreatedResponse({ type: WebhookDeliveryResponse })
  async resend(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Param('deliveryId', IdPipe) deliveryId: number) {
    return { ok: true, delivery: toDelivery(await this.service.resend(auth, id, deliveryId), auth.workspace) };
  }
}
