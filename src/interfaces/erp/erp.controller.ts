import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../edge/id.pipe';
import { ApiDoc } from '../../edge/openapi/api-doc.decorator';
import { ErpExchangeService } from '../../domain/crm/orders/erp-exchange.service';
import { Auth, CurrentAuth } from '../../edge/auth.decorator';
import type { AuthContext } from '../../domain/identity/auth-context';
import { ErpLeaseDto, ErpListQueryDto, ErpReportDto } from './erp.dto';
import { toErpLease, toErpList, toErpReport } from './erp.mapper';
import { ErpLeaseResponse, ErpOrderList, ErpReportResponse } from './erp.schema';

const erp = { kinds: ['erp'] } as const;
const keyHeader = { name: 'X-Service-Erp-Key', required: false, description: 'the ERP key, instead of Authorization: Bearer erp_…' };

/** Spec 4.6: the ERP order exchange. ERP keys only (Authorization: Bearer erp_… or X-Service-Erp-Key). */
@ApiTags('ERP')
@ApiHeader(keyHeader)
@Controller('api/erp/v1')
export class ErpController {
  constructor(private readonly service: ErpExchangeService) {}

  @Get('orders')
  @ApiDoc({
    id: 'listErpOrders',
    summary: 'List the orders waiting for the ERP',
    description:
      'The sales orders queued for the ERP and not yet written, oldest first, at most 100 per call. Each element is a queue entry: its `id` is the ' +
      'queue entry id to report the result with (POST /api/erp/v1/orders/{id}), `order.order_id` the CRM order. With `claim=1` the returned entries ' +
      'are leased for 30 minutes (their `attempts` go up by one) and concurrent pollers never receive the same entry; each carries a ' +
      '`lease_token` (a new one per claim) to extend the lease with (POST /api/erp/v1/orders/{id}/lease) and to send with the report, which is ' +
      'then refused 409 `lease_lost` once another claim took the entry over. Without `claim` the list only shows what is waiting (`lease_token` ' +
      'and `lease_until` null). An entry whose lease ran out without a report is listed again. Only an ERP key may call it (`erp_…` as a bearer or ' +
      'in `X-Service-Erp-Key`).',
    spec: '4.6',
    ok: ErpOrderList,
  })
  @Auth({ kinds: [...erp.kinds] })
  async list(@CurrentAuth() auth: AuthContext, @Query() q: ErpListQueryDto) {
    return toErpList(await this.service.list(auth, q.claim === '1'), auth.workspace.timezone);
  }

  @Post('orders/:id')
  @HttpCode(200)
  @ApiDoc({
    id: 'reportErpOrder',
    summary: 'Report the result of writing a queued order to the ERP',
    description:
      'IMPORTANT: `{id}` is the QUEUE ENTRY id, the `id` of an element of GET /api/erp/v1/orders — not the order id (`order.order_id`). ' +
      'Body: `{"ok": true, "ext_no": "<the ERP order number>"}` when the ERP wrote the order (optionally with `status`, one of ' +
      'constants.order_erp_statuses, e.g. `open`, `shipped`, `invoiced`; later status changes are reported the same way, repeating `ext_no`), ' +
      'or `{"ok": false, "error": "<the ERP error message>", "retry": true|false}` when it could not. Optionally `lease_token`, the claim\'s ' +
      'token (see the list). A success marks the entry written and sets the order\'s ERP state to `written` with that number (and its status ' +
      'to `status` when sent). A failure with `retry: false` (the ERP refuses the order: unknown customer, closed period) makes the entry a dead ' +
      'letter at once (`failed`, listed for admins to fix and requeue); with `retry: true` or omitted the entry is listed again after a backoff ' +
      'of 2^(attempts-1) minutes (1, 2, 4, 8; at most 30) with the error shown on the order, and after 5 claims it is parked as a dead letter. ' +
      'Supersession: when the order\'s customer, lines or PO changed after the claim, the report is refused 409 `superseded` and the entry is ' +
      'listed again at once with the new ERP order as the next `version` (send `version` to have an older one refused even when the data agrees). ' +
      'A report for a version already written answers as before: 200 with the same `ext_no`, else 409 `conflict` carrying the `ext_no` it has. Repeating an identical report changes ' +
      'nothing. The answer is `{ok: true, order}` with the CRM order row (spec 2.8) as it is after the report. 404: no queue entry with this ' +
      'id in the workspace.',
    spec: '4.6',
    ok: ErpReportResponse,
    errors: {
      409:
        '`conflict`: the entry was already written and the report is a failure, or a success with another `ext_no` (`ext_no`: the number it was written with); ' +
        '`lease_lost`: `lease_token` is not the entry\'s current one (the lease ran out and another claim took the entry over); ' +
        '`superseded`: the order\'s customer, lines or PO changed after the claim (or `version` is older than the entry\'s): the new version ' +
        '(`version`) is queued and listed again at once; write that one',
    },
  })
  @Auth({ kinds: [...erp.kinds] })
  async report(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: ErpReportDto) {
    const token = { ...(dto.lease_token !== undefined ? { lease_token: dto.lease_token } : {}), ...(dto.version !== undefined ? { version: dto.version } : {}) };
    const body = dto.ok ? { ok: true as const, ext_no: dto.ext_no!.trim(), status: dto.status, ...token } : { ok: false as const, error: dto.error!.trim(), retry: dto.retry, ...token };
    return toErpReport(await this.service.report(auth, id, body));
  }

  @Post('orders/:id/lease')
  @HttpCode(200)
  @ApiDoc({
    id: 'extendErpLease',
    summary: 'Extend the lease on a claimed order',
    description:
      'For a poller working on a long order: extends the lease of the claimed queue entry `{id}` to 30 minutes from now, so no other poller ' +
      'claims it meanwhile. Body: `{"lease_token": "<the token of the claim>"}`. 409 `lease_lost`: the token is not the entry\'s current one ' +
      '(the lease ran out and another claim took the entry over, or a failure report ended it): stop working on it and do not report it. ' +
      '409 `conflict`: the entry was already written or is a dead letter. Answers the lease with its new end.',
    spec: '4.6',
    ok: ErpLeaseResponse,
    errors: { 409: '`lease_lost`: another claim took the entry over (or the lease ended); `conflict`: the entry is written or a dead letter' },
  })
  @Auth({ kinds: [...erp.kinds] })
  async lease(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: ErpLeaseDto) {
    return toErpLease(await this.service.extendLease(auth, id, dto.lease_token), auth.workspace.timezone);
  }
}
