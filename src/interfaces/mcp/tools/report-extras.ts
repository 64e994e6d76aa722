import * as z from 'zod/v4';
import { accuracyCompact, activityCompact, adjustmentCompact, ForecastAccuracyService, ActivityReportService, ForecastAdjustmentsService } from '../../../domain/crm/reports';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { DomainError } from '../../../platform/common/errors';
import { amount, date, flag, id, oneOf, text } from '../mcp.args';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';

/**
 * Forecast accuracy, the activity report and the managers' forecast adjustments (docs/decisions/reports.md): the
 * same service calls as GET /api/v1/reports/forecast-accuracy, GET /api/v1/reports/activity and
 * GET/PUT /api/v1/forecast-adjustments, answered in the compact projections of src/domain/crm/reports/report.view.ts.
 */
const owners = {
  from: date('first day of the period; default the first day of the quarter of `to`').optional(),
  to: date('last day of the period; default today').optional(),
  owner_id: id('user').optional(),
  team: text(100, 'a department: its users').optional(),
};
const PERIOD = /^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/;
const periodArg = (d: string) => z.string().regex(PERIOD, 'must be a month YYYY-MM or a quarter YYYY-Qn').describe(d);

const AccuracyOut = z.object({
  from: z.string(), to: z.string(), period: z.enum(['month', 'quarter']),
  periods: z.array(z.object({
    period: z.string(), actual_won: z.number().describe('won in the period, base currency'), actual_ids: z.array(z.int()).optional(), complete: z.boolean(),
    weeks: z.array(z.object({
      week: z.string(), as_of: z.string(), won_to_date: z.number(), weighted_open: z.number(), forecast: z.number().describe('won_to_date + weighted_open'),
      error: z.number().describe('forecast − actual'), accuracy: z.number().nullable().describe('1 − |error| ÷ actual, at least 0'),
      categories: z.array(z.object({ category: z.string(), count: z.int(), value: z.number(), weighted: z.number() })),
    })),
  })),
});
const ActivityOut = z.object({
  from: z.string(), to: z.string(), weeks: z.array(z.string()), targets: z.object({ visits: z.int(), tasks: z.int() }),
  users: z.array(z.object({ user_id: z.int(), name: z.string(), visits: z.int(), tasks: z.int(), weeks: z.array(z.object({ week: z.string(), visits: z.int(), tasks: z.int() })) })),
  won_deals: z.object({ count: z.int(), ids: z.array(z.int()), visits: z.int(), visits_per_deal: z.number().nullable() }),
  fairs: z.array(z.object({ fair_id: z.int(), name: z.string(), leads: z.int(), converted: z.int(), won: z.int(), conversion: z.number().nullable(), win_rate: z.number().nullable() })),
});
const Adjustment = z.object({ user_id: z.int().nullable(), team: z.string().nullable(), period: z.string(), category: z.string(), amount: z.number(), note: z.string(), set_by: z.int().nullable() });

/** Setting the forecast is workspace administration: an app's OAuth token is refused (first party only, as list_workflows). */
function firstParty(auth: UserContext): void {
  if (auth.credential.kind === 'oauth') throw new DomainError('insufficient_scope', 'forecast adjustments are workspace administration: use an API key of an admin, not an app token');
}

export function reportExtraTools(get: ServiceOf): ToolDef[] {
  const { accuracy, activityReport, adjustments } = { accuracy: get(ForecastAccuracyService), activityReport: get(ActivityReportService), adjustments: get(ForecastAdjustmentsService) };
  return [
    defineTool({
      write: false,
      module: MODULES.opportunities,
      name: 'forecast_accuracy',
      title: 'Forecast accuracy',
      description:
        "How each week's forecast of a month or quarter (weekly snapshots: won so far + weighted open value) compared with what was won in it: error and accuracy per week. Counts only the users the caller may see.",
      output: AccuracyOut,
      input: z.strictObject({ ...owners, period: oneOf(['month', 'quarter'] as const, 'default month').optional(), rows: flag('true: list the won opportunity ids').optional() }),
      run: async (auth, a) => accuracyCompact(await accuracy.accuracy(auth, a), a.rows),
    }),
    defineTool({
      write: false,
      module: MODULES.activities,
      name: 'activity_report',
      title: 'Activity report',
      description:
        'Visits and completed tasks per user and week against the weekly targets, visits per deal won in the period, and leads per fair with how many converted and were won. Counts only the users the caller may see.',
      output: ActivityOut,
      input: z.strictObject(owners),
      run: async (auth, a) => activityCompact(await activityReport.activity(auth, a)),
    }),
    defineTool({
      write: false,
      module: MODULES.opportunities,
      name: 'forecast_adjustments',
      title: 'Forecast adjustments',
      description: "Managers' adjusted forecasts (amount and note per user or team, period and forecast category) of the users the caller may see and of their own department.",
      output: z.array(Adjustment),
      input: z.strictObject({ period: periodArg('a month YYYY-MM or a quarter YYYY-Qn').optional(), user_id: id('user').optional(), team: text(100, 'a department').optional() }),
      run: async (auth, a) => (await adjustments.list(auth, a)).map(adjustmentCompact),
    }),
    defineTool({
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.opportunities,
      name: 'set_forecast_adjustment',
      title: 'Adjust the forecast',
      description:
        "Sets a manager's adjusted amount with a note for one user or one team (department), a period and a forecast category (replaces one of the same subject, period and category). Admins only, with their own API key (not an app token).",
      output: Adjustment,
      input: z.strictObject({
        user_id: id('user adjusted (give user_id or team)').optional(),
        team: text(100, 'department adjusted (give user_id or team)').optional(),
        period: periodArg('a month YYYY-MM or a quarter YYYY-Qn'),
        category: text(40, 'one of constants.forecast_cats'),
        amount: amount('the adjusted amount, base currency'),
        note: text(2000, 'why').optional(),
      }),
      choices: (c) => ({ category: c.forecast_cats }),
      run: async (auth, a) => {
        firstParty(auth);
        const [row] = await adjustments.put(auth, [a]);
        return adjustmentCompact(row);
      },
    }),
  ];
}
reportExtraTools.place = 180;
