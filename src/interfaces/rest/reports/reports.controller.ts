import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  accuracyView, activityView, ActivityReportService, adjustmentView, ForecastAccuracyService, ForecastAdjustmentsService, forecastView, funnelView, movementView, quotaView,
  QuotasService, ReportsService, winRateView,
} from '../../../domain/crm/reports';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { AccuracyQueryDto, AdjustmentListQueryDto, ForecastQueryDto, OwnerReportQueryDto, FunnelQueryDto, MovementQueryDto, PutAdjustmentsDto, PutQuotasDto, QuotaListQueryDto, ReportQueryDto, stageList, wantsRows } from './reports.dto';
import { ActivityReportResponse, ForecastAccuracyResponse } from './accuracy-activity.schema';
import { ForecastAdjustmentList, ForecastResponse, FunnelResponse, PipelineMovementResponse, QuotaList, ReportTeamList, WinRateResponse } from './reports.schema';

const READ = { scope: 'crm.read', module: MODULES.opportunities } as const;
const WRITE = { scope: 'crm.write', module: MODULES.opportunities } as const;
const COMMON =
  'Computed from the opportunities\' history (docs/decisions/reports.md), so a past period does not change when records are edited later. Counts only ' +
  'opportunities the caller may see (as the opportunity list); `owner_id`, `team` and `stages` apply to the owner and stage at the time, `product_id` ' +
  'and `source` to the current record. `rows=1` adds the opportunity ids behind every figure. Values are in the base currency at the rates of the ' +
  'moment of each change.';
const PERIOD_ERRORS = { 400: '`invalid`: a malformed date, `from` after `to`, a period over three years, or a stage not in constants.stages' };

@ApiTags('Reports')
@Controller('api/v1')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly quotas: QuotasService,
    private readonly adjustments: ForecastAdjustmentsService,
    private readonly accuracyReports: ForecastAccuracyService,
    private readonly activityReports: ActivityReportService,
  ) {}

  @Get('reports/pipeline-movement')
  @ApiDoc({
    id: 'getPipelineMovement',
    summary: 'Pipeline movement between two dates',
    description:
      'The waterfall of the open pipeline due from `close_from` to `close_to` between the start of `from` and the end of `to`: open at start + created + ' +
      'pulled in + value up − value down − pushed out − won − lost = open at end, to the cent. ' + COMMON,
    spec: '2.6',
    ok: PipelineMovementResponse,
    errors: PERIOD_ERRORS,
  })
  @Auth(READ)
  async movement(@CurrentAuth() auth: UserContext, @Query() q: MovementQueryDto) {
    return { ok: true, ...movementView(await this.reports.movement(auth, { ...q, stages: stageList(q.stages) }), wantsRows(q)) };
  }

  @Get('reports/forecast')
  @ApiDoc({
    id: 'getForecast',
    summary: 'Forecast by period and category',
    description:
      "Every month or quarter of `from`..`to` × the workspace's forecast categories (spec 2.3 `forecast_cats`, the opportunity's `fc` or its stage's): the " +
      'open opportunities due in the period with value and weighted value (stage probability), what was won and lost in it, and the quota of the ' +
      'users in scope, as it stood at the end of `as_of`; on the report of one user (`owner_id`) or one team (`team`), the manager\'s adjustment of ' +
      'each category with its note (`adjustment`, `adjusted_value`). ' + COMMON,
    spec: '2.6',
    ok: ForecastResponse,
    errors: PERIOD_ERRORS,
  })
  @Auth(READ)
  async forecast(@CurrentAuth() auth: UserContext, @Query() q: ForecastQueryDto) {
    return { ok: true, ...forecastView(await this.reports.forecast(auth, { ...q, stages: stageList(q.stages) }), wantsRows(q), auth.workspace.timezone) };
  }

  @Get('reports/forecast-accuracy')
  @ApiDoc({
    id: 'getForecastAccuracy',
    summary: 'Forecast accuracy week by week',
    description:
      'Per month or quarter of `from`..`to`, the forecast of every weekly snapshot that covered it (taken automatically each week, workspace time: ' +
      'open value and weighted value by category, what was already won) against what was won in it: `forecast` = won so far + weighted open, ' +
      '`error` = forecast − actual, `accuracy` = 1 − |error| ÷ actual. Snapshot figures are per owner at the snapshot: a sales user sees those of the ' +
      'users they may see; `owner_id` and `team` narrow them (docs/decisions/reports.md).',
    spec: '2.6',
    ok: ForecastAccuracyResponse,
    errors: { 400: '`invalid`: a malformed date, `from` after `to`, or a period over three years' },
  })
  @Auth(READ)
  async accuracy(@CurrentAuth() auth: UserContext, @Query() q: AccuracyQueryDto) {
    return { ok: true, ...accuracyView(await this.accuracyReports.accuracy(auth, q), wantsRows(q)) };
  }

  @Get('reports/activity')
  @ApiDoc({
    id: 'getActivityReport',
    summary: 'Activity against the weekly targets',
    description:
      "Visits (by owner) and completed tasks (by assignee) per user and week (Monday to Sunday, workspace time) against Today's weekly targets, the " +
      'visits logged on the deals won in the period, and the leads taken in the period per fair with how many converted and were won. Users are those ' +
      'the caller may see; `owner_id` and `team` narrow them (docs/decisions/reports.md).',
    spec: '2.6',
    ok: ActivityReportResponse,
    errors: { 400: '`invalid`: a malformed date, `from` after `to`, or a period over three years' },
  })
  @Auth({ scope: 'crm.read', module: MODULES.activities })
  async activity(@CurrentAuth() auth: UserContext, @Query() q: OwnerReportQueryDto) {
    return { ok: true, ...activityView(await this.activityReports.activity(auth, q)) };
  }

  @Get('reports/win-rate')
  @ApiDoc({
    id: 'getWinRate',
    summary: 'Win rate, sales cycle, velocity and stage ageing',
    description:
      'Of the opportunities closed in the period: win rate by count and value, days from created to won (median and p80), and velocity; and per open ' +
      'stage the deals open in it at the end of the period, days since they entered it, and those over the stage SLA (constants.stage_sla). ' + COMMON,
    spec: '2.6',
    ok: WinRateResponse,
    errors: PERIOD_ERRORS,
  })
  @Auth(READ)
  async winRate(@CurrentAuth() auth: UserContext, @Query() q: ReportQueryDto) {
    return { ok: true, ...winRateView(await this.reports.winRate(auth, { ...q, stages: stageList(q.stages) }), wantsRows(q)) };
  }

  @Get('reports/funnel')
  @ApiDoc({
    id: 'getFunnel',
    summary: 'Stage funnel',
    description:
      'Count and value that reached each stage in the period, with the conversion to the next stage and overall. `in_order`: a deal counts in every ' +
      'stage up to the furthest it reached (skipped stages as passed); `any_stage`: only in the stages it entered. ' + COMMON,
    spec: '2.7',
    ok: FunnelResponse,
    errors: PERIOD_ERRORS,
  })
  @Auth(READ)
  async funnel(@CurrentAuth() auth: UserContext, @Query() q: FunnelQueryDto) {
    return { ok: true, ...funnelView(await this.reports.funnel(auth, { ...q, stages: stageList(q.stages) }), wantsRows(q)) };
  }

  @Get('reports/teams')
  @ApiDoc({
    id: 'listReportTeams',
    summary: 'List the teams to report on',
    description:
      "The teams (users' departments) the reports' `team` filter and the forecast adjustments take, of the active users the caller may see (as the " +
      "reports count them): admins every department of the workspace, a sales user their own (none without one), by name, each with its number of users.",
    spec: '2.6',
    ok: ReportTeamList,
  })
  @Auth(READ)
  async teams(@CurrentAuth() auth: UserContext) {
    return { ok: true, items: await this.reports.teams(auth) };
  }

  @Get('quotas')
  @ApiDoc({
    id: 'listQuotas',
    summary: 'List quotas',
    description: 'Monthly quotas of the users the caller may see (admins: everyone), by month then user.',
    ok: QuotaList,
  })
  @Auth(READ)
  async listQuotas(@CurrentAuth() auth: UserContext, @Query() q: QuotaListQueryDto) {
    return { ok: true, items: (await this.quotas.list(auth, q)).map(quotaView) };
  }

  @Put('quotas')
  @ApiDoc({
    id: 'putQuotas',
    summary: 'Set quotas',
    description: 'Sets users\' monthly quotas (base currency); an existing quota of the same user and month is replaced. Admins only (docs/decisions/reports.md).',
    ok: QuotaList,
    errors: { 400: '`invalid`: a malformed month or amount, or a user not of the workspace', 403: '`forbidden`: the caller is not an admin' },
  })
  @Auth(WRITE)
  async putQuotas(@CurrentAuth() auth: UserContext, @Body() dto: PutQuotasDto) {
    return { ok: true, items: (await this.quotas.put(auth, dto.items)).map(quotaView) };
  }

  @Get('forecast-adjustments')
  @ApiDoc({
    id: 'listForecastAdjustments',
    summary: 'List forecast adjustments',
    description: "Managers' adjusted forecasts of the users the caller may see and of the caller's department (admins: all), by period.",
    ok: ForecastAdjustmentList,
    errors: { 400: '`invalid`: a malformed period' },
  })
  @Auth(READ)
  async listAdjustments(@CurrentAuth() auth: UserContext, @Query() q: AdjustmentListQueryDto) {
    return { ok: true, items: (await this.adjustments.list(auth, q)).map((a) => adjustmentView(a, auth.workspace.timezone)) };
  }

  @Put('forecast-adjustments')
  @ApiDoc({
    id: 'putForecastAdjustments',
    summary: 'Adjust the forecast',
    description:
      'Sets a manager\'s adjusted amount with a note for a user or a team (department), a period (month or quarter) and a forecast category; one of the ' +
      'same subject, period and category is replaced. Admins only (docs/decisions/reports.md).',
    ok: ForecastAdjustmentList,
    errors: {
      400: '`invalid`: neither or both of user_id and team, a malformed period or amount, a category not in constants.forecast_cats, a user or team not of the workspace',
      403: '`forbidden`: the caller is not an admin',
    },
  })
  @Auth(WRITE)
  async putAdjustments(@CurrentAuth() auth: UserContext, @Body() dto: PutAdjustmentsDto) {
    return { ok: true, items: (await this.adjustments.put(auth, dto.items)).map((a) => adjustmentView(a, auth.workspace.timezone)) };
  }
}
