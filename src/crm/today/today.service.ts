import { Injectable } from '@nestjs/common';
import { EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { addDays, todayIn } from '../../common/time';
import { UnitOfWork } from '../../database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth/auth-context';
import { Activity } from '../activities/activity.entity';
import { CalendarEntry } from '../calendar/calendar-entry.entity';
import { CompaniesService, CompanyViews } from '../companies/companies.service';
import { Company } from '../companies/company.entity';
import { CLOSED_TASK_STATUSES } from '../companies/company-rules';
import { PeopleService } from '../people/people.service';
import { Person } from '../people/person.entity';
import { AccessService } from '../shared/access.service';
import { OpenableType, RecordOpensService } from '../shared/record-opens.service';
import { Task } from '../tasks/task.entity';

/** Weekly targets per user (not configurable yet). */
export const WEEKLY_VISIT_TARGET = 10;
export const WEEKLY_TASK_TARGET = 15;
/** Items per card list (`mine`, `team`), `recent`, overdue visits and task lists. */
export const CARD_LIMIT = 20;
export const RECENT_LIMIT = 10;
export const OVERDUE_VISITS_LIMIT = 20;
export const TASK_LIST_LIMIT = 100;

export interface Card<T> {
  mine: T[];
  team: T[];
  recent: T[];
  /** Sizes of the full sets (mine, team: all matching records; recent: the visible recent ones). */
  n: { mine: number; recent: number; team: number };
}

export interface WeeklyTargets {
  weekStart: string;
  visits: { target: number; done: number };
  tasks: { target: number; done: number };
}

/** The caller's day: entities plus the batch data the mapper needs. */
export interface TodayView {
  date: string;
  customers: Card<Company>;
  companyViews: CompanyViews;
  contacts: Card<Person>;
  customerNames: Map<number, string>;
  meetings: CalendarEntry[];
  /** Open tasks due today or within action_soon_days. */
  actions: Task[];
  overdueTasks: Task[];
  overdueVisits: Company[];
  targets: WeeklyTargets;
}

/** Monday of the week of `date` (`YYYY-MM-DD`). */
export function weekStartOf(date: string): string {
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((dow + 6) % 7));
}

/**
 * GET /today. A fixed number of queries whatever the data (no per-item queries): the card lists and
 * their counts, recent opens, meetings, tasks, overdue visits, one batch of company facts, one batch of
 * company names and two target counts.
 */
@Injectable()
export class TodayService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly opens: RecordOpensService,
    private readonly companies: CompaniesService,
    private readonly people: PeopleService,
  ) {}

  async today(auth: UserContext): Promise<TodayView> {
    const ws = auth.workspace;
    const me = auth.user.id;
    const date = todayIn(ws.timezone);
    const team = await this.access.teamIds(auth);
    const visible = isAdmin(auth) ? null : [me, ...team];
    const m = this.uow.manager;

    const companyQuery = (owners: number[]) =>
      m
        .createQueryBuilder(Company, 'c')
        .where('c.workspace_id = :ws AND c.owner_id IN (:...owners) AND c.active = true', { ws: ws.id, owners })
        .orderBy('c.next_visit_due', 'ASC', 'NULLS LAST')
        .addOrderBy('c.id', 'ASC');
    const personQuery = (owners: number[]) =>
      m
        .createQueryBuilder(Person, 'p')
        .where('p.workspace_id = :ws AND p.owner_id IN (:...owners) AND p.active = true', { ws: ws.id, owners })
        .orderBy('p.name', 'ASC')
        .addOrderBy('p.id', 'ASC');

    const [myCompanies, nMyCompanies] = await listAndCount(companyQuery([me]), CARD_LIMIT);
    const [teamCompanies, nTeamCompanies] = team.length ? await listAndCount(companyQuery(team), CARD_LIMIT) : [[], 0];
    const recentCompanies = await this.recent(auth, 'company', Company, visible);
    const overdueVisits = await m
      .createQueryBuilder(Company, 'c')
      .where('c.workspace_id = :ws AND c.owner_id = :me AND c.active = true AND c.next_visit_due < :date', { ws: ws.id, me, date })
      .orderBy('c.next_visit_due', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .limit(OVERDUE_VISITS_LIMIT)
      .getMany();

    const [myPeople, nMyPeople] = await listAndCount(personQuery([me]), CARD_LIMIT);
    const [teamPeople, nTeamPeople] = team.length ? await listAndCount(personQuery(team), CARD_LIMIT) : [[], 0];
    const recentPeople = await this.recent(auth, 'person', Person, visible);

    const allCompanies = uniqueById([...myCompanies, ...teamCompanies, ...recentCompanies, ...overdueVisits]);
    const companyViews = await this.companies.views(auth, allCompanies);
    const customerNames = await this.people.companyNames(ws.id, [...myPeople, ...teamPeople, ...recentPeople].map((p) => p.customerId));

    const meetings = await m
      .createQueryBuilder(CalendarEntry, 'e')
      .where('e.workspace_id = :ws AND (e.owner_id = :me OR :me = ANY(e.attendee_ids))', { ws: ws.id, me })
      .andWhere('e.start_at >= (CAST(:date AS date)::timestamp AT TIME ZONE :tz) AND e.start_at < (CAST(:next AS date)::timestamp AT TIME ZONE :tz)', {
        date,
        next: addDays(date, 1),
        tz: ws.timezone,
      })
      .orderBy('e.start_at', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .limit(TASK_LIST_LIMIT)
      .getMany();

    const openTasks = () =>
      m
        .createQueryBuilder(Task, 't')
        .where('t.workspace_id = :ws AND t.assignee_id = :me AND t.status NOT IN (:...closed)', { ws: ws.id, me, closed: CLOSED_TASK_STATUSES })
        .orderBy('t.due_date', 'ASC')
        .addOrderBy('t.id', 'ASC')
        .limit(TASK_LIST_LIMIT);
    const soon = addDays(date, Math.max(0, ws.constants.action_soon_days));
    const actions = await openTasks().andWhere('t.due_date >= :date AND t.due_date <= :soon', { date, soon }).getMany();
    const overdueTasks = await openTasks().andWhere('t.due_date < :date', { date }).getMany();

    const weekStart = weekStartOf(date);
    const weekEnd = addDays(weekStart, 7);
    const visitsDone = await m
      .createQueryBuilder(Activity, 'a')
      .where('a.workspace_id = :ws AND a.owner_id = :me AND a.date >= :weekStart AND a.date < :weekEnd', { ws: ws.id, me, weekStart, weekEnd })
      .getCount();
    const tasksDone = await m
      .createQueryBuilder(Task, 't')
      .where('t.workspace_id = :ws AND t.assignee_id = :me', { ws: ws.id, me })
      .andWhere('t.done_at >= (CAST(:weekStart AS date)::timestamp AT TIME ZONE :tz) AND t.done_at < (CAST(:weekEnd AS date)::timestamp AT TIME ZONE :tz)', {
        weekStart,
        weekEnd,
        tz: ws.timezone,
      })
      .getCount();

    return {
      date,
      customers: {
        mine: myCompanies,
        team: teamCompanies,
        recent: recentCompanies,
        n: { mine: nMyCompanies, recent: recentCompanies.length, team: nTeamCompanies },
      },
      companyViews,
      contacts: {
        mine: myPeople,
        team: teamPeople,
        recent: recentPeople,
        n: { mine: nMyPeople, recent: recentPeople.length, team: nTeamPeople },
      },
      customerNames,
      meetings,
      actions,
      overdueTasks,
      overdueVisits,
      targets: {
        weekStart,
        visits: { target: WEEKLY_VISIT_TARGET, done: visitsDone },
        tasks: { target: WEEKLY_TASK_TARGET, done: tasksDone },
      },
    };
  }

  /** The caller's most recently opened records of one type that they still may see, newest first. */
  private async recent<T extends Company | Person>(auth: UserContext, type: OpenableType, entity: EntityTarget<T>, visible: number[] | null): Promise<T[]> {
    const ids = await this.opens.recent(auth, type, RECENT_LIMIT);
    if (!ids.length) return [];
    const rows = await this.uow.manager
      .createQueryBuilder(entity, 'r')
      .where('r.workspace_id = :ws AND r.id IN (:...ids)', { ws: auth.workspace.id, ids })
      .getMany();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined && this.access.canSee(visible, r.ownerId));
  }
}

async function listAndCount<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, limit: number): Promise<[T[], number]> {
  const count = await qb.clone().orderBy().getCount();
  const items = count ? await qb.limit(limit).getMany() : [];
  return [items, count];
}

function uniqueById<T extends { id: number }>(rows: T[]): T[] {
  const seen = new Map<number, T>();
  for (const r of rows) if (!seen.has(r.id)) seen.set(r.id, r);
  return [...seen.values()];
}
