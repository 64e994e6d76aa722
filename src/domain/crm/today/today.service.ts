import { Injectable } from '@nestjs/common';
import { EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { addDays, todayIn } from '../../../platform/common/time';
import { TenantDb } from '../../../platform/database/tenant-db';
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
import type { WorkspaceConstants } from '../../workspace/workspace.entity';
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
    const team = await this.access.teamIds(auth);
    const w: Caller = {
      auth,
      me: auth.user.id,
      team,
      visible: isAdmin(auth) ? null : [auth.user.id, ...team],
      date: todayIn(auth.workspace.timezone),
      on: todaySections(auth.modules),
      db: this.uow.tenant(auth.workspace.id),
    };
    const { on } = w;
    const customers = await this.card(w, on.customers, companyQuery, 'company', Company);
    // overdue visits are company cards: they need Customers as well as Visits / Activities
    const overdueVisits = !(on.customers && on.activities) ? [] : await w.db
      .qb(Company, 'c')
      .andWhere('c.owner_id = :me AND c.active = true AND c.next_visit_due < :date', { me: w.me, date: w.date })
      .orderBy('c.next_visit_due', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .limit(OVERDUE_VISITS_LIMIT)
      .getMany();
    const contacts = await this.card(w, on.customers, personQuery, 'person', Person);
    const companyViews = await this.companies.views(auth, uniqueById([...cardItems(customers), ...overdueVisits]));
    const customerNames = await this.people.companyNames(auth.workspace.id, cardItems(contacts).map((p) => p.customerId));
    // leads to work on: the next date first (none last), then newest
    const leads = await this.card(w, on.leads, leadQuery(auth.workspace.constants), 'lead', Lead);
    const leadViews = await this.leadsService.views(auth, uniqueById(cardItems(leads)));
    return {
      date: w.date,
      sections: on,
      customers,
      companyViews,
      contacts,
      customerNames,
      leads,
      leadViews,
      ...(await this.agenda(w)),
      overdueVisits,
      targets: await this.targets(w),
    };
  }

  /** A card: the caller's records, their team's, and the recently opened ones (empty when its module is off). */
  private async card<T extends Company | Person | Lead>(w: Caller, enabled: boolean, query: OwnersQuery<T>, type: OpenableType, entity: EntityTarget<T>): Promise<Card<T>> {
    const [mine, nMine] = enabled ? await listAndCount(query(w.db, [w.me]), CARD_LIMIT) : [[], 0];
    const [team, nTeam] = enabled && w.team.length ? await listAndCount(query(w.db, w.team), CARD_LIMIT) : [[], 0];
    const recent = enabled ? await this.recent(w.auth, type, entity, w.visible) : [];
    return { mine, team, recent, n: { mine: nMine, recent: recent.length, team: nTeam } };
  }

  /** Today's meetings, the tasks due soon and the overdue ones (Visits / Activities). */
  private async agenda(w: Caller): Promise<Pick<TodayView, 'meetings' | 'actions' | 'overdueTasks'>> {
    if (!w.on.activities) return { meetings: [], actions: [], overdueTasks: [] };
    const { db, me, date } = w;
    const ws = w.auth.workspace;
    const meetings = await db
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
    const actions = await openTasks().andWhere('t.due_date >= :date AND t.due_date <= :soon', { date, soon }).getMany();
    const overdueTasks = await openTasks().andWhere('t.due_date < :date', { date }).getMany();
    return { meetings, actions, overdueTasks };
  }

  /** This week's visits and completed tasks against the weekly targets (0 targets without Visits / Activities). */
  private async targets(w: Caller): Promise<WeeklyTargets> {
    const { db, me, on } = w;
    const weekStart = weekStartOf(w.date);
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
        tz: w.auth.workspace.timezone,
      })
      .getCount();
    return {
      weekStart,
      visits: { target: on.activities ? WEEKLY_VISIT_TARGET : 0, done: visitsDone },
      tasks: { target: on.activities ? WEEKLY_TASK_TARGET : 0, done: tasksDone },
    };
  }

  /** The caller's most recently opened records of one type that they still may see, newest first. */
  private async recent<T extends Company | Person | Lead>(auth: UserContext, type: OpenableType, entity: EntityTarget<T>, visible: number[] | null): Promise<T[]> {
    const ids = await this.opens.recent(auth, type, RECENT_LIMIT);
    if (!ids.length) return [];
    const rows = await this.uow
      .tenant(auth.workspace.id)
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

/** The caller and what every part of their day is read with. */
interface Caller {
  auth: UserContext;
  me: number;
  team: number[];
  /** Owners whose records the caller may see; null: all (admin). */
  visible: number[] | null;
  date: string;
  on: TodaySections;
  db: TenantDb;
}

type OwnersQuery<T extends ObjectLiteral> = (db: TenantDb, owners: number[]) => SelectQueryBuilder<T>;

const companyQuery: OwnersQuery<Company> = (db, owners) =>
  db
    .qb(Company, 'c')
    .andWhere('c.owner_id IN (:...owners) AND c.active = true', { owners })
    .orderBy('c.next_visit_due', 'ASC', 'NULLS LAST')
    .addOrderBy('c.id', 'ASC');

const personQuery: OwnersQuery<Person> = (db, owners) =>
  db
    .qb(Person, 'p')
    .andWhere('p.owner_id IN (:...owners) AND p.active = true', { owners })
    .orderBy('p.name', 'ASC')
    .addOrderBy('p.id', 'ASC');

/** Leads still to work on: status neither closed nor won; the next date first (none last), then newest. */
const leadQuery =
  (constants: WorkspaceConstants): OwnersQuery<Lead> =>
  (db, owners) =>
    db
      .qb(Lead, 'l')
      .andWhere('l.owner_id IN (:...owners) AND l.status NOT IN (:...closedLeads)', { owners, closedLeads: [...constants.lead_closed_statuses, constants.lead_status_won] })
      .orderBy('l.next_date', 'ASC', 'NULLS LAST')
      .addOrderBy('l.id', 'DESC');

const cardItems = <T>(card: Card<T>): T[] => [...card.mine, ...card.team, ...card.recent];
