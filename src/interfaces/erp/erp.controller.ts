import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../edge/id.pipe';
import { ErpExchangeService } from '../../domain/crm/orders/erp-exchange.service';
import { Auth, CurrentAuth } from '../../edge/auth.decorator';
import type { AuthContext } from '../../domain/identity/auth-context';
import { ErpListQueryDto, ErpListResponseSchema, ErpReportDto, ErpReportResponseSchema } from './erp.dto';
import { toErpList, toErpReport } from './erp.mapper';

const erp = { kinds: ['erp'] } as const;
const keyHeader = { name: 'X-Service-Erp-Key', required: false, description: 'the ERP key, instead of Authorization: Bearer erp_…' };

/** Spec 4.6: the ERP order exchange. ERP keys only (Authorization: Bearer erp_… or X-Service-Erp-Key). */
@ApiTags('ERP')
@ApiHeader(keyHeader)
@Controller('api/erp/v1')
export class ErpController {
  constructor(private readonly service: ErpExchangeService) {}

  @Get('orders')
  @Auth({ kinds: [...erp.kinds] })
  @ApiOkResponse({ type: ErpListResponseSchema })
  async list(@CurrentAuth() auth: AuthContext, @Query() q: ErpListQueryDto) {
    return toErpList(await this.service.list(auth, q.claim === '1'), auth.workspace.timezone);
  }

  @Post('orders/:id')
  @HttpCode(200)
  @Auth({ kinds: [...erp.kinds] })
  @ApiOkResponse({ type: ErpReportResponseSchema })
  @ApiNotFoundResponse({ description: 'not_found: no such queue entry in this workspace' })
  @ApiConflictResponse({ description: 'conflict: the entry was already written (with another number)' })
  async report(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: ErpReportDto) {
    const body = dto.ok ? { ok: true as const, ext_no: dto.ext_no!.trim(), status: dto.status } : { ok: false as const, error: dto.error!.trim() };
    return toErpReport(await this.service.report(auth, id, body));
  }
}
