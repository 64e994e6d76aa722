import { Injectable } from '@nestjs/common';
import { invalid } from '../../../platform/common/errors';
import { daysBetween, isIsoDate, todayIn } from '../../../platform/common/time';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { AccessService } from '../shared/access.service';
import { HistoryReads, type ReadScope } from './history-reads';
import { periodBounds, periodOf } from './history.rules';
import type { ReportScope } from './report.types';

/** The filters every report takes (docs/decisions/reports.md). */
export interface ReportQuery {
  from?: string;
  to?: string;
  owner_id?: number;
  /** A department: its users' opportunities. */
  team?: string;
  /** Stage names (each one of constants.stages). */
  stages?: string[];
  product_id?: number;
  source?: string;
}

/** The longest period a report covers (its rows are read in one statement). */
export const MAX_REPORT_DAYS = 3 * 366;

/**
 * The dates a report takes: the years its period arithmetic (quarters, weeks, the day after `to`) and PostgreSQL's
 * dates both hold. Near year 1 or 9999 a quarter's start or a week's step leaves them (a 500, or a loop of weeks that
 * never reaches `to`); a CRM's history lies well inside.
 */
export const REPORT_DATES = { min: '1900-01-01', max: '2999-12-31' } as const;

/** A report's date argument, checked: a date YYYY-MM-DD within REPORT_DATES, else 400 `invalid` naming `key`. */
export function reportDate(key: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isIsoDate(value)) throw invalid(key, 'must be a date YYYY-MM-DD');
  if (value < REPORT_DATES.min || value > REPORT_DATES.max) throw invalid(key, `must be from ${REPORT_DATES.min} to ${REPORT_DATES.max}`);
  return value;
}

export interface ReportFrame {
  from: string;
  to: string;
  today: string;
  scope: ReportScope;
  /** Users whose figures (quotas) count: null = every user of the workspace. */
  owners: number[] | null;
}

/**
 * What every report reads: the period and scope checked against the workspace, and the history of the
 * opportunities the caller may see (the opportunity list's visibility rule, on the current owner).
 */
@Injectable()
export class ReportSource {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
  ) {}

  /** The period (default: the quarter of `to`, `to` default today) and the scope, each value checked. */
  async frame(auth: UserContext, q: ReportQuery): Promise<ReportFrame> {
    const ws = auth.workspace;
    const today = todayIn(ws.timezone);
    const to = reportDate('to', q.to) ?? today;
    const from = reportDate('from', q.from) ?? periodBounds(periodOf(to, 'quarter')).start;
    if (from > to) throw invalid('from', 'must not be after to');
    if (daysBetween(from, to) > MAX_REPORT_DAYS) throw invalid('to', `at most ${MAX_REPORT_DAYS} days after from`);
    const stages = q.stages?.length ? q.stages : null;
    for (const s of stages ?? []) if (!ws.constants.stages.includes(s)) throw invalid('stages', `each must be one of ${ws.constants.stages.join(', ')}`);
    const visible = await this.access.visibleOwnerIds(auth);
    let owners: number[] | null = visible;
    if (q.owner_id !== undefined) owners = this.access.canSee(visible, q.owner_id) ? [q.owner_id] : [];
    if (q.team !== undefined) {
      const team = await this.teamIds(auth, q.team);
      owners = (owners ?? team).filter((id) => team.includes(id));
    }
    return { from, to, today, owners, scope: { owners: owners && new Set(owners), stages: stages && new Set(stages) } };
  }

  /**
   * The teams (departments) of the active users the caller may see, by name, with how many active users each has
   * there: the same visibility as the reports' (admins: every department; a sales user: their own), so a pick list of
   * teams offers exactly the names whose reports are not empty for want of visibility.
   */
  async teams(auth: UserContext): Promise<{ name: string; users: number }[]> {
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow
      .tenant(auth.workspace.id)
      .qb(User, 'u')
      .select('u.department', 'name')
      .addSelect('COUNT(*)', 'users')
      .andWhere("u.active AND btrim(u.department) <> ''")
      .groupBy('u.department')
      .orderBy('u.department', 'ASC');
    if (visible) qb.andWhere('u.id IN (:...visible)', { visible });
    return (await qb.getRawMany<{ name: string; users: string }>()).map((r) => ({ name: r.name, users: Number(r.users) }));
  }

  /** The users of a department (none for an empty name). */
  private async teamIds(auth: UserContext, team: string): Promise<number[]> {
    if (!team.trim()) throw invalid('team', 'must not be empty');
    const rows = await this.uow.tenant(auth.workspace.id).qb(User, 'u').select('u.id', 'id').andWhere('u.department = :team', { team: team.trim() }).getRawMany<{ id: number }>();
    return rows.map((r) => r.id);
  }

  /**
   * The reads of the history (history-reads.ts) for the opportunities the caller may see and the product and
   * source filters keep (those two are the record's current values: they are not kept in history).
   */
  async reads(auth: UserContext, q: ReportQuery): Promise<{ reads: HistoryReads; scope: ReadScope }> {
    const ws = auth.workspace;
    const visible = await this.access.visibleOwnerIds(auth);
    return { reads: new HistoryReads(this.uow.tenant(ws.id)), scope: { timezone: ws.timezone, visible, productId: q.product_id, source: q.source } };
  }
}
