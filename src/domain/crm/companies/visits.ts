import type { TenantDb } from '../../../platform/database/tenant-db';
import { addDays } from '../../../platform/common/time';
import { Workspace } from '../../workspace/workspace.entity';
import { Company } from './company.entity';

/** Next visit due: the last visit (or, never visited, the reference date) + visit_period[status]. */
export function nextVisitDue(lastVisitOrCreated: string, status: string, visitPeriod: Record<string, number>): string | null {
  const period = visitPeriod[status];
  return period && period > 0 ? addDays(lastVisitOrCreated, period) : null;
}

/**
 * A visit on `date` to a company: last_visit becomes the latest visit date, next_visit_due follows it.
 * The company row is locked for the read-modify-write, so concurrent visits keep the latest date.
 */
export async function applyVisit(db: TenantDb, ws: Workspace, companyId: number, date: string): Promise<void> {
  const company = await db.byId(Company, companyId, true);
  if (!company) return;
  const last = company.lastVisit && company.lastVisit > date ? company.lastVisit : date;
  await db.update(Company, { id: companyId }, { lastVisit: last, nextVisitDue: nextVisitDue(last, company.status, ws.constants.visit_period) });
}
