import * as z from 'zod/v4';
import { agenda } from '../mcp.mappers';
import { Agenda } from '../mcp.outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { TodayService } from '../../../domain/crm/today/today.service';

/**
 * The user's day: meetings, actions due soon, overdue tasks and visits, and this week's targets.
 */
export function todayTools(get: ServiceOf): ToolDef[] {
  const s = { today: get(TodayService) };
  return [
    defineTool({
      name: 'today',
      title: "Today's agenda",
      description: "The user's day: meetings, actions due soon, overdue tasks and visits, and this week's visit and task targets (parts of modules the user lacks stay empty).",
      write: false,
      output: Agenda,
      input: z.strictObject({}),
      run: async (auth) => agenda(await s.today.today(auth), auth.workspace),
    }),
  ];
}
todayTools.place = 90;
