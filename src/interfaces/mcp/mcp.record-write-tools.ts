import * as z from 'zod/v4';
import { MODULES } from '../../domain/workspace/defaults';
import { date, email, flag, id, name, text, timestamp } from './mcp.args';
import * as M from './mcp.mappers';
import * as O from './mcp.outputs';
import { defineTool, type ToolDef, type ToolServices } from './mcp.tool-def';

/**
 * Record writes beside the conversational ones of `mcp.write-tools.ts`: each one the REST route's service
 * call (POST/PATCH companies, PATCH tasks, POST steps/{id}/toggle, POST calendar), so rules, visibility,
 * duplicate checks and events are REST's. An update changes only the arguments given.
 */
export function recordWriteTools(s: ToolServices): ToolDef[] {
  return [...companyTools(s), ...taskTools(s), ...stepAndCalendarTools(s)];
}

/** The company fields a tool may set (a subset of REST's: what a conversation names). */
const companyFields = () => ({
  status: text(40, 'one of the workspace customer statuses').optional(),
  sector: text(100, 'sector').optional(),
  city: text(100, 'city').optional(),
  country: text(100, 'country').optional(),
  address: text(500, 'street address').optional(),
  phone: text(50, 'phone').optional(),
  email: email('e-mail').optional(),
  website: text(300, 'website').optional(),
  note: text(5000, 'note about the company').optional(),
});

function companyTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'create_company',
      title: 'Create a company',
      description:
        'A new company (customer) owned by the user. A company with the same name already existing is refused as `duplicate` naming it; pass force: true only when the user confirms it is another company.',
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.customers,
      output: O.Company,
      input: z.strictObject({ name: name(200, 'company name'), ...companyFields(), force: flag('create even when a company of the same name or tax number exists').optional() }),
      choices: (c) => ({ status: c.customer_statuses }),
      run: async (auth, a) => M.company((await s.companies.create(auth, a)).company),
    }),
    defineTool({
      name: 'update_company',
      title: 'Update a company',
      description: 'Change fields of a company the user may edit; only the arguments given change.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.customers,
      output: O.Company,
      input: z.strictObject({ id: id('company'), name: name(200, 'new company name').optional(), ...companyFields() }),
      choices: (c) => ({ status: c.customer_statuses }),
      run: async (auth, { id: companyId, ...change }) => M.company((await s.companies.update(auth, companyId, change)).company),
    }),
  ];
}

function taskTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'update_task',
      title: 'Update a task',
      description: 'Change a task the user may edit (title, due date, priority, status); only the arguments given change. due_date null removes the due date.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.activities,
      output: O.Task,
      input: z.strictObject({
        id: id('task'),
        title: name(300, 'what to do').optional(),
        due_date: date('due date').nullable().optional().describe('due date (YYYY-MM-DD), or null to remove it'),
        priority: text(40, 'one of the workspace task priorities').optional(),
        status: text(40, 'one of the workspace task statuses').optional(),
      }),
      choices: (c) => ({ priority: c.task_priorities, status: c.task_statuses }),
      run: async (auth, { id: taskId, ...change }) => M.taskView(await s.tasks.update(auth, taskId, change)),
    }),
    defineTool({
      name: 'complete_task',
      title: 'Complete a task',
      description: "Mark a task the user may edit as done (the workspace's done status).",
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.activities,
      output: O.Task,
      input: z.strictObject({ id: id('task') }),
      run: async (auth, a) => M.taskView(await s.tasks.update(auth, a.id, { status: auth.workspace.constants.task_done_status })),
    }),
  ];
}

function stepAndCalendarTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'toggle_opportunity_step',
      title: 'Tick or untick a checklist step',
      description: "Set a checklist step of an opportunity the user may edit done or not done (step ids are in get_opportunity's steps); a BANT step also sets the opportunity's BANT flag.",
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.opportunities,
      output: O.OpportunityDetail,
      input: z.strictObject({ step_id: id('checklist step'), done: flag('true: done, false: not done'), note: text(1000, 'a note on the step').optional() }),
      run: async (auth, a) => {
        const change = await s.opps.toggleStep(auth, a.step_id, { done: a.done, note: a.note });
        return M.oppDetail(await s.opps.get(auth, change.opp.id));
      },
    }),
    defineTool({
      name: 'create_calendar_entry',
      title: 'Create a calendar entry',
      description: "A meeting or appointment in the user's calendar, optionally with a company or opportunity; times in the workspace's local time.",
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.activities,
      output: O.Meeting,
      input: z.strictObject({
        title: name(300, 'what the meeting is'),
        start: timestamp('start'),
        end: timestamp('end, after start'),
        location: text(300, 'where').optional(),
        note: text(5000, 'note').optional(),
        customer_id: id('company').optional(),
        opp_id: id('opportunity').optional(),
      }),
      run: async (auth, a) => M.meeting((await s.calendar.create(auth, a)).entry, auth.workspace),
    }),
  ];
}
