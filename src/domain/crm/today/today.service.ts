import { Injectable } from '@nestjs/common';
import { EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { addDays, todayIn } from '../../../platform/common/time';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { Activity } from '../activities/activity.entity';
import { CalendarEntry } from '../calendar/calendar-entry.entity';
import { CompaniesService, CompanyViews } from '../companies';
import { Company } from '../companies/company.entity';
import { PeopleService } from '../people';
import { Person } from '../people/person.entity';
import { AccessService } from '../shared/access.service';
import { OpenableType, RecordOpensService } from '../record-opens';
import { Task } from '../tasks/task.entity';
import { MODULES } from '../../workspace/defaults';
import { Lead } from '../leads/lead.entity';
import { LeadsService, LeadViews } from '../leads';

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

/**
 * Which parts of Today the caller's modules allow (rule 11): customer and contact cards need Customers,
 * leads Fair leads, meetings, actions, overdue tasks and visits and the weekly targets Visits / Activities,
 * opportunity figures (a card's open_opps) Opportunities. Parts that are off stay empty (or 0) and are
 * not queried.
 */
export interface TodaySections {
  customers: boolean;
  leads: boolean;
  activities: boolean;
  opportunities: boolean;
}

export function todaySections(modules: readonly string[]): TodaySections {
  return {
    customers: modules.includes(MODULES.customers),
    leads: modules.includes(MODULES.leads),
    activities: modules.includes(MODULES.activities),
    opportunities: modules.includes(MODULES.opportunities),
  };
}

/** The caller's day: entities plus the batch data the mapper needs. */
export interface TodayView {
  date: string;
  sections: TodaySections;
  customers: Card<Company>;
  companyViews: CompanyViews;
  contacts: Card<Person>;
  customerNames: Map<number, string>;
  /** Leads still to work on (status not in lead_closed_statuses nor the won status). */
  leads: Card<Lead>;
  leadViews: LeadViews;
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
    private readonly leadsService: LeadsService,
  ) {}

  async today(auth: UserContext): Promise<TodayView> {
    const ws = auth.workspace;
    const me = auth.user.id;
    const date = todayIn(ws.timezone);
    const on = todaySections(auth.modules);
    const team = await this.access.teamIds(auth);
    const visible = isAdmin(auth) ? null : [me, ...team];
    const db = this.uow.tenant(ws.id);

    const companyQuery = (owners: number[]) =>
      db
        .qb(Company, 'c')
        .andWhere('c.owner_id IN (:...owners) AND c.active = true', { owners })
        .orderBy('c.next_visit_due', 'ASC', 'NULLS LAST')
        .addOrderBy('c.id', 'ASC');
    const personQuery = (owners: number[]) =>
      db
        .qb(Person, 'p')
        .andWhere('p.owner_id IN (:...owners) AND p.active = true', { owners })
        .orderBy('p.name', 'ASC')
        .addOrderBy('p.id', 'ASC');

    const [myCompanies, nMyCompanies] = on.customers ? await listAndCount(companyQuery([me]), CARD_LIMIT) : [[], 0];
    const [teamCompanies, nTeamCompanies] = on.customers && team.length ? await listAndCount(companyQuery(team), CARD_LIMIT) : [[], 0];
    const recentCompanies = on.customers ? await this.recent(auth, 'company', Company, visible) : [];
    // overdue visits are company cards: they need Customers as well as Visits / Activities
    const overdueVisits = !(on.customers && on.activities) ? [] : await db
      .qb(Company, 'c')
      .andWhere('c.owner_id = :me AND c.active = true AND c.next_visit_due < :date', { me, date })
      .orderBy('c.next_visit_due', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .limit(OVERDUE_VISITS_LIMIT)
      .getMany();

    const [myPeople, nMyPeople] = on.customers ? await listAndCount(personQuery([me]), CARD_LIMIT) : [[], 0];
    const [teamPeople, nTeamPeople] = on.customers && team.length ? await listAndCount(personQuery(team), CARD_LIMIT) : [[], 0];
    const recentPeople = on.customers ? await this.recent(auth, 'person', Person, visible) : [];

    const allCompanies = uniqueById([...myCompanies, ...teamCompanies, ...recentCompanies, ...overdueVisits]);
    const companyViews = await this.companies.views(auth, allCompanies);
    const customerNames = await this.people.companyNames(ws.id, [...myPeople, ...teamPeople, ...recentPeople].map((p) => p.customerId));

    // leads to work on: the next date first (none last), then newest
    const closedLeads = [...ws.constants.lead_closed_statuses, ws.constants.lead_status_won];
    const leadQuery = (owners: number[]) =>
      db
        .qb(Lead, 'l')
        .andWhere('l.owner_id IN (:...owners) AND l.status NOT IN (:...closedLeads)', { owners, closedLeads })
        .orderBy('l.next_date', 'ASC', 'NULLS LAST')
        .addOrderBy('l.id', 'DESC');
    const [myLeads, nMyLeads] = on.leads ? await listAndCount(leadQuery([me]), CARD_LIMIT) : [[], 0];
    const [teamLeads, nTeamLeads] = on.leads && team.length ? await listAndCount(leadQuery(team), CARD_LIMIT) : [[], 0];
    const recentLeads = on.leads ? await this.recent(auth, 'lead', Lead, visible) : [];
    const leadViews = await this.leadsService.views(auth, uniqueById([...myLeads, ...teamLeads, ...recentLeads]));

    const meetings = !on.activities ? [] : await db
      .qb(CalendarEntry, 'e')
      .andWhere('(e.owner_id = :me OR :me = ANY(e.attendee_ids))', { me })
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
      db
        .qb(Task, 't')
        .andWhere('t.assignee_id = :me AND t.status NOT IN (:...closed)', { me, closed: ws.constants.task_closed_statuses })
        .orderBy('t.due_date', 'ASC')
        .addOrderBy('t.id', 'ASC')
        .limit(TASK_LIST_LIMIT);
    const soon = addDays(date, Math.max(0, ws.constants.action_soon_days));
    const actions = !on.activities ? [] : await openTasks().andWhere('t.due_date >= :date AND t.due_date <= :soon', { date, soon }).getMany();
    const overdueTasks = !on.activities ? [] : await openTasks().andWhere('t.due_date < :date', { date }).getMany();

    const weekStart = weekStartOf(date);
    const weekEnd = addDays(weekStart, 7);
    const visitsDone = !on.activities ? 0 : await db
      .qb(Activity, 'a')
      .andWhere('a.owner_id = :me AND a.date >= :weekStart AND a.date < :weekEnd', { me, weekStart, weekEnd })
      .getCount();
    const tasksDone = !on.activities ? 0 : await db
      .qb(Task, 't')
      .andWhere('t.assignee_id = :me', { me })
      .andWhere('t.done_at >= (CAST(:weekStart AS date)::timestamp AT TIME ZONE :tz) AND t.done_at < (CAST(:weekEnd AS date)::timestamp AT TIME ZONE :tz)', {
        weekStart,
        weekEnd,
        tz: ws.timezone,
      })
      .getCount();

    return {
      date,
      sections: on,
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
      leads: {
        mine: myLeads,
        team: teamLeads,
        recent: recentLeads,
        n: { mine: nMyLeads, recent: recentLeads.length, team: nTeamLeads },
      },
      leadViews,
      meetings,
      actions,
      overdueTasks,
      overdueVisits,
      targets: {
        weekStart,
        visits: { target: on.activities ? WEEKLY_VISIT_TARGET : 0, done: visitsDone },
        tasks: { target: on.activities ? WEEKLY_TASK_TARGET : 0, done: tasksDone },
      },
    };
  }

  /** The caller's most recently opened records of one type that they still may see, newest first. */
  private async recent<T extends Company | Person | Lead>(auth: UserContext, type: OpenableType, entity: EntityTarget<T>, visible: number[] | null): Promise<T[]> {
    const ids = await this.opens.recent(auth, type, RECENT_LIMIT);
    if (!ids.length) return [];
    const rows = await this.uow
      .tenant(auth)
      .qb(entity, 'r')
      .andWhere('r.id IN (:...ids)', { ids })
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
