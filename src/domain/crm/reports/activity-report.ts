import { Injectable } from '@nestjs/common';
import { addDays } from '../../../platform/common/time';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { MODULES } from '../../workspace/defaults';
import { weeklyTargets, weekStartOf } from '../today';
import { ReportSource, type ReportFrame, type ReportQuery } from './report-source';
import { winRate } from './win-rate.rules';

export type ActivityQuery = Pick<ReportQuery, 'from' | 'to' | 'owner_id' | 'team'>;

export interface ActivityWeek {
  week: string;
  visits: number;
  tasks: number;
}
export interface ActivityUser {
  userId: number;
  name: string;
  weeks: ActivityWeek[];
  visits: number;
  tasks: number;
}
export interface FairConversion {
  fairId: number;
  name: string;
  leads: number;
  /** Leads converted into an opportunity. */
  converted: number;
  /** Leads whose opportunity was won (their status is constants.lead_status_won). */
  won: number;
  conversion: number | null;
  winRate: number | null;
}
export interface ActivityReport {
  frame: ReportFrame;
  /** Mondays of the weeks (workspace time) that touch the period, each counted whole. */
  weeks: string[];
  targets: { visits: number; tasks: number };
  users: ActivityUser[];
  /** Deals won in the period (owner then in scope) and the visits logged on them (any date). */
  wonDeals: { count: number; ids: number[]; visits: number; visitsPerDeal: number | null };
  fairs: FairConversion[];
}

const ratio = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);

/**
 * The activity report (docs/decisions/reports.md, "Activity"): visits and completed tasks per user per week against
 * the weekly targets Today shows, visits per deal won in the period, and the leads of each fair taken in the period
 * with how many converted and were won. Users are those the caller may see (the owner/team filter narrows them),
 * as the other reports; a visit counts for its owner, a task for its assignee, a lead for its owner.
 */
@Injectable()
export class ActivityReportService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly source: ReportSource,
  ) {}

  async activity(auth: UserContext, q: ActivityQuery): Promise<ActivityReport> {
    const frame = await this.source.frame(auth, q);
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    const weeks: string[] = [];
    for (let w = weekStartOf(frame.from); w <= frame.to; w = addDays(w, 7)) weeks.push(w);
    const end = addDays(weeks.at(-1)!, 7);
    const owners = frame.owners;
    const on = (m: string) => auth.modules.includes(m);
    const visits = on(MODULES.activities)
      ? await db.sql<Count>(
          `SELECT a.owner_id AS user_id, to_char(date_trunc('week', a.date::timestamp), 'YYYY-MM-DD') AS week, count(*)::int AS n FROM activities a
            WHERE a.workspace_id = $1 AND a.date >= $2::date AND a.date < $3::date AND ($4::int[] IS NULL OR a.owner_id = ANY($4::int[])) GROUP BY 1, 2`,
          [weeks[0], end, owners],
        )
      : [];
    const tasks = on(MODULES.activities)
      ? await db.sql<Count>(
          `SELECT t.assignee_id AS user_id, to_char(date_trunc('week', t.done_at AT TIME ZONE $5), 'YYYY-MM-DD') AS week, count(*)::int AS n FROM tasks t
            WHERE t.workspace_id = $1 AND t.done_at >= ($2::date::timestamp AT TIME ZONE $5) AND t.done_at < ($3::date::timestamp AT TIME ZONE $5)
              AND ($4::int[] IS NULL OR t.assignee_id = ANY($4::int[])) GROUP BY 1, 2`,
          [weeks[0], end, owners, ws.timezone],
        )
      : [];
    const users = await db.sql<{ id: number; full_name: string }>(
      `SELECT u.id, u.full_name FROM users u WHERE u.workspace_id = $1 AND ($2::int[] IS NULL OR u.id = ANY($2::int[]))
          AND (u.active OR u.id = ANY($3::int[])) ORDER BY u.full_name, u.id`,
      [owners, [...visits, ...tasks].map((c) => c.user_id)],
    );
    return {
      frame,
      weeks,
      targets: weeklyTargets(ws.constants),
      users: users.map((u) => {
        const of = (rows: Count[], w: string) => rows.find((r) => r.user_id === u.id && r.week === w)?.n ?? 0;
        const byWeek = weeks.map((week) => ({ week, visits: of(visits, week), tasks: of(tasks, week) }));
        return { userId: u.id, name: u.full_name, weeks: byWeek, visits: byWeek.reduce((n, w) => n + w.visits, 0), tasks: byWeek.reduce((n, w) => n + w.tasks, 0) };
      }),
      wonDeals: on(MODULES.opportunities) ? await this.wonDeals(auth, q, frame) : { count: 0, ids: [], visits: 0, visitsPerDeal: null },
      fairs: on(MODULES.leads) ? await this.fairs(auth, frame) : [],
    };
  }

  /** Deals won in the period (the win-rate report's closes) and the visits logged on them. */
  private async wonDeals(auth: UserContext, q: ActivityQuery, frame: ReportFrame): Promise<ActivityReport['wonDeals']> {
    const { reads, scope } = await this.source.reads(auth, q);
    const won = winRate(await reads.winRate(scope, frame.from, frame.to), { from: frame.from, to: frame.to, scope: frame.scope }).won;
    const ids = [...won.ids].sort((a, b) => a - b);
    const [{ n }] = ids.length
      ? await this.uow.tenant(auth.workspace.id).sql<{ n: number }>(`SELECT count(*)::int AS n FROM activities a WHERE a.workspace_id = $1 AND a.opp_id = ANY($2::int[])`, [ids])
      : [{ n: 0 }];
    return { count: won.count, ids, visits: n, visitsPerDeal: ratio(n, won.count) };
  }

  /** Leads taken in the period (created, workspace days) per fair, of the owners in scope. */
  private async fairs(auth: UserContext, frame: ReportFrame): Promise<FairConversion[]> {
    const ws = auth.workspace;
    const rows = await this.uow.tenant(ws.id).sql<{ fair_id: number; name: string; leads: number; converted: number; won: number }>(
      `SELECT f.id AS fair_id, f.name, count(*)::int AS leads, count(l.opp_id)::int AS converted, count(*) FILTER (WHERE l.status = $6)::int AS won
         FROM leads l JOIN fairs f ON f.workspace_id = l.workspace_id AND f.id = l.fair_id
        WHERE l.workspace_id = $1 AND l.created_at >= ($2::date::timestamp AT TIME ZONE $5) AND l.created_at < ($3::date::timestamp AT TIME ZONE $5)
          AND ($4::int[] IS NULL OR l.owner_id = ANY($4::int[]))
        GROUP BY f.id, f.name ORDER BY count(*) DESC, f.name`,
      [frame.from, addDays(frame.to, 1), frame.owners, ws.timezone, ws.constants.lead_status_won],
    );
    return rows.map((r) => ({ fairId: r.fair_id, name: r.name, leads: r.leads, converted: r.converted, won: r.won, conversion: ratio(r.converted, r.leads), winRate: ratio(r.won, r.leads) }));
  }
}

interface Count {
  user_id: number;
  week: string;
  n: number;
}
