import { Injectable } from '@nestjs/common';
import { forbidden, invalid, invalidFields } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, type UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { AccessService } from '../shared/access.service';
import { ForecastAdjustment } from './forecast-adjustment.entity';

export interface AdjustmentInput {
  user_id?: number;
  team?: string;
  /** 2026-11 (month) or 2026-Q4 (quarter). */
  period: string;
  category: string;
  amount: number;
  note?: string;
}

export interface AdjustmentRow {
  userId: number | null;
  team: string | null;
  period: string;
  category: string;
  amount: number;
  note: string;
  setBy: number | null;
  updatedAt: Date;
}

export const MAX_ADJUSTMENTS_PER_PUT = 200;
const PERIOD_RE = /^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/;
const toRow = (a: ForecastAdjustment): AdjustmentRow => ({
  userId: a.userId,
  team: a.team,
  period: a.period,
  category: a.category,
  amount: a.amount,
  note: a.note,
  setBy: a.setBy,
  updatedAt: a.updatedAt,
});

/**
 * Managers' adjustments of the forecast (docs/decisions/reports.md, "Manager's adjustment"): admins set them for a
 * user or a team, a period and a forecast category, with a note; the forecast report shows them next to the
 * rolled-up figures when it is the report of that user or team.
 */
@Injectable()
export class ForecastAdjustmentsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
  ) {}

  async list(auth: UserContext, q: { period?: string; user_id?: number; team?: string }): Promise<AdjustmentRow[]> {
    if (q.period !== undefined && !PERIOD_RE.test(q.period)) throw invalid('period', 'must be a month YYYY-MM or a quarter YYYY-Qn');
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(ForecastAdjustment, 'a').orderBy('a.period', 'ASC').addOrderBy('a.id', 'ASC').take(5000);
    // a sales user sees the adjustments of the users they may see and of their own department
    if (visible) qb.andWhere('(a.user_id IN (:...visible) OR a.team = :own)', { visible, own: auth.user.department ?? '' });
    if (q.period) qb.andWhere('a.period = :period', { period: q.period });
    if (q.user_id !== undefined) qb.andWhere('a.user_id = :user', { user: q.user_id });
    if (q.team !== undefined) qb.andWhere('a.team = :team', { team: q.team.trim() });
    return (await qb.getMany()).map(toRow);
  }

  /** Sets (or replaces) adjustments in one transaction; admins only (the workspace has no team-lead role). */
  async put(auth: UserContext, items: AdjustmentInput[]): Promise<AdjustmentRow[]> {
    if (!isAdmin(auth)) throw forbidden('only admins adjust the forecast');
    if (!items.length) throw invalid('items', 'must not be empty');
    if (items.length > MAX_ADJUSTMENTS_PER_PUT) throw invalid('items', `at most ${MAX_ADJUSTMENTS_PER_PUT}`);
    const cats = auth.workspace.constants.forecast_cats;
    const problems = items.flatMap((it, i) => [
      ...((it.user_id === undefined) !== (it.team === undefined || !it.team.trim()) ? [] : [{ field: `items.${i}.user_id`, message: 'give either user_id or team' }]),
      ...(PERIOD_RE.test(it.period) ? [] : [{ field: `items.${i}.period`, message: 'must be a month YYYY-MM or a quarter YYYY-Qn' }]),
      ...(cats.includes(it.category) ? [] : [{ field: `items.${i}.category`, message: `must be one of ${cats.join(', ')}` }]),
      ...(Number.isFinite(it.amount) && it.amount >= 0 && it.amount < 1e13 ? [] : [{ field: `items.${i}.amount`, message: 'must be a number from 0 to 9999999999999' }]),
    ]);
    if (problems.length) throw invalidFields(problems);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const ids = [...new Set(items.flatMap((it) => (it.user_id === undefined ? [] : [it.user_id])))];
      const teams = [...new Set(items.flatMap((it) => (it.team === undefined ? [] : [it.team.trim()])))];
      if (ids.length) {
        const found = await db.qb(User, 'u').select('u.id', 'id').andWhere('u.id IN (:...ids)', { ids }).getRawMany<{ id: number }>();
        const missing = ids.filter((id) => !found.some((u) => u.id === id));
        if (missing.length) throw invalid('items', `no such user: ${missing.join(', ')}`);
      }
      if (teams.length) {
        const found = await db.qb(User, 'u').select('DISTINCT u.department', 'team').andWhere('u.department IN (:...teams)', { teams }).getRawMany<{ team: string }>();
        const missing = teams.filter((t) => !found.some((f) => f.team === t));
        if (missing.length) throw invalid('items', `no such team (department): ${missing.join(', ')}`);
      }
      const out: AdjustmentRow[] = [];
      for (const it of items) {
        const subject = it.user_id !== undefined ? { userId: it.user_id, team: null } : { userId: null, team: it.team!.trim() };
        const where = subject.userId !== null ? 'a.user_id = :user' : 'a.team = :team';
        const existing = await db.qb(ForecastAdjustment, 'a').andWhere(where, { user: subject.userId, team: subject.team }).andWhere('a.period = :p AND a.category = :c', { p: it.period, c: it.category }).getOne();
        const row = existing ?? Object.assign(new ForecastAdjustment(), { workspaceId: auth.workspace.id, ...subject, period: it.period, category: it.category });
        Object.assign(row, { amount: Math.round(it.amount * 100) / 100, note: (it.note ?? '').trim(), setBy: auth.user.id });
        out.push(toRow(await db.save(ForecastAdjustment, row)));
      }
      return out;
    });
  }

  /** The adjustments of one user or one team for the given periods, by `period/category`. */
  async forReport(auth: UserContext, subject: { userId: number } | { team: string }, periods: string[]): Promise<Map<string, AdjustmentRow>> {
    if (!periods.length) return new Map();
    const qb = this.uow.tenant(auth.workspace.id).qb(ForecastAdjustment, 'a').andWhere('a.period IN (:...periods)', { periods });
    if ('userId' in subject) qb.andWhere('a.user_id = :user', { user: subject.userId });
    else qb.andWhere('a.team = :team', { team: subject.team.trim() });
    return new Map((await qb.getMany()).map((a) => [`${a.period}/${a.category}`, toRow(a)]));
  }
}
