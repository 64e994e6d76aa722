import { stateAt } from './history.rules';
import { addTo, emptyFigure, type Figure, type HistoryRow, type ReportScope } from './report.types';

export type FunnelMode = 'in_order' | 'any_stage';

export interface FunnelInput {
  /** The funnel's stages in pipeline order: the open stages then the won stage (docs/decisions/reports.md). */
  stages: string[];
  from: string;
  to: string;
  mode: FunnelMode;
  scope: Pick<ReportScope, 'owners'>;
}

export interface FunnelStep {
  stage: string;
  reached: Figure;
  /** reached of the next stage ÷ reached of this one; null for the last stage or when none reached this one. */
  toNext: number | null;
}

export interface Funnel {
  steps: FunnelStep[];
  /** reached of the last stage ÷ reached of the first. */
  overall: number | null;
}

/**
 * The stages each opportunity entered in `from..to`: a created, revived or reopened record enters its stage,
 * a stage move enters the new one. Moving back enters the earlier stage again; a revive is a new opportunity.
 */
export function stagesEntered(rows: HistoryRow[], from: string, to: string): string[] {
  const out: string[] = [];
  rows.forEach((r, i) => {
    if (r.day < from || r.day > to) return;
    const prev = rows[i - 1];
    if (!prev || prev.stage !== r.stage) out.push(r.stage);
  });
  return out;
}

/**
 * Count and value that reached each stage in the period. `any_stage`: an opportunity counts once in every
 * stage it entered (a skipped stage is not counted, a stage entered twice counts once, so a step may convert
 * above 1). `in_order`: it counts in the furthest stage it entered and in every stage before it (skipped
 * stages count as passed, moving back takes nothing away), so the counts never grow down the funnel. Value is
 * the opportunity's value at the end of the period; owner scope is the owner then.
 */
export function funnel(history: Map<number, HistoryRow[]>, f: FunnelInput): Funnel {
  const entries = new Map<number, FunnelEntries>();
  for (const [id, rows] of history) {
    const entered = stagesEntered(rows, f.from, f.to);
    const end = stateAt(rows, f.to);
    if (entered.length && end) entries.set(id, { entered, end });
  }
  return funnelOf(entries, f);
}

/**
 * What the funnel reads of one opportunity: the stages it entered in the period (in any order, repeats allowed:
 * only which ones counts) and, of its state at the end, the owner (scope) and the value.
 */
export interface FunnelEntries {
  entered: string[];
  end: Pick<HistoryRow, 'ownerId' | 'cents'>;
}

/** The funnel from each opportunity's entries (what `funnel` extracts from the history, or the database reads directly). */
export function funnelOf(entries: Map<number, FunnelEntries>, f: FunnelInput): Funnel {
  const steps: FunnelStep[] = f.stages.map((stage) => ({ stage, reached: emptyFigure(), toNext: null }));
  const index = new Map(f.stages.map((s, i) => [s, i]));
  for (const [id, e] of entries) {
    const entered = e.entered.filter((s) => index.has(s));
    if (!entered.length) continue;
    const end = e.end;
    if (f.scope.owners && !f.scope.owners.has(end.ownerId)) continue;
    const reached = new Set(entered.map((s) => index.get(s)!));
    const counted = f.mode === 'any_stage' ? [...reached] : Array.from({ length: Math.max(...reached) + 1 }, (_, i) => i);
    for (const i of counted) addTo(steps[i].reached, id, end.cents);
  }
  steps.forEach((s, i) => {
    const next = steps[i + 1];
    s.toNext = next && s.reached.count ? next.reached.count / s.reached.count : null;
  });
  const first = steps[0]?.reached.count ?? 0;
  return { steps, overall: first && steps.length ? steps.at(-1)!.reached.count / first : null };
}
