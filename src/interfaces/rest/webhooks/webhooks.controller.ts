import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OkResponse } from '../shared/common.schema';
import { WebhookDeliveryList, WebhookDeliveryResponse, WebhookList, WebhookReplayResponse, WebhookResponse } from './webhook.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { WebhooksService } from '../../../domain/integrations/webhooks.service';
import { WebhookReplay } from '../../../domain/integrations/webhook-replay';
import { REPLAY_MAX_EVENTS } from '../../../domain/integrations/webhook-replay.rules';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CreateWebhookDto, ReplayWebhookDto, UpdateWebhookDto } from './webhooks.dto';
import { toDelivery, toWebhook } from './webhook.mapper';

const ADMINS = 'Admins only (403 `forbidden` for other users).';
const NOT_FOUND = '404 when the connection is not in the workspace.';

/** Outbound webhook connections (spec 6), managed by admins. */
@ApiTags('Webhooks')
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly service: WebhooksService,
    private readonly replays: WebhookReplay,
  ) {}

  @Get()
  @ApiDoc({
    id: 'listWebhooks',
    summary: 'List webhook connections',
    description: `All webhook connections of the workspace (at most 50), oldest first, each with its latest delivery result. The signing key is never shown here. ${ADMINS}`,
    spec: '6',
    ok: WebhookList,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async list(@CurrentAuth() auth: UserContext) {
    return { ok: true as const, items: (await this.service.list(auth)).map((c) => toWebhook(c, auth.workspace)) };
  }

  @Post()
  @ApiDoc({
    id: 'createWebhook',
    summary: 'Create a webhook connection',
    description:
      'Creates a connection that POSTs the selected events (spec 6.1) to an `https://` URL; the URL must not point to a loopback, private, link-local ' +
      'or metadata address. The answer is one of only two that show `signing_key` (the other is rotate): store it to verify signatures (spec 6.3). ' +
      `Chat kinds send the channel's own format, unsigned (spec 6.5). Record-creation kinds (asana, trello, jira, airtable, google_sheets, mailchimp, brevo; spec 6.5) ` +
      "take no `url` but a `config` (the product's target) and a `token` (stored sealed, never shown back; `signing_key` is null): each subscribed event " +
      'creates one task, card, issue, row or mailing-list contact through the product\'s API, with the same worker, 8 s limit, no retries, log and replay; ' +
      'mailchimp and brevo take only `contact_created` and `lead_created` (400 `invalid` naming `events` otherwise). ' +
      `An optional \`filter\` on the events' \`data\` (\`{match: all|any, conditions: [{field, op: eq|in|not, value}]}\`, ` +
      `at most 10 conditions) delivers only the events that pass it; a bad filter is 400 \`invalid\` naming the part. ${ADMINS}`,
    spec: '6',
    ok: WebhookResponse,
    errors: { 409: '`conflict`: the workspace already has 50 connections' },
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateWebhookDto) {
    const r = await this.service.create(auth, dto);
    return { ok: true as const, webhook: toWebhook(r.connection, auth.workspace, r.signingKey) };
  }

  @Get(':id')
  @ApiDoc({
    id: 'getWebhook',
    summary: 'Get a webhook connection',
    description: `One connection with its latest delivery result (\`signing_key\` is null). ${ADMINS} ${NOT_FOUND}`,
    spec: '6',
    ok: WebhookResponse,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, webhook: toWebhook(await this.service.get(auth, id), auth.workspace) };
  }

  @Patch(':id')
  @ApiDoc({
    id: 'updateWebhook',
    summary: 'Update a webhook connection',
    description: `Changes the URL, the events, the \`filter\` (null removes it), \`active\` (false pauses deliveries) or, for a record-creation kind, its \`config\` and \`token\`; omitted fields keep their values. The URL and the filter are checked as on create (the filter against the events the connection will have). ${ADMINS} ${NOT_FOUND}`,
    spec: '6',
    ok: WebhookResponse,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateWebhookDto) {
    return { ok: true as const, webhook: toWebhook(await this.service.update(auth, id, dto), auth.workspace) };
  }

  @Delete(':id')
  @ApiDoc({
    id: 'deleteWebhook',
    summary: 'Delete a webhook connection',
    description: `Deletes the connection and its delivery log. ${ADMINS} ${NOT_FOUND}`,
    spec: '6',
    ok: OkResponse,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true as const };
  }

  @Post(':id/rotate')
  @ApiDoc({
    id: 'rotateWebhookKey',
    summary: 'Rotate the signing key',
    description: `Gives the connection a new signing key, shown once in this answer (\`signing_key\`); the old key stops signing at once. 400 \`invalid\` for a record-creation kind (it signs nothing). ${ADMINS} ${NOT_FOUND}`,
    spec: '6.3',
    ok: WebhookResponse,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async rotate(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    const r = await this.service.rotate(auth, id);
    return { ok: true as const, webhook: toWebhook(r.connection, auth.workspace, r.signingKey) };
  }

  @Post(':id/test')
  @ApiDoc({
    id: 'testWebhook',
    summary: 'Send a test delivery',
    description:
      "'Test connection': queues a delivery with `event: \"test\"` (also to a paused connection) and answers it `pending`; it is sent in the background, " +
      `and its result shows in the delivery log and as the connection's \`last_result\`. A record-creation connection creates one record from it (a mailing one subscribes the calling admin's own address). ${ADMINS} ${NOT_FOUND}`,
    spec: '6',
    ok: WebhookDeliveryResponse,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async test(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, delivery: toDelivery(await this.service.test(auth, id), auth.workspace) };
  }

  @Get(':id/deliveries')
  @ApiDoc({
    id: 'listWebhookDeliveries',
    summary: 'List the deliveries of a connection',
    description: `The delivery log: the latest 200 attempts, newest first (without the bodies sent). ${ADMINS} ${NOT_FOUND}`,
    spec: '2.16',
    ok: WebhookDeliveryList,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async deliveries(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, items: (await this.service.deliveries(auth, id)).map((d) => toDelivery(d, auth.workspace)) };
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @ApiDoc({
    id: 'resendWebhookDelivery',
    summary: 'Resend a delivery',
    description:
      'Queues the same body again (same `webhook_id`), signed with the current key and a new timestamp; the answer is the new delivery, `pending`, ' +
      `with \`resend_of\` naming the original. ${ADMINS} 404 when the connection or the delivery (of this connection) is not found.`,
    spec: '2.16',
    ok: WebhookDeliveryResponse,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async resend(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Param('deliveryId', IdPipe) deliveryId: number) {
    return { ok: true as const, delivery: toDelivery(await this.service.resend(auth, id, deliveryId), auth.workspace) };
  }

  @Post(':id/replay')
  @ApiDoc({
    id: 'replayWebhook',
    summary: 'Replay the events of a window',
    description:
      "Queues deliveries of the connection's subscribed events that happened in `[since, until)` (spec 6.1; `until` defaults to now), oldest first, " +
      'each with its original `webhook-id` (receivers deduplicate) and, while the delivery log still holds it, the same body; signed with the current key ' +
      "and a new timestamp, sent at the connection's concurrency (also when it is paused) and shown in the delivery log with `replay: true`. " +
      '`only_failed` sends only the events whose latest delivery to this connection got no 2xx answer; with `only_failed` and neither `since` nor `until`, every such event the journal still keeps. Timestamps are in the workspace local time unless ' +
      `they carry Z or an offset. No automatic retries: this is the admin's "send again" for a window. 400 \`invalid\` naming \`since\` when it is older ` +
      `than the event journal keeps events (EVENT_RETENTION_DAYS) or the window holds more than ${REPLAY_MAX_EVENTS} events; naming \`until\` when it is not ` +
      `after \`since\`. ${ADMINS} ${NOT_FOUND}`,
    spec: '6.4',
    ok: WebhookReplayResponse,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async replay(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: ReplayWebhookDto) {
    // "send again what failed" needs no window: every failed event the journal still keeps
    if (dto.only_failed === true && !dto.since && !dto.until) return { ok: true as const, queued: await this.replays.replayFailed(auth, id) };
    return { ok: true as const, queued: await this.replays.replay(auth, id, dto) };
  }
}
