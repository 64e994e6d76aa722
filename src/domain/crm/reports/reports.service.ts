import { Injectable } from '@nestjs/common';
import { invalid } from '../../../platform/common/errors';
import type { UserContext } from '../../identity/auth-context';
import { stageAgeing, type AgeingRow } from './ageing.rules';
import { forecast, type ForecastPeriod } from './forecast.rules';
import { funnelOf, type Funnel, type FunnelMode } from './funnel.rules';
import { monthsOf, periodBounds, periodOf, type PeriodKind } from './history.rules';
import { pipelineMovement, type Movement } from './movement.rules';
import { ForecastAdjustmentsService, type AdjustmentRow } from './forecast-adjustments.service';
import { QuotasService } from './quotas.service';
import { reportDate, ReportSource, type ReportFrame, type ReportQuery } from './report-source';
import { winRate, type WinRate } from './win-rate.rules';

export type { ReportQuery } from './report-source';

export interface MovementQuery extends ReportQuery {
  close_from?: string;
  close_to?: string;
}
export interface ForecastQuery extends ReportQuery {
  period?: PeriodKind;
  as_of?: string;
}
export interface FunnelQuery extends ReportQuery {
  mode?: FunnelMode;
}

export interface ForecastReport {
  frame: ReportFrame;
  period: PeriodKind;
  asOf: string;
  /** The manager's adjustments (by category) of each period when the report is one user's or one team's. */
  periods: (ForecastPeriod & { quota: number; adjustments: Map<string, AdjustmentRow> })[];
}

/**
 * The reports (docs/decisions/reports.md): each reads what its rules look at of the history of the opportunities the
 * caller may see in one statement (history-reads.ts) and computes its figures with the pure rules of this folder, so REST and MCP answer the same numbers.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly source: ReportSource,
    private readonly quotas: QuotasService,
    private readonly adjustments: ForecastAdjustmentsService,
  ) {}

  /** The teams (departments) the caller may pick in a report's `team` filter. */
  teams(auth: UserContext): Promise<{ name: string; users: number }[]> {
    return this.source.teams(auth);
  }

  async movement(auth: UserContext, q: MovementQuery): Promise<{ frame: ReportFrame; closeFrom: string; closeTo: string; movement: Movement }> {
    const frame = await this.source.frame(auth, q);
    const closeFrom = reportDate('close_from', q.close_from) ?? periodBounds(periodOf(frame.from, 'quarter')).start;
    const closeTo = reportDate('close_to', q.close_to) ?? periodBounds(periodOf(frame.to, 'quarter')).end;
    if (closeFrom > closeTo) throw invalid('close_from', 'must not be after close_to');
    const { reads, scope } = await this.source.reads(auth, q);
    const history = await reads.movement(scope, frame.from, frame.to, closeFrom, closeTo);
    return { frame, closeFrom, closeTo, movement: pipelineMovement(history, { from: frame.from, to: frame.to, closeFrom, closeTo, scope: frame.scope }) };
  }

  async forecast(auth: UserContext, q: ForecastQuery): Promise<ForecastReport> {
    const frame = await this.source.frame(auth, q);
    const period = q.period ?? 'month';
    const asOf = reportDate('as_of', q.as_of) ?? frame.today;
    // the state at as_of, and the closes from the start of the first period on (an earlier close stays before it)
    const first = periodBounds(periodOf(frame.from, period)).start;
    const last = periodBounds(periodOf(frame.to, period)).end;
    const { reads, scope } = await this.source.reads(auth, q);
    const history = await reads.forecast(scope, asOf, first, last);
    const periods = forecast(history, { period, from: frame.from, to: frame.to, asOf, categories: auth.workspace.constants.forecast_cats, scope: frame.scope });
    const months = periods.flatMap((p) => monthsOf(p.period));
    const quota = await this.quotas.byMonth(auth, frame.owners, months[0], months.at(-1)!);
    // the adjustment is the manager's figure for one user or one team: shown on that user's or team's report only
    // (and only when the caller may see them: an owner out of sight leaves the scope empty)
    const subject = frame.owners?.length === 0 ? null : q.owner_id !== undefined ? { userId: q.owner_id } : q.team !== undefined ? { team: q.team } : null;
    const adj = subject ? await this.adjustments.forReport(auth, subject, periods.map((p) => p.period)) : new Map<string, AdjustmentRow>();
    return {
      frame,
      period,
      asOf,
      periods: periods.map((p) => ({
        ...p,
        quota: Math.round(monthsOf(p.period).reduce((n, m) => n + (quota.get(m) ?? 0), 0) * 100) / 100,
        adjustments: new Map(p.cells.flatMap((c) => (adj.has(`${p.period}/${c.category}`) ? [[c.category, adj.get(`${p.period}/${c.category}`)!] as const] : []))),
      })),
    };
  }

  /** Win rate, cycle and velocity of the period, and the stage ageing of what is open at its end (against constants.stage_sla). */
  async winRate(auth: UserContext, q: ReportQuery): Promise<{ frame: ReportFrame; winRate: WinRate; ageing: AgeingRow[] }> {
    const frame = await this.source.frame(auth, q);
    const c = auth.workspace.constants;
    const { reads, scope } = await this.source.reads(auth, q);
    const history = await reads.winRate(scope, frame.from, frame.to);
    return {
      frame,
      winRate: winRate(history, { from: frame.from, to: frame.to, scope: frame.scope }),
      ageing: stageAgeing(history, { stages: c.open_stages.filter((s) => !frame.scope.stages || frame.scope.stages.has(s)), sla: c.stage_sla, to: frame.to, scope: frame.scope }),
    };
  }

  async funnel(auth: UserContext, q: FunnelQuery): Promise<{ frame: ReportFrame; mode: FunnelMode; funnel: Funnel }> {
    const frame = await this.source.frame(auth, q);
    const c = auth.workspace.constants;
    const mode = q.mode ?? 'in_order';
    // the open stages in pipeline order, then the won stage(s): lost and cancelled are not steps of a funnel
    const stages = [...c.open_stages, ...c.stages.filter((s) => c.stage_roles?.[s] === 'won')].filter((s) => !frame.scope.stages || frame.scope.stages.has(s));
    const { reads, scope } = await this.source.reads(auth, q);
    const entries = await reads.funnel(scope, frame.from, frame.to, stages);
    return { frame, mode, funnel: funnelOf(entries, { stages, from: frame.from, to: frame.to, mode, scope: frame.scope }) };
  }
}
