import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { QuickEntryService } from '../../../domain/crm/quick-entry/quick-entry.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { QeConfigQueryDto, QeConfigResponseSchema, QeSuggestDto, QeSuggestResponseSchema } from '../dto/quick-entry.dto';

const read = { scope: 'crm.read', module: MODULES.activities } as const;

@ApiTags('Activities')
@Controller('api/v1/qe')
export class QuickEntryController {
  constructor(private readonly service: QuickEntryService) {}

  /** The Quick Entry form: blocks, conditions, templates and the one to open, and the lists it offers. */
  @Get('config')
  @Auth(read)
  @ApiOkResponse({ type: QeConfigResponseSchema })
  async config(@CurrentAuth() auth: UserContext, @Query() q: QeConfigQueryDto) {
    return { ok: true as const, ...(await this.service.config(auth, q.type)) };
  }

  /** Rule-based suggestions from a visit note (no outside calls). */
  @Post('suggest')
  @HttpCode(200)
  @Auth(read)
  @ApiOkResponse({ type: QeSuggestResponseSchema })
  async suggest(@CurrentAuth() auth: UserContext, @Body() dto: QeSuggestDto) {
    return { ok: true as const, items: await this.service.suggest(auth, dto) };
  }
}
