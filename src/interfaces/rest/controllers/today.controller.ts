import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { TodayService } from '../../../domain/crm/today/today.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { TodayResponseSchema } from '../dto/today-response.dto';
import { toTodayResponse } from '../mappers/today.mapper';

@ApiTags('Workspace')
@Controller('api/v1')
export class TodayController {
  constructor(private readonly service: TodayService) {}

  /** The caller's day: cards, meetings, actions, overdue items and weekly targets. */
  @Get('today')
  @Auth({ scope: 'crm.read' })
  @ApiOkResponse({ type: TodayResponseSchema })
  async today(@CurrentAuth() auth: UserContext) {
    return toTodayResponse(await this.service.today(auth), auth.workspace);
  }
}
