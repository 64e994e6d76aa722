import * as z from 'zod/v4';
import { MODULES } from '../../domain/workspace/defaults';
import { date, email, id, name, text } from './mcp.args';
import * as M from './mcp.mappers';
import * as O from './mcp.outputs';
import { defineTool, type ToolDef, type ToolServices } from './mcp.tool-def';

/**
 * Writes (crm.write): each one the REST route's service call, so rules, visibility, the unit of work
 * and the events are the same. Values that must be one of the workspace's lists (stages, visit types,
 * loss reasons …) are offered as enums in tools/list and checked by the service.
 */
export function writeTools(s: ToolServices): ToolDef[] {
  return [...activityTools(s), ...opportunityTools(s), ...leadTools(s)];
}

/** Activities and tasks (the activities module). */
function activityTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'create_activity',
      title: 'Log an activity',
      description: 'Log a visit, call or other activity with a company; type is one of the workspace visit types.',
      write: true,
      destructive: false,
      idempotent: false,
      output: O.Activity,
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
        M.activity(
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
    defineTool({
      name: 'create_task',
      title: 'Create a task',
      description: 'A task for the user, optionally tied to a company or opportunity.',
      write: true,
      destructive: false,
      idempotent: false,
      output: O.Task,
      module: MODULES.activities,
      input: z.strictObject({
        title: name(300, 'what to do'),
        due_date: date('due date').optional(),
        priority: text(40, 'one of the workspace task priorities').optional(),
        customer_id: id('company').optional(),
        opp_id: id('opportunity').optional(),
      }),
      choices: (c) => ({ priority: c.task_priorities }),
      run: async (auth, a) =>
        M.taskView(await s.tasks.create(auth, { title: a.title, due_date: a.due_date ?? null, priority: a.priority ?? null, customer_id: a.customer_id ?? null, opp_id: a.opp_id ?? null })),
    }),
  ];
}

/**
 * Changes to an opportunity: the command answers the changed row, and the tool answers its brief (company,
 * next stage, notes) rather than the full record REST shows.
 */
function opportunityTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'move_opportunity_stage',
      title: "Move an opportunity's stage",
      description:
        "Move an opportunity the user may edit to another stage of the workspace's pipeline (the stage gates apply). Closing it as lost or cancelled needs close_reason, one of the workspace loss reasons.",
      write: true,
      destructive: true,
      idempotent: true,
      output: O.OpportunityBrief,
      module: MODULES.opportunities,
      input: z.strictObject({
        id: id('opportunity'),
        stage: name(40, "the new stage: one of the workspace's stages"),
        note: text(1000, 'why, for the stage log').optional(),
        close_reason: text(100, 'for a lost or cancelled stage: one of the workspace loss reasons').optional(),
        close_category: text(100, 'close category').optional(),
      }),
      choices: (c) => ({ stage: c.stages, close_reason: c.loss_reasons }),
      run: async (auth, a) => {
        const change = await s.opps.moveStage(auth, a.id, { stage: a.stage, note: a.note, close_reason: a.close_reason, close_category: a.close_category });
        return M.oppBrief(await s.opps.brief(auth, change));
      },
    }),
    defineTool({
      name: 'add_opportunity_note',
      title: 'Add a note to an opportunity',
      description: 'Append a note to an opportunity the user may edit.',
      write: true,
      destructive: false,
      idempotent: false,
      output: O.OpportunityBrief,
      module: MODULES.opportunities,
      input: z.strictObject({ id: id('opportunity'), body: name(5000, 'the note') }),
      run: async (auth, a) => M.oppBrief(await s.opps.brief(auth, await s.opps.addNote(auth, a.id, a.body))),
    }),
  ];
}

/** Leads (the leads module). */
function leadTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'create_lead',
      title: 'Create a lead',
      description: 'A new lead (a prospect met at a trade fair or elsewhere), owned by the user, with the workspace\'s initial lead status.',
      write: true,
      destructive: false,
      idempotent: false,
      output: O.Lead,
      module: MODULES.leads,
      input: z.strictObject({
        company: name(200, 'company name'),
        contact_name: text(200, 'contact person').optional(),
        title: text(150, "the contact's job title").optional(),
        email: email("the contact's e-mail").optional(),
        phone: text(50, 'phone').optional(),
        city: text(100, 'city').optional(),
        interest: text(40, 'one of the workspace lead interest levels').optional(),
        next_action: text(100, 'one of the workspace lead next actions').optional(),
        next_date: date('when to do the next action').optional(),
        note: text(5000, 'note').optional(),
        fair_id: id('trade fair').optional(),
        customer_id: id('registered company the lead belongs to').optional(),
      }),
      choices: (c) => ({ interest: c.lead_interest, next_action: c.lead_next_actions }),
      run: async (auth, a) => M.lead(await s.leads.create(auth, a)),
    }),
  ];
}
