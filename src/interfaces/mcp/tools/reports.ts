import * as z from 'zod/v4';
import { forecastCompact, funnelCompact, MOVEMENT_TERMS, movementCompact, winRateCompact, ReportsService } from '../../../domain/crm/reports';
import { MODULES } from '../../../domain/workspace/defaults';
import { date, flag, id, oneOf, text } from '../mcp.args';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';

/**
 * The reports as read-only tools (docs/decisions/reports.md): the same ReportsService calls as
 * GET /api/v1/reports/*, answered in the compact projections of the same read model
 * (src/domain/crm/reports/report.view.ts), so an MCP client and Ask answer with the REST numbers.
 */
const filters = {
  from: date('first day of the period; default the first day of the quarter of `to`').optional(),
  to: date('last day of the period; default today').optional(),
  owner_id: id('user who owned the opportunities at the time').optional(),
  team: text(100, 'a department: opportunities its users owned at the time').optional(),
  stages: z.array(text(40, 'a stage name (constants.stages)')).max(50).optional().describe('only opportunities in one of these stages at the time'),
  product_id: id('product (the current one of the opportunity)').optional(),
  source: text(100, 'the current source (fair or lead source)').optional(),
  rows: flag('true: list the opportunity ids behind every figure').optional(),
};

const Fig = z.object({ count: z.int(), value: z.number().describe('base currency'), ids: z.array(z.int()).optional() });
const Period = { from: z.string(), to: z.string() };
const rate = () => z.number().nullable();

const MovementOut = z.object({ ...Period, close_from: z.string(), close_to: z.string(), start: Fig, end: Fig, ...Object.fromEntries(MOVEMENT_TERMS.map((t) => [t, Fig])) });
const ForecastOut = z.object({
  ...Period,
  period: z.enum(['month', 'quarter']),
  as_of: z.string(),
  periods: z.array(
    z.object({
      period: z.string(),
      categories: z.array(
        z.object({
          category: z.string(), count: z.int(), value: z.number(), weighted: z.number(), ids: z.array(z.int()).optional(),
          adjustment: z.object({ amount: z.number(), note: z.string() }).nullable().describe("the manager's adjustment (a report of one owner or team)"),
          adjusted_value: z.number().describe('the adjustment, else the rolled-up value'),
        }),
      ),
      won: Fig,
      lost: Fig,
      quota: z.number(),
    }),
  ),
});
const WinRateOut = z.object({ ...Period, won: Fig, lost: Fig, open: Fig, win_rate: rate(), win_rate_by_value: rate(), cycle_median_days: rate(), cycle_p80_days: rate(), velocity_per_day: rate(),
  stage_ageing: z.array(z.object({ stage: z.string(), sla_days: z.int(), ...Fig.shape, over_sla: Fig, median_days: rate(), max_days: rate() })),
});
const FunnelOut = z.object({ ...Period, mode: z.enum(['in_order', 'any_stage']), stages: z.array(z.object({ stage: z.string(), ...Fig.shape, conversion_to_next: rate() })), overall_conversion: rate() });

const DEFS = 'Counts only opportunities the user may see; a past period answers the same after later edits (computed from history).';

export function reportTools(get: ServiceOf): ToolDef[] {
  const { reports } = { reports: get(ReportsService) };
  const base = { write: false as const, module: MODULES.opportunities };
  return [
    defineTool({
      ...base,
      name: 'pipeline_movement',
      title: 'Pipeline movement',
      description: `How the open pipeline changed between two dates: open at start + created + pulled in + value up − value down − pushed out − won − lost = open at end. ${DEFS}`,
      output: MovementOut,
      input: z.strictObject({ ...filters, close_from: date('counted pipeline due from').optional(), close_to: date('counted pipeline due up to').optional() }),
      run: async (auth, a) => movementCompact(await reports.movement(auth, a), a.rows),
    }),
    defineTool({
      ...base,
      name: 'forecast',
      title: 'Forecast',
      description: `How much will close per month or quarter, by forecast category: open value and weighted value (stage probability), won, lost and quota; on one owner's or team's forecast the manager's adjustment with its note. ${DEFS}`,
      output: ForecastOut,
      input: z.strictObject({ ...filters, period: oneOf(['month', 'quarter'] as const, 'default month').optional(), as_of: date('as it stood at the end of this day; default today').optional() }),
      run: async (auth, a) => forecastCompact(await reports.forecast(auth, a), a.rows),
    }),
    defineTool({
      ...base,
      name: 'win_rate',
      title: 'Win rate and sales cycle',
      description: `Win rate of the deals closed in the period, days from created to won (median, p80), velocity (value per day), and per open stage the days deals have been in it against its SLA. ${DEFS}`,
      output: WinRateOut,
      input: z.strictObject(filters),
      run: async (auth, a) => winRateCompact(await reports.winRate(auth, a), a.rows),
    }),
    defineTool({
      ...base,
      name: 'funnel',
      title: 'Stage funnel',
      description: `Count and value that reached each stage in the period and the conversion to the next; in_order counts skipped stages as passed, any_stage only the stages entered. ${DEFS}`,
      output: FunnelOut,
      input: z.strictObject({ ...filters, mode: oneOf(['in_order', 'any_stage'] as const, 'default in_order').optional() }),
      run: async (auth, a) => funnelCompact(await reports.funnel(auth, a), a.rows),
    }),
  ];
}
reportTools.place = 170;
