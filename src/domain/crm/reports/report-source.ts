import { Injectable } from '@nestjs/common';
import { invalid } from '../../../platform/common/errors';
import { addDays, daysBetween, isIsoDate, todayIn } from '../../../platform/common/time';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { AccessService } from '../shared/access.service';
import { periodBounds, periodOf } from './history.rules';
import { toCents, type HistoryRow, type ReportScope } from './report.types';

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

export interface ReportFrame {
  from: string;
  to: string;
  today: string;
  scope: ReportScope;
  /** Users whose figures (quotas) count: null = every user of the workspace. */
  owners: number[] | null;
}

interface RawRow {
  opp_id: number;
  day: string;
  stage: string;
  role: string;
  value_base: string;
  close_date: string;
  owner_id: number;
  fc: string;
  prob: string;
}

/**
 * What every report reads: the period and scope checked against the workspace, and the history of the
 * opportunities the caller may see (the opportunity list's visibility rule, on the current owner) up to the end
 * of a day, in one statement.
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
    for (const key of ['from', 'to'] as const) if (q[key] !== undefined && !isIsoDate(q[key])) throw invalid(key, 'must be a date YYYY-MM-DD');
    const to = q.to ?? today;
    const from = q.from ?? periodBounds(periodOf(to, 'quarter')).start;
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

  /** The users of a department (none for an empty name). */
  private async teamIds(auth: UserContext, team: string): Promise<number[]> {
    if (!team.trim()) throw invalid('team', 'must not be empty');
    const rows = await this.uow.tenant(auth.workspace.id).qb(User, 'u').select('u.id', 'id').andWhere('u.department = :team', { team: team.trim() }).getRawMany<{ id: number }>();
    return rows.map((r) => r.id);
  }

  /**
   * The history, up to the end of `until` (workspace time), of the opportunities the caller may see and the
   * product and source filters keep (those two are the record's current values: they are not kept in history).
   * With `since`, only what a report of `since..until` reads: each record's last row before `since` (its state
   * then) and its rows from `since` on. Days are computed by the database in the workspace's time zone.
   */
  async history(auth: UserContext, q: ReportQuery, until: string, since?: string): Promise<Map<number, HistoryRow[]>> {
    const ws = auth.workspace;
    const visible = await this.access.visibleOwnerIds(auth);
    const params: unknown[] = [addDays(until, 1), ws.timezone];
    const where: string[] = [];
    if (visible) where.push(`o.owner_id = ANY($${params.push(visible) + 1}::int[])`);
    if (q.product_id !== undefined) where.push(`o.product_id = $${params.push(q.product_id) + 1}`);
    if (q.source !== undefined) where.push(`o.source = $${params.push(q.source) + 1}`);
    const scope = `SELECT o.id FROM opportunities o WHERE o.workspace_id = $1${where.map((w) => ` AND ${w}`).join('')}`;
    let window = '';
    if (since) {
      const at = `($${params.push(since) + 1}::date::timestamp AT TIME ZONE $3)`;
      window = ` AND (h.at >= ${at} OR h.id IN (SELECT DISTINCT ON (b.opp_id) b.id FROM opp_history b
        WHERE b.workspace_id = $1 AND b.at < ${at} AND b.opp_id IN (${scope}) ORDER BY b.opp_id, b.at DESC, b.id DESC))`;
    }
    const rows = await this.uow.tenant(ws.id).sql<RawRow>(
      `SELECT h.opp_id, to_char(h.at AT TIME ZONE $3, 'YYYY-MM-DD') AS day, h.stage, h.role, h.value_base::text AS value_base,
              h.close_date::text AS close_date, h.owner_id, h.fc, h.prob::text AS prob
         FROM opp_history h
        WHERE h.workspace_id = $1 AND h.at < ($2::date::timestamp AT TIME ZONE $3) AND h.opp_id IN (${scope})${window}
        ORDER BY h.opp_id, h.at, h.id`,
      params,
    );
    // one group per record, already in order (the statement sorts by record and time)
    const out = new Map<number, HistoryRow[]>();
    rows.forEach((r, i) => {
      const row: HistoryRow = {
        oppId: r.opp_id,
        day: r.day,
        seq: i,
        stage: r.stage,
        role: r.role,
        cents: toCents(Number(r.value_base)),
        closeDate: r.close_date,
        ownerId: r.owner_id,
        fc: r.fc,
        prob: Number(r.prob),
      };
      const list = out.get(r.opp_id);
      if (list) list.push(row);
      else out.set(r.opp_id, [row]);
    });
    return out;
  }
}
