import { formatTimestamp } from '../../../platform/common/time';
import type { ActivityView } from '../../../domain/crm/activities/activities.service';
import { rid } from '../../../domain/crm/shared/record-keys';
import type { Page } from '../../../domain/crm/shared/paging';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { listResponse, summaryOf } from './common.mapper';
import type { z } from 'zod';
import type { Activity, ActivityList, ActivityResponse } from '../schemas/activity.schema';

/** The activity / visit record. */
export function toActivity(v: ActivityView, ws: Workspace): z.output<typeof Activity> {
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

export const toActivityResponse = (v: ActivityView, ws: Workspace): z.output<typeof ActivityResponse> => ({ ok: true as const, activity: toActivity(v, ws) });

export const toActivityList = (page: Page<ActivityView>, ws: Workspace): z.output<typeof ActivityList> =>
  listResponse(
    page.items.map((v) => toActivity(v, ws)),
    page.nextCursor,
  );
