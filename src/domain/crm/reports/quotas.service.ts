import { Injectable } from '@nestjs/common';
import { forbidden, invalid, invalidFields } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, type UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { AccessService } from '../shared/access.service';
import { Quota } from './quota.entity';

export interface QuotaInput {
  user_id: number;
  /** YYYY-MM */
  month: string;
  amount: number;
}

export interface QuotaRow {
  userId: number;
  month: string;
  amount: number;
}

export const MAX_QUOTAS_PER_PUT = 500;
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Users' monthly quotas: admins set them (docs/decisions/reports.md); anyone reads those of the users they may see. */
@Injectable()
export class QuotasService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
  ) {}

  async list(auth: UserContext, q: { from?: string; to?: string; user_id?: number }): Promise<QuotaRow[]> {
    for (const key of ['from', 'to'] as const) if (q[key] !== undefined && !MONTH_RE.test(q[key])) throw invalid(key, 'must be a month YYYY-MM');
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(Quota, 'q').orderBy('q.month', 'ASC').addOrderBy('q.user_id', 'ASC').take(5000);
    if (visible) qb.andWhere('q.user_id IN (:...visible)', { visible });
    if (q.user_id !== undefined) qb.andWhere('q.user_id = :user', { user: q.user_id });
    if (q.from) qb.andWhere('q.month >= :from', { from: `${q.from}-01` });
    if (q.to) qb.andWhere('q.month <= :to', { to: `${q.to}-01` });
    return (await qb.getMany()).map((r) => ({ userId: r.userId, month: String(r.month).slice(0, 7), amount: r.amount }));
  }

  /** Sets (or replaces) quotas in one statement; every user must be of the workspace. */
  async put(auth: UserContext, items: QuotaInput[]): Promise<QuotaRow[]> {
    if (!isAdmin(auth)) throw forbidden('only admins set quotas');
    if (!items.length) throw invalid('items', 'must not be empty');
    if (items.length > MAX_QUOTAS_PER_PUT) throw invalid('items', `at most ${MAX_QUOTAS_PER_PUT}`);
    const problems = items.flatMap((it, i) => [
      ...(MONTH_RE.test(it.month) ? [] : [{ field: `items.${i}.month`, message: 'must be a month YYYY-MM' }]),
      ...(Number.isFinite(it.amount) && it.amount >= 0 && it.amount < 1e13 ? [] : [{ field: `items.${i}.amount`, message: 'must be a number from 0 to 9999999999999' }]),
    ]);
    if (problems.length) throw invalidFields(problems);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const ids = [...new Set(items.map((it) => it.user_id))];
      const found = await db.qb(User, 'u').select('u.id', 'id').andWhere('u.id IN (:...ids)', { ids }).getRawMany<{ id: number }>();
      const missing = ids.filter((id) => !found.some((u) => u.id === id));
      if (missing.length) throw invalid('items', `no such user: ${missing.join(', ')}`);
      // the last item wins when one user and month come twice
      const byKey = new Map(items.map((it) => [`${it.user_id}/${it.month}`, it]));
      const list = [...byKey.values()];
      await db.sql(
        `INSERT INTO quotas (workspace_id, user_id, month, amount, set_by, updated_at)
         SELECT $1, x.user_id, x.month, x.amount, $5, now() FROM unnest($2::int[], $3::date[], $4::numeric[]) AS x(user_id, month, amount)
         ON CONFLICT (workspace_id, user_id, month) DO UPDATE SET amount = EXCLUDED.amount, set_by = EXCLUDED.set_by, updated_at = now()
          WHERE quotas.workspace_id = $1`,
        [list.map((it) => it.user_id), list.map((it) => `${it.month}-01`), list.map((it) => Math.round(it.amount * 100) / 100), auth.user.id],
      );
      return list.map((it) => ({ userId: it.user_id, month: it.month, amount: Math.round(it.amount * 100) / 100 }));
    });
  }

  /** Sum of the quotas of `owners` (null = everyone) per month (YYYY-MM-01 → amount). */
  async byMonth(auth: UserContext, owners: number[] | null, firstMonth: string, lastMonth: string): Promise<Map<string, number>> {
    const qb = this.uow
      .tenant(auth.workspace.id)
      .qb(Quota, 'q')
      .select("to_char(q.month, 'YYYY-MM-DD')", 'month')
      .addSelect('SUM(q.amount)', 'amount')
      .andWhere('q.month >= :first AND q.month <= :last', { first: firstMonth, last: lastMonth })
      .groupBy('q.month');
    if (owners) qb.andWhere(owners.length ? 'q.user_id IN (:...owners)' : '1 = 0', { owners });
    const rows = await qb.getRawMany<{ month: string; amount: string }>();
    return new Map(rows.map((r) => [r.month, Number(r.amount)]));
  }
}
