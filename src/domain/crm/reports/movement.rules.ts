import { inScope, stateAt, stateBefore } from './history.rules';
import { addTo, emptyFigure, type Figure, type HistoryRow, type ReportScope } from './report.types';

export interface MovementInput {
  /** First day of the movement (its start is the state at the start of this day). */
  from: string;
  /** Last day (its end is the state at the end of this day). */
  to: string;
  /** The close-date window the counted pipeline is due in (docs/decisions/reports.md). */
  closeFrom: string;
  closeTo: string;
  scope: ReportScope;
}

export const MOVEMENT_TERMS = ['created', 'pulled_in', 'value_up', 'value_down', 'pushed_out', 'won', 'lost'] as const;
export type MovementTerm = (typeof MOVEMENT_TERMS)[number];

export interface Movement {
  start: Figure;
  end: Figure;
  /** Every term as a positive amount; value_down, pushed_out, won and lost are subtracted. */
  terms: Record<MovementTerm, Figure>;
}

/**
 * The pipeline waterfall between two dates: open at start + created + pulled in + value up − value down −
 * pushed out − won − lost = open at end, to the cent, because every opportunity's terms add up to its own
 * end value minus its start value. The counted pipeline is the open opportunities in scope whose close date
 * is in the window. An opportunity in it at the start and out of it at the end left by being won, lost
 * (lost or cancelled), or pushed out (still open, but its close date left the window or it left the
 * owner/stage scope); its value change up to that moment is a value-up or value-down term. One out of it at
 * the start and in it at the end was created (it did not exist at the start) or pulled in.
 */
export function pipelineMovement(history: Map<number, HistoryRow[]>, m: MovementInput): Movement {
  const terms = Object.fromEntries(MOVEMENT_TERMS.map((t) => [t, emptyFigure()])) as Record<MovementTerm, Figure>;
  const start = emptyFigure();
  const end = emptyFigure();
  const counted = (s: HistoryRow | null): s is HistoryRow => inScope(s, m.scope) && s.role === 'open' && s.closeDate >= m.closeFrom && s.closeDate <= m.closeTo;
  for (const [id, rows] of history) {
    const s = stateBefore(rows, m.from);
    const e = stateAt(rows, m.to);
    const inS = counted(s);
    const inE = counted(e);
    if (inS) addTo(start, id, s.cents);
    if (inE) addTo(end, id, e.cents);
    if (inS && inE) {
      const delta = e.cents - s.cents;
      if (delta > 0) addTo(terms.value_up, id, delta);
      if (delta < 0) addTo(terms.value_down, id, -delta);
    } else if (inS && e) {
      const delta = e.cents - s.cents;
      if (delta > 0) addTo(terms.value_up, id, delta);
      if (delta < 0) addTo(terms.value_down, id, -delta);
      const exit: MovementTerm = e.role === 'won' ? 'won' : e.role === 'open' ? 'pushed_out' : 'lost';
      addTo(terms[exit], id, e.cents);
    } else if (inE) {
      addTo(s ? terms.pulled_in : terms.created, id, e.cents);
    }
  }
  return { start, end, terms };
}

/** start + created + pulled_in + value_up − value_down − pushed_out − won − lost, in cents. */
export function reconciledEnd(m: Movement): number {
  const t = m.terms;
  return m.start.cents + t.created.cents + t.pulled_in.cents + t.value_up.cents - t.value_down.cents - t.pushed_out.cents - t.won.cents - t.lost.cents;
}
