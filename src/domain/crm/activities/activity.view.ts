import { z } from 'zod';
import { summaryOf, USER_SUMMARY_EXAMPLE, UserSummarySchema } from '../../identity/user.view';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { field, maskOf } from '../../../platform/common/record-fields';
import { date, id, int, name, orNull, text } from '../../../platform/common/record-input';
import type { Page } from '../shared/paging';
import { rid } from '../shared/record-keys';
import type { ActivityView } from './activities.service';
import type { EventKindList } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

/**
 * The read model of an activity (a visit, a call): the record as the outside world sees it, linked names beside ids,
 * timestamps in the workspace's local time, with its one schema. REST documents the schema as Activity
 * (`src/interfaces/rest/activities/activity.schema.ts`), and MCP answers and describes the compact projection (below),
 * so a field is declared and mapped here once.
 */

/** What the Quick Entry form's blocks held, as a create or a change sends them. */
const BLOCKS_DOC =
  "what the Quick Entry form's blocks held (GET /api/v1/qe/config): block key -> field key -> value (strings). Blocks and fields of " +
  'the config only; ids, numbers (12.5) and dates (YYYY-MM-DD) in their shape; an empty value is left out. `contact`, `opp` and `next` ' +
  'are not applied to person_ids, opp_id and next_action / next_date: send those too.';
export const ActivityBlocks = z.record(z.string(), z.record(z.string(), z.string()));

/**
 * What a list of activities is filtered by (each optional; they combine): REST's query is made from it (`QueryDto`,
 * with the page's own fields), list_activities takes it, and the service's list reads it.
 */
export const ActivityFilters = z.object({
  customer_id: id('company').optional(),
  opp_id: id('opportunity').optional(),
  owner_id: id('user').optional(),
  type: text(40, 'one of constants.visit_types').optional(),
  from: date('activities on or after this day').optional(),
  to: date('activities on or before this day').optional(),
});

/**
 * An activity's fields as a create takes them, declared once: REST's body is made from them (`FieldsDto`; `blocks`, an
 * object of objects, is written by hand in the DTO beside them) and the create_activity tool takes them as they are.
 * Null clears an optional one.
 */
export const ActivityFields = z.object({
  type: name(40, 'one of constants.visit_types').meta({ examples: ['F2F'] }),
  topic: orNull(text(200, 'one of constants.visit_topics or free text')),
  date: date('day of the activity').meta({ examples: ['2026-03-02'] }),
  duration_min: orNull(int(0, 1440, 'minutes')),
  customer_id: id('company'),
  person_ids: orNull(z.array(id('person')).max(50, 'at most 50 people')).describe('people of that company who took part'),
  opp_id: orNull(id('opportunity')).describe('an opportunity of that company'),
  note: orNull(text(5000, 'what happened')),
  next_action: orNull(text(200, 'the next step, usually one of constants.next_actions: it becomes a task of the owner, due on next_date')),
  next_date: orNull(date('day of the next step')).meta({ examples: ['2026-03-16'] }),
  outcome: orNull(text(200, 'how it went')),
  owner_id: orNull(id('user')).describe('default: the caller; only admins may set another user'),
  blocks: ActivityBlocks.nullable().optional().describe(BLOCKS_DOC),
});
export type ActivityFields = z.output<typeof ActivityFields>;

/** A change to an activity (PATCH, update_activity): the fields given change; null clears an optional one. */
export const ActivityChangeFields = ActivityFields.partial().extend({
  owner_id: id('user').optional().describe('only admins may set another user'),
  blocks: ActivityBlocks.nullable().optional().describe(`${BLOCKS_DOC} Replaces all blocks; null clears them.`),
});
export type ActivityChanges = z.output<typeof ActivityChangeFields>;

/** The activity / visit record (spec 2.18: fields not shown in the spec; these are the service's). */
export const ActivityRecord = z.object({
  id: field.id(),
  rid: z.string().meta({ description: 'display key, e.g. A-512' }),
  type: z.string().meta({ description: 'one of constants.visit_types (GET /api/v1/me)' }),
  topic: z.string().meta({ description: "one of constants.visit_topics (GET /api/v1/me) or free text; '' when none" }),
  date: field.date(),
  duration_min: z.int().min(0).nullable().meta({ description: 'minutes; null when not given' }),
  customer_id: field.id(),
  customer: z.string().meta({ description: "the company's name ('' when the company no longer exists)" }),
  person_ids: z.array(field.id()).meta({ description: 'people of the company who took part' }),
  people: z.array(z.object({ id: field.id(), name: z.string() })).meta({ description: 'the people of person_ids that still exist, with their names' }),
  opp_id: field.id().nullable(),
  opp: z.string().nullable().meta({ description: "the opportunity's name; null without one" }),
  note: z.string(),
  next_action: z.string().meta({ description: "usually one of constants.next_actions (GET /api/v1/me); '' when none" }),
  next_date: field.date().nullable(),
  task_id: field.id().nullable().meta({ description: "the follow-up task next_action became (assigned to the owner, due on next_date); null without a next step" }),
  task: z.string().nullable().meta({ description: "that task's title; null without one or when it was deleted" }),
  outcome: z.string(),
  blocks: z
    .record(z.string(), z.record(z.string(), z.string()))
    .meta({ description: "what the Quick Entry form's blocks held: block key -> field key -> value ({} when none; GET /api/v1/qe/config names them)" }),
  owner: UserSummarySchema.nullable(),
  can_edit: z.boolean().meta({ description: 'the caller may change or delete this activity' }),
  created_at: field.timestamp(),
  updated_at: field.timestamp(),
});

/** The record as the API documents show it. */
export const ACTIVITY_EXAMPLE: z.output<typeof ActivityRecord> = {
  id: 512, rid: 'A-512', type: 'F2F', topic: 'Offer follow-up', date: '2026-11-24', duration_min: 45, customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.',
  person_ids: [118], people: [{ id: 118, name: 'Mert Kaya' }], opp_id: 95, opp: 'PE film 2027 contract', note: 'Price accepted, volume to be confirmed.',
  next_action: 'Send offer', next_date: '2026-12-01', task_id: 733, task: 'Send offer: Anadolu Ambalaj A.Ş.', outcome: 'positive',
  blocks: { product: { product_id: '7' }, price: { price: '12.5', currency: 'EUR', unit: 'kg' }, next: { action: 'Send offer', date: '2026-12-01' } }, owner: USER_SUMMARY_EXAMPLE, can_edit: true,
  created_at: '2026-11-24T17:12:08', updated_at: '2026-11-24T17:12:08',
};

/** The activity / visit record. */
export function activityView(v: ActivityView, ws: Workspace): z.output<typeof ActivityRecord> {
  const a = v.activity;
  return {
    id: a.id,
    rid: rid('A', a.id),
    type: a.type,
    topic: a.topic,
    date: a.date,
    duration_min: a.durationMin,
    customer_id: a.customerId,
    customer: v.customer,
    person_ids: a.personIds,
    people: v.people,
    opp_id: a.oppId,
    opp: v.opp,
    note: a.note,
    next_action: a.nextAction,
    next_date: a.nextDate,
    task_id: a.followUpTaskId,
    task: v.task,
    outcome: a.outcome,
    blocks: a.blocks ?? {},
    owner: summaryOf(v.users, a.ownerId, ws.app.locale),
    can_edit: v.canEdit,
    created_at: formatTimestamp(a.createdAt, ws.timezone),
    updated_at: formatTimestamp(a.updatedAt, ws.timezone),
  };
}

/** A page of activity records, in the order the page holds them. */
export const activityPageView = (page: Page<ActivityView>, ws: Workspace) => page.items.map((v) => activityView(v, ws));

/** What the compact projection leaves out of the record. */
const NOT_COMPACT = ['duration_min', 'person_ids', 'opp', 'task', 'outcome', 'blocks', 'owner', 'can_edit', 'created_at', 'updated_at'] as const;

/** The compact projection MCP tools and Ask's model answer: what happened, with whom, and the next step; ids for the owner. */
export const ActivityCompact = ActivityRecord.omit(maskOf(NOT_COMPACT)).extend({ owner_id: field.id() });

export const activityCompact = (v: ActivityView): z.output<typeof ActivityCompact> => ({
  rid: rid('A', v.activity.id),
  id: v.activity.id,
  type: v.activity.type,
  date: v.activity.date,
  topic: v.activity.topic,
  note: v.activity.note,
  customer_id: v.activity.customerId,
  customer: v.customer,
  opp_id: v.activity.oppId,
  people: v.people,
  next_action: v.activity.nextAction,
  next_date: v.activity.nextDate,
  task_id: v.activity.followUpTaskId,
  owner_id: v.activity.ownerId,
});

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    visit_created: true;
  }
}

/** The events an activity records (spec 6.1). */
export const ACTIVITY_EVENT_KINDS: EventKindList = {
  place: 50,
  kinds: [
    { name: 'visit_created', label: { en: 'a visit is logged', tr: 'bir ziyaret kaydedildiğinde' }, module: MODULES.activities, dataFields: ['id', 'customer', 'type', 'date', 'next_action', 'note'], record: { type: 'activity', table: 'activities' } },
  ],
};
