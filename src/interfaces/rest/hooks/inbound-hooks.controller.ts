import { Controller, Param, Post, Req, Res, type Type } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { CurrentWorkspace, Public } from '../../../edge/auth.decorator';
import type { CrmRequest } from '../../../edge/crm-request';
import { HOOK_BODY_LIMIT } from '../../../edge/hook-body';
import { createValidationPipe } from '../../../edge/validation';
import { HookReceiver, RECEIPT_DAYS, type HookTarget, type TargetCheck } from '../../../domain/crm/hooks';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { CreateCompanyDto } from '../companies/companies.dto';
import { CreateLeadDto } from '../leads/leads.dto';
import { CreateObjectRecordDto } from '../objects/objects.dto';
import { CreatePersonDto } from '../people/people.dto';
import { CreateTaskDto } from '../tasks/tasks.dto';
import { toHookAccepted } from './hook.mapper';
import { HookAccepted } from './hook.schema';

/** The REST create body of each target: a mapped payload passes exactly the checks a REST create would. */
const CREATE_DTO: Record<HookTarget, Type> = { lead: CreateLeadDto, company: CreateCompanyDto, person: CreatePersonDto, task: CreateTaskDto, object: CreateObjectRecordDto };
const pipe = createValidationPipe();
const checkLikeRest: TargetCheck = async (target, body) => (await pipe.transform(body, { type: 'body', metatype: CREATE_DTO[target], data: undefined })) as object;
const header = (req: CrmRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

@ApiTags('Inbound hooks')
@Controller('hooks')
export class InboundHooksController {
  constructor(private readonly receiver: HookReceiver) {}

  /** Public: a website or an automation posts JSON (no CRM credential; the hook's secret; the workspace comes from the host). */
  @Post(':public_key')
  @Public()
  @ApiBody({ required: true, description: 'any JSON; the hook\'s mapping picks the values', schema: { type: 'object', additionalProperties: true, example: { data: { company: 'Yeni Plastik Ltd.', email: 'deniz@yeni.test' } } } })
  @ApiHeader({ name: 'Authorization', required: false, description: '`Bearer <secret>`: hooks with auth mode `bearer`' })
  @ApiHeader({ name: 'webhook-id', required: false, description: 'Standard Webhooks message id (auth mode `signature`); also the idempotency key when the payload has none' })
  @ApiHeader({ name: 'webhook-timestamp', required: false, description: 'Standard Webhooks: seconds since 1970, within 5 minutes of the server\'s clock' })
  @ApiHeader({ name: 'webhook-signature', required: false, description: 'Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">` keyed with the `whsec_` secret' })
  @ApiDoc({
    id: 'receiveInboundHook',
    summary: 'Post to an inbound hook (public)',
    spec: '6.1',
    description:
      'No CRM credential: a website, Typeform, Zapier, Make or n8n posts JSON to the hook\'s URL on the workspace host, authenticated by the hook\'s secret ' +
      '(`Authorization: Bearer <secret>`, or a Standard Webhooks signature). The hook\'s mapping turns the payload into the body of its target\'s REST create ' +
      '(lead, company, person, task or a custom object\'s record), which is checked by the same rules and written by the same service as the hook\'s owner, so the same events are ' +
      'raised (`lead_created`, `customer_created`, `contact_created`). Idempotent on the payload\'s key at the hook\'s `idempotency_path`, else on the ' +
      '`webhook-id` header: a repeat answers 200 with the same `id` and `replayed: true` and writes nothing. ' +
      `The body is at most ${HOOK_BODY_LIMIT / 1024} KiB. Receipts of idempotency keys are kept ${RECEIPT_DAYS} days. Decisions: docs/decisions/inbound-hooks.md.`,
    ok: [
      { status: 201, schema: HookAccepted, description: 'the record was created' },
      { status: 200, schema: HookAccepted, description: 'a repeated idempotency key: the record the first delivery created (`replayed: true`); nothing written' },
    ],
    errors: {
      400: '`invalid`: the mapped body breaks a rule of the target\'s REST create; `field` names the target field and the message the JSON path it was mapped from',
      401: '`unauthorized`: a missing or wrong bearer secret, or a missing, wrong or stale (more than 5 minutes) Standard Webhooks signature',
      403: "`module`: the target's licence module is off for the hook's owner",
      409: '`duplicate`: a company or person like it exists (as the REST create answers)',
      429: "`rate_limited`: more requests this minute than the hook's `per_minute`; wait `Retry-After` seconds",
    },
  })
  async receive(@CurrentWorkspace() ws: Workspace, @Param('public_key') key: string, @Req() req: CrmRequest, @Res({ passthrough: true }) res: Response) {
    const result = await this.receiver.receive(
      ws,
      key.slice(0, 40),
      {
        authorization: header(req, 'authorization'),
        webhookId: header(req, 'webhook-id'),
        webhookTimestamp: header(req, 'webhook-timestamp'),
        webhookSignature: header(req, 'webhook-signature'),
        raw: req.rawBody ?? Buffer.alloc(0),
        payload: req.body as unknown,
      },
      checkLikeRest,
    );
    if (result.replayed) res.status(200);
    return toHookAccepted(result);
  }
}
