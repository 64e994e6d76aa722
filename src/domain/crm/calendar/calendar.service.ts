import { Injectable } from '@nestjs/common';
import { Brackets } from 'typeorm';
import { invalid, notFound } from '../../../platform/common/errors';
import { addDays, daysBetween } from '../../../platform/common/time';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { linkNames, type LinkNames } from '../shared/lateral';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { Opportunity } from '../opportunities/opportunity.entity';
import { AccessService } from '../shared/access.service';
import { RefsService } from '../shared/refs.service';
import { DeletedRecordsService } from '../sync';
import { CalendarEntry } from './calendar-entry.entity';
import { localToDate } from '../../../platform/common/local-time';

/** The longest range one GET /calendar may ask for (to - from, in days). */
export const MAX_RANGE_DAYS = 92;

/** Fields of an entry as the interfaces send them; start/end are local times of the workspace. */
export interface CalendarFields {
  title: string;
  start: string;
  end: string;
  location?: string | null;
  note?: string | null;
  attendee_ids?: number[] | null;
  person_ids?: number[] | null;
  customer_id?: number | null;
  opp_id?: number | null;
}

export type CalendarChanges = Partial<CalendarFields>;

export interface CalendarRangeQuery {
  from: string;
  to: string;
  user_id?: number;
}

export interface CalendarView {
  entry: CalendarEntry;
  /** Batch-loaded users (owner and attendee summaries). */
  users: Map<number, User>;
  /** Batch-loaded names of the page's linked companies, people and opportunities. */
  names: LinkNames;
  canEdit: boolean;
}

const uniq = (xs: number[]): number[] => [...new Set(xs)];

/** Whether the caller sees an entry: admin (visible = null), or its owner or an attendee is in `visible`. */
export function canSeeEntry(visible: number[] | null, e: { ownerId: number; attendeeIds: number[] }): boolean {
  return visible === null || visible.includes(e.ownerId) || e.attendeeIds.some((id) => visible.includes(id));
}

/**
 * Calendar entries. Times come and go as local wall-clock times of the workspace's time zone and are
 * stored as instants. Visible to admins and to the team of the owner or of any attendee; only the
 * owner or an admin may change an entry.
 */
@Injectable()
export class CalendarService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
    private readonly users: UsersService,
    private readonly deleted: DeletedRecordsService,
  ) {}

  /** Entries overlapping the local days from..to (both included), ordered by start. */
  async range(auth: UserContext, q: CalendarRangeQuery): Promise<CalendarView[]> {
    if (q.to < q.from) throw invalid('to', 'must not be before from');
    if (daysBetween(q.from, q.to) > MAX_RANGE_DAYS) throw invalid('to', `at most ${MAX_RANGE_DAYS} days after from`);
    const tz = auth.workspace.timezone;
    const start = localToDate(`${q.from}T00:00:00`, tz);
    const end = localToDate(`${addDays(q.to, 1)}T00:00:00`, tz);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const visible = await this.access.visibleOwnerIds(auth);
      const qb = db
        .qb(CalendarEntry, 'e')
        // overlap of [start_at, end_at) with [start, end), written as a range so the GiST index answers it (docs/crm-rules.md)
        .andWhere('tstzrange(e.start_at, e.end_at) && tstzrange(CAST(:start AS timestamptz), CAST(:end AS timestamptz))', { start, end });
      if (visible) qb.andWhere('(e.owner_id IN (:...visible) OR e.attendee_ids && CAST(:visibleArr AS int[]))', { visible, visibleArr: visible });
      if (q.user_id !== undefined) {
        qb.andWhere(new Brackets((w) => w.where('e.owner_id = :userId', { userId: q.user_id }).orWhere(':userId = ANY(e.attendee_ids)', { userId: q.user_id })));
      }
      const rows = await qb.orderBy('e.start_at', 'ASC').addOrderBy('e.id', 'ASC').getMany();
      return this.hydrate(auth, rows);
    });
  }

  async get(auth: UserContext, id: number): Promise<CalendarView> {
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => (await this.hydrate(auth, [await this.load(auth, db, id, false)]))[0]!);
  }

  async create(auth: UserContext, input: CalendarFields): Promise<CalendarView> {
    const tz = auth.workspace.timezone;
    const startAt = localToDate(input.start, tz);
    const endAt = localToDate(input.end, tz);
    if (endAt <= startAt) throw invalid('end', 'must be after start');
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const attendeeIds = await this.attendees(auth, auth.user.id, input.attendee_ids ?? []);
      const personIds = uniq(input.person_ids ?? []);
      await this.refs.people(auth, personIds, 'person_ids');
      const links = await this.resolveLinks(auth, db, { customerId: null, oppId: null }, input);
      const entry = await db.save(
        CalendarEntry,
        db.create(CalendarEntry, {
          title: input.title.trim(),
          startAt,
          endAt,
          location: input.location ?? '',
          note: input.note ?? '',
          attendeeIds,
          personIds,
          ...links,
          ownerId: auth.user.id,
          isSample: false,
        }),
      );
      return (await this.hydrate(auth, [entry]))[0]!;
    });
  }

  async update(auth: UserContext, id: number, ch: CalendarChanges): Promise<CalendarView> {
    const tz = auth.workspace.timezone;
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const e = await this.load(auth, db, id, true);
      this.access.assertCanEdit(auth, e.ownerId);
      const patch: Partial<CalendarEntry> = {};
      if (ch.title != null) patch.title = ch.title.trim();
      if (ch.start != null) patch.startAt = localToDate(ch.start, tz);
      if (ch.end != null) patch.endAt = localToDate(ch.end, tz);
      if ((patch.endAt ?? e.endAt) <= (patch.startAt ?? e.startAt)) throw invalid('end', 'must be after start');
      if (ch.location !== undefined) patch.location = ch.location ?? '';
      if (ch.note !== undefined) patch.note = ch.note ?? '';
      if (ch.attendee_ids !== undefined) patch.attendeeIds = await this.attendees(auth, e.ownerId, ch.attendee_ids ?? []);
      if (ch.person_ids !== undefined) {
        patch.personIds = uniq(ch.person_ids ?? []);
        await this.refs.people(auth, patch.personIds, 'person_ids');
      }
      if (ch.customer_id !== undefined || ch.opp_id !== undefined) Object.assign(patch, await this.resolveLinks(auth, db, e, ch));
      if (Object.keys(patch).length) await db.update(CalendarEntry, { id }, patch);
      return (await this.hydrate(auth, [(await db.byId(CalendarEntry, id))!]))[0]!;
    });
  }

  /** Hard delete, with a tombstone in the same transaction for sync (GET /deleted). */
  async remove(auth: UserContext, id: number): Promise<void> {
    const db = this.uow.tenant(auth.workspace.id);
    await this.uow.run(async () => {
      const e = await this.load(auth, db, id, true);
      this.access.assertCanEdit(auth, e.ownerId);
      await db.delete(CalendarEntry, { id });
      await this.deleted.record({ workspaceId: auth.workspace.id, type: 'calendar', recordId: id, ownerId: e.ownerId, userIds: e.attendeeIds });
    });
  }

  private async load(auth: UserContext, db: TenantDb, id: number, lock: boolean): Promise<CalendarEntry> {
    const e = await db.byId(CalendarEntry, id, lock);
    if (!e || !canSeeEntry(await this.access.visibleOwnerIds(auth), e)) throw notFound('calendar entry');
    return e;
  }

  /** Active users of the workspace; the owner always attends (first). */
  private async attendees(auth: UserContext, ownerId: number, ids: number[]): Promise<number[]> {
    const others = uniq(ids).filter((id) => id !== ownerId);
    await this.refs.users(auth, others, 'attendee_ids');
    return [ownerId, ...others];
  }

  /** Company and opportunity: looked up when changed; without a company it is the opportunity's; the opportunity must belong to it. */
  private async resolveLinks(
    auth: UserContext,
    db: TenantDb,
    current: { customerId: number | null; oppId: number | null },
    ch: CalendarChanges,
  ): Promise<{ customerId: number | null; oppId: number | null }> {
    let customerId = current.customerId;
    if (ch.customer_id !== undefined) customerId = ch.customer_id === null ? null : (await this.refs.company(auth, ch.customer_id, 'customer_id')).id;
    let opp: Opportunity | null = null;
    if (ch.opp_id != null) opp = await this.refs.opportunity(auth, ch.opp_id, 'opp_id');
    else if (ch.opp_id === undefined && current.oppId !== null) opp = await db.byId(Opportunity, current.oppId);
    const oppId = ch.opp_id === null ? null : (opp?.id ?? (ch.opp_id === undefined ? current.oppId : null));
    if (customerId === null && ch.customer_id === undefined && opp) customerId = opp.customerId;
    if (customerId !== null && opp && opp.customerId !== customerId) {
      throw invalid(ch.opp_id != null ? 'opp_id' : 'customer_id', `opportunity ${opp.id} belongs to another company`);
    }
    return { customerId, oppId };
  }

  private async hydrate(auth: UserContext, rows: CalendarEntry[]): Promise<CalendarView[]> {
    if (!rows.length) return [];
    const users = await this.users.byIds(auth.workspace.id, rows.flatMap((e) => [e.ownerId, ...e.attendeeIds]));
    const names = await linkNames(this.uow.tenant(auth.workspace.id), { companies: rows.map((e) => e.customerId), people: rows.flatMap((e) => e.personIds), opps: rows.map((e) => e.oppId)  }, await this.access.visibleOwnerIds(auth));
    return rows.map((entry) => ({ entry, users, names, canEdit: this.access.canEdit(auth, entry.ownerId) }));
  }
}
