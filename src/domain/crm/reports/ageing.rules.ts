import { daysBetween } from '../../../platform/common/time';
import { inScope, median } from './history.rules';
import { addTo, emptyFigure, type Figure, type HistoryRow, type ReportScope } from './report.types';

export interface AgeingInput {
  /** The open stages in pipeline order. */
  stages: string[];
  /** Days each stage should take (constants.stage_sla; 0 = none). */
  sla: Record<string, number>;
  /** The day the ageing is measured at (its end). */
  to: string;
  scope: ReportScope;
}

export interface AgeingRow {
  stage: string;
  slaDays: number;
  /** Open in the stage at `to`. */
  open: Figure;
  /** Of those, in it longer than the SLA. */
  overSla: Figure;
  medianDays: number | null;
  maxDays: number | null;
}

/** The day an opportunity entered the stage it is in at the end of `rows` (the start of its last run of that stage). */
export function enteredCurrentStage(rows: HistoryRow[]): string | null {
  let i = rows.length - 1;
  if (i < 0) return null;
  while (i > 0 && rows[i - 1].stage === rows[i].stage) i--;
  return rows[i].day;
}

/**
 * Stage ageing at a day: per open stage, the opportunities in it, how long they have been in it (days since they
 * entered it, a move back starting the count again) and how many are over the stage's SLA.
 */
export function stageAgeing(history: Map<number, HistoryRow[]>, a: AgeingInput): AgeingRow[] {
  const out = new Map(a.stages.map((stage) => [stage, { stage, slaDays: a.sla[stage] ?? 0, open: emptyFigure(), overSla: emptyFigure(), days: [] as number[] }]));
  for (const [id, all] of history) {
    const rows = all.filter((r) => r.day <= a.to);
    const end = rows.at(-1) ?? null;
    if (!inScope(end, a.scope) || end.role !== 'open') continue;
    const row = out.get(end.stage);
    if (!row) continue;
    const days = Math.max(0, daysBetween(enteredCurrentStage(rows)!, a.to));
    addTo(row.open, id, end.cents);
    row.days.push(days);
    if (row.slaDays > 0 && days > row.slaDays) addTo(row.overSla, id, end.cents);
  }
  return [...out.values()].map(({ days, ...r }) => ({ ...r, medianDays: median(days), maxDays: days.length ? Math.max(...days) : null }));
}
