import { addDays, daysBetween } from '../../../platform/common/time';

/**
 * Pure company rules (visit schedule, risk, pending work), shared by the company record and Today.
 * See docs/decisions/crm-records.md for the choices made where the spec is silent.
 */

export type VisitState = 'never' | 'ok' | 'due_soon' | 'overdue';
export type PendingState = 'none' | 'open_tasks';


/** Visit period of a status in days (0 when the status has none). */
export function visitPeriodOf(status: string, visitPeriod: Record<string, number>): number {
  const p = visitPeriod[status];
  return typeof p === 'number' && Number.isFinite(p) && p > 0 ? Math.trunc(p) : 0;
}

/** Whole days the next visit is overdue on `today` (0 when not due yet or no schedule). */
export function visitOverdueDays(nextVisitDue: string | null, today: string): number {
  if (!nextVisitDue || nextVisitDue >= today) return 0;
  return daysBetween(nextVisitDue, today);
}

/**
 * overdue: next_visit_due is before today (whether or not the company was ever visited);
 * due_soon: due today or within `soonDays` days;
 * never: otherwise, when the company has never been visited;
 * ok: otherwise.
 */
export function visitState(lastVisit: string | null, nextVisitDue: string | null, today: string, soonDays: number): VisitState {
  if (nextVisitDue && nextVisitDue < today) return 'overdue';
  if (nextVisitDue && nextVisitDue <= addDays(today, Math.max(0, soonDays))) return 'due_soon';
  return lastVisit ? 'ok' : 'never';
}

/**
 * At risk: the status is one of `atRiskStatuses` (constants.customer_at_risk_statuses), or the visit
 * is overdue by more than one visit period.
 */
export function isAtRisk(status: string, nextVisitDue: string | null, today: string, period: number, atRiskStatuses: readonly string[]): boolean {
  if (atRiskStatuses.includes(status)) return true;
  return period > 0 && visitOverdueDays(nextVisitDue, today) > period;
}

export interface VisitFacts {
  period: number;
  visitOverdueDays: number;
  visitState: VisitState;
  atRisk: boolean;
}

export function visitFacts(
  c: { status: string; lastVisit: string | null; nextVisitDue: string | null },
  today: string,
  constants: { visit_period: Record<string, number>; action_soon_days: number; customer_at_risk_statuses: readonly string[] },
): VisitFacts {
  const period = visitPeriodOf(c.status, constants.visit_period);
  return {
    period,
    visitOverdueDays: visitOverdueDays(c.nextVisitDue, today),
    visitState: visitState(c.lastVisit, c.nextVisitDue, today, constants.action_soon_days),
    atRisk: isAtRisk(c.status, c.nextVisitDue, today, period, constants.customer_at_risk_statuses),
  };
}

/** Escapes LIKE wildcards for a "contains" filter (used with ESCAPE '\'). */
export function likeContains(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
