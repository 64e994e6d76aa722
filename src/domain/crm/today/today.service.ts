import { Injectable } from '@nestjs/common';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { addDays, todayIn } from '../../../platform/common/time';
import { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { CalendarEntry } from '../calendar/calendar-entry.entity';
import { CompaniesService, CompanyCardRow, CompanyViews } from '../companies';
import type { Company } from '../companies/company.entity';
import { PeopleService, personCard, PersonCardRow, PersonCardSqlRow } from '../people';
import { AccessService } from '../shared/access.service';
import { OpenableType, RecordOpensService } from '../record-opens';
import { Task } from '../tasks/task.entity';
import { MODULES } from '../../workspace/defaults';
import { stageRuleDefaults } from '../../workspace/defaults';
import type { WorkspaceConstants } from '../../workspace/workspace.entity';
import { Lead } from '../leads/lead.entity';
import { LeadsService, LeadViews } from '../leads';

/**
 * A user's weekly targets: the workspace's constants, which admins set (docs/decisions/reports.md, "Weekly
 * targets"); the defaults for a constants object older than them (the migration gives every workspace the keys).
 */
export function weeklyTargets(c: WorkspaceConstants): { visits: number; tasks: number } {
  const d = stageRuleDefaults();
  return { visits: c.weekly_visit_target ?? d.weekly_visit_target, tasks: c.weekly_task_target ?? d.weekly_task_target };
}
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
  customers: Card<CompanyCardRow>;
  companyViews: CompanyViews;
  contacts: Card<PersonCardRow>;
  customerNames: Map<number, string>;
  /** Leads still to work on (status not in lead_closed_statuses nor the won status). */
  leads: Card<Lead>;
  leadViews: LeadViews;
  meetings: TodayMeetingRow[];
  /** Open tasks due today or within action_soon_days. */
  actions: TodayTaskRow[];
  overdueTasks: TodayTaskRow[];
  overdueVisits: OverdueVisitRow[];
  targets: WeeklyTargets;
}

/** An overdue visit: a customer card, plus what the MCP agenda shows of the company. */
export type OverdueVisitRow = CompanyCardRow & Pick<Company, 'country' | 'email' | 'website' | 'externalId'>;
/** What Today shows of a calendar entry. */
export type TodayMeetingRow = Pick<CalendarEntry, 'id' | 'title' | 'startAt' | 'endAt' | 'location' | 'customerId'>;
/** What Today shows of a task. */
export type TodayTaskRow = Pick<Task, 'id' | 'title' | 'dueDate' | 'priority' | 'status' | 'customerId' | 'oppId'>;

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
    const customers = await this.card(w, on.customers, companyCards, 'company');
    // overdue visits are company cards: they need Customers as well as Visits / Activities
    const overdueVisits = !(on.customers && on.activities) ? [] : (await w.db.sql<OverdueVisitSqlRow>(SQL.overdueVisits, [w.me, w.date])).map(overdueVisit);
    const contacts = await this.card(w, on.customers, personCards, 'person');
    const companyViews = await this.companies.views(auth, uniqueById([...cardItems(customers), ...overdueVisits]));
    const customerNames = await this.people.companyNames(auth.workspace.id, cardItems(contacts).map((p) => p.customerId));
    // leads to work on: the next date first (none last), then newest
    const leads = await this.card(w, on.leads, leadCards(auth.workspace.constants), 'lead');
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
  private async card<T extends { id: number; ownerId: number }>(w: Caller, enabled: boolean, reader: CardReader<T>, type: OpenableType): Promise<Card<T>> {
    const [mine, nMine] = enabled ? await reader.owned(w.db, [w.me]) : [[], 0];
    const [team, nTeam] = enabled && w.team.length ? await reader.owned(w.db, w.team) : [[], 0];
    const recent = enabled ? await this.recent(w.auth, type, reader, w.visible) : [];
    return { mine, team, recent, n: { mine: nMine, recent: recent.length, team: nTeam } };
  }

  /** Today's meetings, the tasks due soon and the overdue ones (Visits / Activities). */
  private async agenda(w: Caller): Promise<Pick<TodayView, 'meetings' | 'actions' | 'overdueTasks'>> {
    if (!w.on.activities) return { meetings: [], actions: [], overdueTasks: [] };
    const { db, me, date } = w;
    const ws = w.auth.workspace;
    const meetings = (await db.sql<MeetingSqlRow>(SQL.meetings, [me, date, addDays(date, 1), ws.timezone])).map(meeting);
    const closed = [...ws.constants.task_closed_statuses];
    const soon = addDays(date, Math.max(0, ws.constants.action_soon_days));
    const actions = (await db.sql<TaskSqlRow>(SQL.actions, [me, closed, date, soon])).map(todayTask);
    const overdueTasks = (await db.sql<TaskSqlRow>(SQL.overdueTasks, [me, closed, date])).map(todayTask);
    return { meetings, actions, overdueTasks };
  }

  /** This week's visits and completed tasks against the weekly targets (0 targets without Visits / Activities). */
  private async targets(w: Caller): Promise<WeeklyTargets> {
    const { db, me, on } = w;
    const weekStart = weekStartOf(w.date);
    const weekEnd = addDays(weekStart, 7);
    const visitsDone = !on.activities ? 0 : (await db.sql<{ n: number }>(SQL.visitsDone, [me, weekStart, weekEnd]))[0]!.n;
    const tasksDone = !on.activities ? 0 : (await db.sql<{ n: number }>(SQL.tasksDone, [me, weekStart, weekEnd, w.auth.workspace.timezone]))[0]!.n;
    const target = weeklyTargets(w.auth.workspace.constants);
    return {
      weekStart,
      visits: { target: on.activities ? target.visits : 0, done: visitsDone },
      tasks: { target: on.activities ? target.tasks : 0, done: tasksDone },
    };
  }

  /** The caller's most recently opened records of one type that they still may see, newest first. */
  private async recent<T extends { id: number; ownerId: number }>(auth: UserContext, type: OpenableType, reader: CardReader<T>, visible: number[] | null): Promise<T[]> {
    const ids = await this.opens.recent(auth, type, RECENT_LIMIT);
    if (!ids.length) return [];
    const rows = await reader.byIds(this.uow.tenant(auth.workspace.id), ids);
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

/**
 * Reads of one card's records: the owners' (CARD_LIMIT of them in the card's order, and how many there are)
 * and some by id (the recently opened ones, any order).
 */
interface CardReader<T> {
  owned(db: TenantDb, owners: number[]): Promise<[T[], number]>;
  byIds(db: TenantDb, ids: number[]): Promise<T[]>;
}

/**
 * Today's statements over companies, people, calendar entries, tasks and activities: fixed text (built once),
 * only the columns the page shows, read into plain rows (TypeORM's building and hydration of every column was
 * the largest share of Today's CPU time). `$1` is the workspace (TenantDb.sql).
 */
const COMPANY_CARD = 'c.id, c.name, c.city, c.sector, c.status, c.unit, c.currency, c.phone, c.active, c.last_visit, c.next_visit_due, c.potential_kg, c.owner_id, c.created_at';
const PERSON_CARD = 'p.id, p.customer_id, p.name, p.title, p.department, p.email, p.phone, p.wa, p.note, p.is_main, p.is_former, p.owner_id';
const TASK_ROW = 't.id, t.title, t.due_date, t.priority, t.status, t.customer_id, t.opp_id';
const SQL = {
  companiesOwned: `SELECT ${COMPANY_CARD} FROM companies c WHERE c.workspace_id = $1 AND c.owner_id = ANY($2::int[]) AND c.active = true ORDER BY c.next_visit_due ASC NULLS LAST, c.id ASC LIMIT ${CARD_LIMIT}`,
  companiesCount: 'SELECT count(*)::int AS n FROM companies c WHERE c.workspace_id = $1 AND c.owner_id = ANY($2::int[]) AND c.active = true',
  companiesByIds: `SELECT ${COMPANY_CARD} FROM companies c WHERE c.workspace_id = $1 AND c.id = ANY($2::int[])`,
  overdueVisits: `SELECT ${COMPANY_CARD}, c.country, c.email, c.website, c.external_id FROM companies c WHERE c.workspace_id = $1 AND c.owner_id = $2 AND c.active = true AND c.next_visit_due < $3::date ORDER BY c.next_visit_due ASC, c.id ASC LIMIT ${OVERDUE_VISITS_LIMIT}`,
  peopleOwned: `SELECT ${PERSON_CARD} FROM people p WHERE p.workspace_id = $1 AND p.owner_id = ANY($2::int[]) AND p.active = true ORDER BY p.name ASC, p.id ASC LIMIT ${CARD_LIMIT}`,
  peopleCount: 'SELECT count(*)::int AS n FROM people p WHERE p.workspace_id = $1 AND p.owner_id = ANY($2::int[]) AND p.active = true',
  peopleByIds: `SELECT ${PERSON_CARD} FROM people p WHERE p.workspace_id = $1 AND p.id = ANY($2::int[])`,
  meetings:
    'SELECT e.id, e.title, e.start_at, e.end_at, e.location, e.customer_id FROM calendar_entries e WHERE e.workspace_id = $1 AND (e.owner_id = $2 OR $2 = ANY(e.attendee_ids)) ' +
    `AND e.start_at >= ($3::date::timestamp AT TIME ZONE $5) AND e.start_at < ($4::date::timestamp AT TIME ZONE $5) ORDER BY e.start_at ASC, e.id ASC LIMIT ${TASK_LIST_LIMIT}`,
  actions:
    `SELECT ${TASK_ROW} FROM tasks t WHERE t.workspace_id = $1 AND t.assignee_id = $2 AND t.status <> ALL($3::text[]) AND t.due_date >= $4::date AND t.due_date <= $5::date ` +
    `ORDER BY t.due_date ASC, t.id ASC LIMIT ${TASK_LIST_LIMIT}`,
  overdueTasks: `SELECT ${TASK_ROW} FROM tasks t WHERE t.workspace_id = $1 AND t.assignee_id = $2 AND t.status <> ALL($3::text[]) AND t.due_date < $4::date ORDER BY t.due_date ASC, t.id ASC LIMIT ${TASK_LIST_LIMIT}`,
  visitsDone: 'SELECT count(*)::int AS n FROM activities a WHERE a.workspace_id = $1 AND a.owner_id = $2 AND a.date >= $3::date AND a.date < $4::date',
  tasksDone:
    'SELECT count(*)::int AS n FROM tasks t WHERE t.workspace_id = $1 AND t.assignee_id = $2 ' +
    'AND t.done_at >= ($3::date::timestamp AT TIME ZONE $5) AND t.done_at < ($4::date::timestamp AT TIME ZONE $5)',
} as const;

interface CompanyCardSqlRow {
  id: number;
  name: string;
  city: string;
  sector: string;
  status: string;
  unit: string;
  currency: string;
  phone: string;
  active: boolean;
  last_visit: string | null;
  next_visit_due: string | null;
  potential_kg: number | null;
  owner_id: number;
  created_at: Date;
}
const companyCard = (r: CompanyCardSqlRow): CompanyCardRow => ({
  id: r.id,
  name: r.name,
  city: r.city,
  sector: r.sector,
  status: r.status,
  unit: r.unit,
  currency: r.currency,
  phone: r.phone,
  active: r.active,
  lastVisit: r.last_visit,
  nextVisitDue: r.next_visit_due,
  potentialKg: r.potential_kg,
  ownerId: r.owner_id,
  createdAt: r.created_at,
});

type OverdueVisitSqlRow = CompanyCardSqlRow & { country: string; email: string; website: string; external_id: string | null };
const overdueVisit = (r: OverdueVisitSqlRow): OverdueVisitRow => Object.assign(companyCard(r), { country: r.country, email: r.email, website: r.website, externalId: r.external_id });

interface MeetingSqlRow {
  id: number;
  title: string;
  start_at: Date;
  end_at: Date;
  location: string;
  customer_id: number | null;
}
const meeting = (r: MeetingSqlRow): TodayMeetingRow => ({ id: r.id, title: r.title, startAt: r.start_at, endAt: r.end_at, location: r.location, customerId: r.customer_id });

interface TaskSqlRow {
  id: number;
  title: string;
  due_date: string | null;
  priority: string;
  status: string;
  customer_id: number | null;
  opp_id: number | null;
}
const todayTask = (r: TaskSqlRow): TodayTaskRow => ({ id: r.id, title: r.title, dueDate: r.due_date, priority: r.priority, status: r.status, customerId: r.customer_id, oppId: r.opp_id });

/** The card's count, then (when there are any) its first CARD_LIMIT rows. */
async function ownedRows<R, T>(db: TenantDb, count: string, list: string, owners: number[], map: (r: R) => T): Promise<[T[], number]> {
  const n = (await db.sql<{ n: number }>(count, [owners]))[0]!.n;
  return [n ? (await db.sql<R>(list, [owners])).map(map) : [], n];
}

const companyCards: CardReader<CompanyCardRow> = {
  owned: (db, owners) => ownedRows(db, SQL.companiesCount, SQL.companiesOwned, owners, companyCard),
  byIds: async (db, ids) => (await db.sql<CompanyCardSqlRow>(SQL.companiesByIds, [ids])).map(companyCard),
};

const personCards: CardReader<PersonCardRow> = {
  owned: (db, owners) => ownedRows(db, SQL.peopleCount, SQL.peopleOwned, owners, personCard),
  byIds: async (db, ids) => (await db.sql<PersonCardSqlRow>(SQL.peopleByIds, [ids])).map(personCard),
};

/** Leads: hydrated entities, as before (a lead card shows most of a lead's columns). */
const leadCards = (constants: WorkspaceConstants): CardReader<Lead> => ({
  owned: (db, owners) => listAndCount(leadQuery(constants)(db, owners), CARD_LIMIT),
  byIds: (db, ids) => db.qb(Lead, 'r').andWhere('r.id IN (:...ids)', { ids }).getMany(),
});

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
