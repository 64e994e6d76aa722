import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { id, limit } from '../mcp.args';
import { ActivityChangeFields, ActivityFields, ActivityFilters, activityCompact } from '../../../domain/crm/activities/activity.view';
import { Activity } from '../mcp.outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { ActivitiesService } from '../../../domain/crm/activities/activities.service';

/**
 * Activities (the activities module): list, read, log, change and delete visits and calls, each the REST route's
 * service call (an activity the user may not see is not_found). Values that must be one of the workspace's lists (visit
 * types, topics, next actions) are offered as enums in tools/list and checked by the service.
 */
export function activityTools(get: ServiceOf): ToolDef[] {
  const s = { activities: get(ActivitiesService) };
  return [...activityReads(s), ...activityWrites(s)];
}
activityTools.place = 60;

type Services = { activities: ActivitiesService };

/** The activities the user may see. */
function activityReads(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'list_activities',
      title: 'Search activities',
      description:
        "Visits, calls and other activities visible to the user (their own and their department's; admins all), newest first; filter by company, opportunity, owner, type or a range of days.",
      write: false,
      module: MODULES.activities,
      output: z.array(Activity),
      input: z.strictObject({ ...ActivityFilters.shape, limit: limit().optional() }),
      choices: (c) => ({ type: c.visit_types }),
      run: async (auth, a) => (await s.activities.list(auth, { ...a, limit: a.limit ?? 20 })).items.map(activityCompact),
    }),
    defineTool({
      name: 'get_activity',
      title: 'Get an activity',
      description: 'One activity the user may see: what happened, with whom, and the next step with its follow-up task.',
      write: false,
      module: MODULES.activities,
      output: Activity,
      input: z.strictObject({ id: id('activity') }),
      run: async (auth, a) => activityCompact(await s.activities.get(auth, a.id)),
    }),
  ];
}

/** Logging an activity, its changes and its deletion. */
function activityWrites(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'create_activity',
      title: 'Log an activity',
      description:
        "Log a visit, call or other activity with a company (type: one of the workspace visit types). It moves the company's last visit; a next_action becomes a task of the owner due on next_date.",
      write: true,
      destructive: false,
      idempotent: false,
      output: Activity,
      module: MODULES.activities,
      input: z.strictObject(ActivityFields.shape),
      choices: (c) => ({ type: c.visit_types }),
      run: async (auth, a) => activityCompact(await s.activities.create(auth, a)),
    }),
    defineTool({
      name: 'update_activity',
      title: 'Update an activity',
      description:
        'Change fields of an activity the user may edit; only the arguments given change (null clears an optional one). Changing next_action or next_date moves its follow-up task; clearing next_action removes an open one.',
      write: true,
      destructive: true,
      idempotent: true,
      output: Activity,
      module: MODULES.activities,
      input: z.strictObject({ id: id('activity'), ...ActivityChangeFields.shape }),
      choices: (c) => ({ type: c.visit_types }),
      run: async (auth, { id: activityId, ...change }) => activityCompact(await s.activities.update(auth, activityId, change)),
    }),
    defineTool({
      name: 'delete_activity',
      title: 'Delete an activity',
      description:
        'Delete an activity the user may edit, for good (DELETE /api/v1/activities/{id}). The user is asked first; a client that cannot ask must pass confirm: true once the user agreed.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.activities,
      output: z.object({ deleted: z.literal(true), id: z.int() }),
      input: z.strictObject({ id: id('activity') }),
      confirm: async (auth, a) => {
        const v = await s.activities.get(auth, a.id);
        return `Delete the activity "${v.activity.type}" with ${v.customer || 'a company'} on ${v.activity.date} (activity ${a.id}) for good?`;
      },
      run: async (auth, a) => {
        await s.activities.remove(auth, a.id);
        return { deleted: true as const, id: a.id };
      },
    }),
  ];
}
