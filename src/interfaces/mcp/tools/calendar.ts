import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { id, name, text, timestamp } from '../mcp.args';
import { meetingView } from '../../../domain/crm/today/today.view';
import { Meeting } from '../mcp.outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { CalendarService } from '../../../domain/crm/calendar/calendar.service';

/**
 * The user's calendar (the activities module).
 */
export function calendarTools(get: ServiceOf): ToolDef[] {
  const s = { calendar: get(CalendarService) };
  return [
    defineTool({
      name: 'create_calendar_entry',
      title: 'Create a calendar entry',
      description: "A meeting or appointment in the user's calendar, optionally with a company or opportunity; times in the workspace's local time.",
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.activities,
      output: Meeting,
      input: z.strictObject({
        title: name(300, 'what the meeting is'),
        start: timestamp('start'),
        end: timestamp('end, after start'),
        location: text(300, 'where').optional(),
        note: text(5000, 'note').optional(),
        customer_id: id('company').optional(),
        opp_id: id('opportunity').optional(),
      }),
      run: async (auth, a) => meetingView((await s.calendar.create(auth, a)).entry, auth.workspace),
    }),
  ];
}
calendarTools.place = 80;
