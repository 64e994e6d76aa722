import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { TodayService, WeeklyTargetsService } from '../../../domain/crm/today';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { TodayResponse, WeeklyTargetsResponse } from './today.schema';
import { PutWeeklyTargetsDto } from './weekly-targets.dto';
import { toTodayResponse } from './today.mapper';
import { callerView } from '../shared/common.mapper';

@ApiTags('Workspace')
@Controller('api/v1')
export class TodayController {
  constructor(
    private readonly service: TodayService,
    private readonly targets: WeeklyTargetsService,
  ) {}

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

  @Get('settings/weekly-targets')
  @ApiDoc({
    id: 'getWeeklyTargets',
    summary: 'The weekly targets',
    description:
      "The workspace's visits and completed tasks per user and week, which Today's progress bars and the activity report measure against. " +
      'First-party credentials only, as all of /settings; an app reads them as constants.weekly_visit_target and weekly_task_target in `me`.',
    ok: WeeklyTargetsResponse,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  getTargets(@CurrentAuth() auth: UserContext) {
    return { ok: true as const, ...this.targets.get(auth) };
  }

  @Put('settings/weekly-targets')
  @ApiDoc({
    id: 'putWeeklyTargets',
    summary: 'Set the weekly targets',
    description:
      'Sets the visits and completed tasks per user and week (a field left out keeps its value), for Today and the activity report from the next request on; ' +
      'audited as `weekly_targets_set`. Admins only (403 `forbidden`); first-party credentials only (docs/decisions/reports.md, "Weekly targets").',
    ok: WeeklyTargetsResponse,
    errors: { 400: '`invalid`: a target that is not a whole number from 0 to 1000' },
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async putTargets(@CurrentAuth() auth: UserContext, @Body() dto: PutWeeklyTargetsDto) {
    return { ok: true as const, ...(await this.targets.set(auth, dto)) };
  }
}
