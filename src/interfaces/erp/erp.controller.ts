import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../edge/id.pipe';
import { ApiDoc } from '../../edge/openapi/api-doc.decorator';
import { ErpExchangeService } from '../../domain/crm/orders/erp-exchange.service';
import { Auth, CurrentAuth } from '../../edge/auth.decorator';
import type { AuthContext } from '../../domain/identity/auth-context';
import { ErpListQueryDto, ErpReportDto } from './erp.dto';
import { toErpList, toErpReport } from './erp.mapper';
import { ErpOrderList, ErpReportResponse } from './erp.schema';

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
      'are leased for 30 minutes (their `attempts` go up by one) and concurrent pollers never receive the same entry; without it the list only ' +
      'shows what is waiting. An entry whose lease ran out without a report is listed again. Only an ERP key may call it (`erp_…` as a bearer or ' +
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
      'or `{"ok": false, "error": "<the ERP error message>"}` when it could not. A success marks the entry written and sets the order\'s ERP ' +
      'state to `written` with that number (and its status to `status` when sent). A failure puts the entry back in the queue (listed again) ' +
      'and shows the error on the order; after 5 claims it is parked as `failed` and no longer listed. Repeating an identical report changes ' +
      'nothing. The answer is `{ok: true, order}` with the CRM order row (spec 2.8) as it is after the report. 404: no queue entry with this ' +
      'id in the workspace.',
    spec: '4.6',
    ok: ErpReportResponse,
    errors: {
      409: '`conflict`: the entry was already written and the report is a failure, or a success with another `ext_no` (`ext_no`: the number it was written with)',
    },
  })
  @Auth({ kinds: [...erp.kinds] })
  async report(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: ErpReportDto) {
    const body = dto.ok ? { ok: true as const, ext_no: dto.ext_no!.trim(), status: dto.status } : { ok: false as const, error: dto.error!.trim() };
    return toErpReport(await this.service.report(auth, id, body));
  }
}
