import type { WorkspaceConstants } from '../../workspace/workspace.entity';
import type { EventFilter } from '../../integrations/event-filter';
import type { Action, Trigger } from './workflows.rules';

export interface WorkflowTemplate {
  key: string;
  name: string;
  description: string;
  trigger: Trigger;
  conditions: EventFilter | null;
  actions: Action[];
}

/**
 * Ready-made rules, built from the workspace's own constants (its won stage, its stages' SLA) and its first chat
 * connection (`chat`, when it has one): installing one creates a disabled rule an admin reviews before enabling it.
 */
export function workflowTemplates(c: WorkspaceConstants, chat: { id: number; kind: string } | null = null): WorkflowTemplate[] {
  const won = c.stages.find((s) => c.stage_roles[s] === 'won') ?? c.stages[c.stages.length - 1] ?? '';
  const slaStage = c.open_stages.find((s) => (c.stage_sla[s] ?? 0) > 0) ?? c.open_stages[0] ?? c.stages[0] ?? '';
  const sla = c.stage_sla[slaStage] ?? 14;
  return [
    {
      key: 'fair_lead_task',
      name: 'New fair lead: task for the owner within a day',
      description: "A new lead gets a follow-up task for its owner (the fair's owner), due the next day.",
      trigger: { kind: 'event', event: 'lead_created', filter: null },
      conditions: null,
      actions: [{ type: 'create_task', title: 'Follow up the fair lead {{company}}', due_in_days: 1, assignee: { kind: 'owner' } }],
    },
    // the stage SLA tells the owner in the team's chat; a workspace without a chat connection gets a task and a note
    chat
      ? {
          key: 'stage_sla',
          name: `Stage SLA exceeded (${slaStage}): chat message to the owner`,
          description: `An open opportunity ${sla} days in ${slaStage} (the stage's SLA) is posted to the ${chat.kind} connection, naming its owner.`,
          trigger: { kind: 'time', watch: 'opportunity_in_stage', days: sla, stage: slaStage },
          conditions: null,
          actions: [{ type: 'post_chat', connection_id: chat.id, text: `{{owner.full_name}}: {{opportunity.name}} ({{company.name}}) has been in {{opportunity.stage}} longer than its SLA (${sla} days).` }],
        }
      : {
          key: 'stage_sla',
          name: `Stage SLA exceeded (${slaStage}): task and note for the owner`,
          description: `An open opportunity ${sla} days in ${slaStage} (the stage's SLA) gets a task for its owner and a note (with a chat connection, a chat message instead).`,
          trigger: { kind: 'time', watch: 'opportunity_in_stage', days: sla, stage: slaStage },
          conditions: null,
          actions: [
            { type: 'create_task', title: 'Move {{record.name}} on: {{record.stage}} SLA exceeded', due_in_days: 0, assignee: { kind: 'owner' } },
            { type: 'add_note', text: `The stage's SLA (${sla} days) is exceeded.` },
          ],
        },
    {
      key: 'visit_next_action',
      name: 'Visit with a next action: task on that date',
      description: 'A visit logged with a next action gets a task for its owner on the next action date.',
      trigger: { kind: 'event', event: 'visit_created', filter: { match: 'all', conditions: [{ field: 'next_action', op: 'not', value: '' }] } },
      conditions: null,
      actions: [{ type: 'create_task', title: '{{next_action}}: {{customer}}', due_field: 'record.next_date', due_in_days: 1, assignee: { kind: 'owner' } }],
    },
    {
      key: 'won_erp_check',
      name: 'Opportunity won: order draft and a task for the ERP check',
      description: "A won opportunity gets an order draft (its product, quantity and offer price; not sent to the ERP) and a task for its owner to check the order before it goes to the ERP.",
      trigger: { kind: 'event', event: 'opp_won', filter: null },
      conditions: won ? { match: 'all', conditions: [{ field: 'stage', op: 'eq', value: won }] } : null,
      actions: [
        { type: 'create_order', text: 'From the won opportunity {{name}}' },
        { type: 'create_task', title: 'Check the order of {{name}} and send it to the ERP', due_in_days: 2, assignee: { kind: 'owner' } },
      ],
    },
  ];
}
