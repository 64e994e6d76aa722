import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { TodayService } from '../../../domain/crm/today/today.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { TodayResponse } from '../schemas/today.schema';
import { toTodayResponse } from '../mappers/today.mapper';
import { callerView } from '../mappers/common.mapper';

@ApiTags('Workspace')
@Controller('api/v1')
export class TodayController {
  constructor(private readonly service: TodayService) {}

  /** The caller's day: cards, meetings, actions, overdue items and weekly targets. */
  @Get('today')
  @ApiDoc({
    id: 'getToday',
    summary: "The caller's day",
    description:
      "The caller's day in the workspace's time zone: the company, people and lead cards (each with the caller's own items, the team's, the " +
      'recently opened ones and their counts), today\'s meetings, the actions due, overdue tasks and visits, and the weekly visit and task targets. ' +
      'Each part needs its module (Customers, Fair leads, Visits / Activities; opportunity figures on company cards need Opportunities) and is ' +
      'empty without it; only records the caller may see appear.',
    spec: '4.2',
    ok: TodayResponse,
  })
  @Auth({ scope: 'crm.read' })
  async today(@CurrentAuth() auth: UserContext) {
    return toTodayResponse(await this.service.today(auth), callerView(auth));
  }
}
