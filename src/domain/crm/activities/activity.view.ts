import { summaryOf } from '../../identity/user.view';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import type { Page } from '../shared/paging';
import { rid } from '../shared/record-keys';
import type { ActivityView } from './activities.service';

/**
 * The read model of an activity (a visit, a call): the record as the outside world sees it, linked names beside ids,
 * timestamps in the workspace's local time. REST answers and documents it (`src/interfaces/rest/activities/activity.schema.ts`,
 * checked against this shape by tsc), and MCP answers the compact projection (below).
 */

/** The activity / visit record. */
export function activityView(v: ActivityView, ws: Workspace) {
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

/** The compact projection MCP tools and Ask's model answer: what happened, with whom, and the next step; ids for the owner. */
export const activityCompact = (v: ActivityView) => ({
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
