import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { date, id, name, text } from '../mcp.args';
import { activityCompact } from '../../../domain/crm/activities/activity.view';
import { Activity } from '../mcp.outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { ActivitiesService } from '../../../domain/crm/activities/activities.service';

/**
 * Activities (the activities module). Values that must be one of the workspace's lists (visit types, next actions) are
 * offered as enums in tools/list and checked by the service.
 */
export function activityTools(get: ServiceOf): ToolDef[] {
  const s = { activities: get(ActivitiesService) };
  return [
    defineTool({
      name: 'create_activity',
      title: 'Log an activity',
      description: 'Log a visit, call or other activity with a company; type is one of the workspace visit types.',
      write: true,
      destructive: false,
      idempotent: false,
      output: Activity,
      module: MODULES.activities,
      input: z.strictObject({
        customer_id: id('company'),
        type: name(40, 'activity type: one of the workspace visit types'),
        date: date('day of the activity'),
        topic: text(200, 'topic').optional(),
        note: text(5000, 'what happened').optional(),
        opp_id: id('opportunity of that company').optional(),
        next_action: name(200, 'the next step (one of the workspace next actions); it becomes a task due on next_date').optional(),
        next_date: date('day of the next step').optional(),
      }),
      choices: (c) => ({ type: c.visit_types }),
      run: async (auth, a) =>
        activityCompact(
          await s.activities.create(auth, {
            customer_id: a.customer_id,
            type: a.type,
            date: a.date,
            topic: a.topic ?? null,
            note: a.note ?? null,
            opp_id: a.opp_id ?? null,
            next_action: a.next_action ?? null,
            next_date: a.next_date ?? null,
          }),
        ),
    }),
  ];
}
activityTools.place = 60;
