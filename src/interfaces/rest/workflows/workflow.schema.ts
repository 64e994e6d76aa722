import { z } from 'zod';
import type { workflowRunsView, workflowRunView, workflowSimulationView, workflowTemplateView, workflowView } from '../../../domain/crm/workflows';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import { CRM_EVENT_NAMES, type CrmEventName } from '../../../domain/crm/event-kinds';
import { ACTION_TYPES, EMAIL_RECIPIENTS, ASSIGNEE_KINDS, RECORD_KINDS, TIME_WATCHES, TRIGGER_KINDS, type Trigger } from '../../../domain/crm/workflows/workflows.rules';
import { RUN_STATUSES, STEP_OUTCOMES } from '../../../domain/crm/workflows/workflow-run.entity';
import { UserSummary, userSummaryExample } from '../shared/common.schema';
import { WebhookFilter } from '../webhooks/webhook.schema';

export const WorkflowTrigger = named(
  'WorkflowTrigger',
  z.object({
    kind: z.enum(TRIGGER_KINDS).meta({ description: '`event`: a CRM event (spec 6.1); `manual`: a user runs it on a record; `hook`: a record an inbound hook created; `time`: a date passed' }),
    event: z.enum(CRM_EVENT_NAMES).optional().meta({ description: 'kind `event`: the event kind' }),
    filter: WebhookFilter.nullable().optional().meta({ description: "kind `event`: a filter on the event's `data` (the webhook filters' language); null: every event of the kind" }),
    record_kind: z.enum(RECORD_KINDS).optional().meta({ description: 'kind `manual`: the kind of record it runs on' }),
    hook_id: f.id().optional().meta({ description: 'kind `hook`: the inbound hook' }),
    watch: z.enum(TIME_WATCHES).optional().meta({ description: 'kind `time`: an open opportunity `days` past its close date, an open task `days` overdue, or an open opportunity `days` in `stage`' }),
    days: f.count().optional().meta({ description: 'kind `time`: the days' }),
    stage: z.string().optional().meta({ description: 'kind `time`, watch `opportunity_in_stage`: the stage' }),
  }),
  { description: 'What starts a run of a workflow.', example: { kind: 'event', event: 'lead_created', filter: null } },
);

const Assignee = named(
  'WorkflowAssignee',
  z.object({
    kind: z.enum(ASSIGNEE_KINDS).meta({ description: "`owner`: the record's owner; `user`: `user_id`; `round_robin`: `user_ids` in turn" }),
    user_id: f.id().optional(),
    user_ids: z.array(f.id()).optional(),
  }),
  { description: 'Who gets the work.', example: { kind: 'owner' } },
);

const stepFields = {
  when: WebhookFilter.nullable().optional().meta({ description: 'the action runs only when this holds on the context (the event `data` and `record.*`); otherwise it is skipped' }),
  title: z.string().optional().meta({ description: 'create_task, add_calendar_entry: the title; `{{field}}` takes a value of the context (`{{name}}`, `{{record.customer_id}}`)' }),
  description: z.string().optional().meta({ description: 'create_task' }),
  due_in_days: f.count().optional().meta({ description: "create_task: due this many days after the run (local date); create_order: the order's due date, as many days after the run" }),
  due_field: z.string().optional().meta({ description: 'create_task: a path into the context holding the due date (`record.next_date`); before `due_in_days`' }),
  priority: z.string().optional().meta({ description: "create_task: one of the workspace's task priorities" }),
  assignee: Assignee.optional().meta({ description: 'create_task (default: the owner), assign_owner' }),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable()).optional().meta({ description: "update_fields: the record's fields as its REST PATCH names them; `stage` is a stage move through the gates. create_record: the object's field keys and the context's paths they take (`record.value`)" }),
  text: z.string().optional().meta({ description: "add_note: the note; create_order: the order's note (an order draft from the opportunity's company, product, quantity and offer price, not sent to the ERP); post_chat: the message (`{{opportunity.name}}`, `{{company.name}}`, `{{owner.full_name}}` take their values)" }),
  to: z.enum(EMAIL_RECIPIENTS).optional().meta({ description: "send_email: the record's owner or its company's main contact (`is_main`)" }),
  subject: z.string().optional().meta({ description: 'send_email: the subject (one line), with `{{…}}` values' }),
  body: z.string().optional().meta({ description: "send_email: plain text with `{{…}}` values (escaped in the HTML part); sent through the owner's connected mailbox, else the service's SMTP_URL" }),
  connection_id: f.id().optional().meta({ description: 'post_chat: a chat connection; call_webhook: a webhook connection (signed, Standard Webhooks)' }),
  object: z.string().optional().meta({ description: 'create_record: the key of a custom object' }),
  name: z.string().optional().meta({ description: "create_record: the new record's name, with `{{…}}` values" }),
  in_days: f.count().optional().meta({ description: 'add_calendar_entry: days after the run' }),
  at: z.string().optional().meta({ description: 'add_calendar_entry: local start time HH:mm' }),
  duration_min: f.count().optional().meta({ description: 'add_calendar_entry: minutes' }),
  minutes: f.count().optional().meta({ description: 'wait: minutes before the next action' }),
};

export const WorkflowStep = named('WorkflowStep', z.object({ type: z.enum(ACTION_TYPES).meta({ description: 'what it does (not branch nor wait inside a branch)' }), ...stepFields }), {
  description: 'An action inside a branch.',
  example: { type: 'add_note', text: 'Checked by the workflow' },
});

export const WorkflowAction = named(
  'WorkflowAction',
  z.object({
    type: z.enum(ACTION_TYPES).meta({ description: 'what it does' }),
    ...stepFields,
    if: WebhookFilter.optional().meta({ description: 'branch: the condition' }),
    then: z.array(WorkflowStep).optional().meta({ description: 'branch: the actions when it holds' }),
    else: z.array(WorkflowStep).optional().meta({ description: 'branch: the actions when it does not' }),
  }),
  { description: 'One action of a workflow, in order.', example: { type: 'create_task', title: 'Call {{company}}', due_in_days: 1, assignee: { kind: 'owner' } } },
);

export const Workflow = named(
  'Workflow',
  z.object({
    id: f.id(),
    name: z.string(),
    description: z.string(),
    version: z.int().min(1).meta({ description: 'one more at every change of the definition; runs name the version they ran' }),
    enabled: z.boolean(),
    disabled_reason: z.string().meta({ description: "why the engine disabled it (the storm guard); '' otherwise" }),
    trigger: WorkflowTrigger,
    conditions: WebhookFilter.nullable().meta({ description: 'a run acts only when these hold on the context (the event `data` and `record.*`); null: always' }),
    actions: z.array(WorkflowAction),
    template: z.string().meta({ description: "the template it was installed from; '' otherwise" }),
    created_by: UserSummary.nullable(),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  }),
  { description: 'A workflow: the CRM acting on its own events (spec 6.1 names workflows as an origin of changes; docs/decisions/workflows.md).' },
);
export const workflowExample = example(Workflow, {
  id: 7, name: 'New fair lead: task for the owner', description: '', version: 2, enabled: true, disabled_reason: '',
  trigger: { kind: 'event', event: 'lead_created', filter: null }, conditions: null,
  actions: [{ type: 'create_task', title: 'Call {{company}}', due_in_days: 1, assignee: { kind: 'owner' } }],
  template: 'fair_lead_task', created_by: userSummaryExample, created_at: '2026-11-28T10:00:00', updated_at: '2026-11-28T10:05:00',
});

export const WorkflowResponse = named('WorkflowResponse', z.object({ ok: f.ok(), workflow: Workflow }), { description: 'One workflow.', example: { ok: true, workflow: workflowExample } });
export const WorkflowList = named('WorkflowList', z.object({ ok: f.ok(), items: z.array(Workflow) }), { description: 'The workflows by name (not paged; at most 100).', example: { ok: true, items: [workflowExample] } });

export const WorkflowRunStep = named(
  'WorkflowRunStep',
  z.object({
    path: z.string().meta({ description: 'the action in the definition: `actions[2]`, `actions[1].then[0]`' }),
    type: z.string(),
    outcome: z.enum(STEP_OUTCOMES).meta({ description: '`done`, `skipped` (its condition did not hold), `failed` (refused or unreachable: `detail` says why), `waiting` (a wait), `retrying`' }),
    detail: z.string(),
    record_kind: z.string().optional().meta({ description: 'the record it made or changed' }),
    record_id: f.id().optional(),
    record_name: z.string().nullable().optional().meta({ description: "that record's name; null when it is gone or the reader does not see it" }),
    user: UserSummary.nullable().optional().meta({ description: 'the user it gave the task, the record or the entry to' }),
    at: f.timestamp(),
  }),
  {
    description: "One action's outcome in a run. `detail` is the engine's own line (ids, in English); `record_name` and `user` name what it names.",
    example: { path: 'actions[0]', type: 'create_task', outcome: 'done', detail: 'task 812', record_kind: 'task', record_id: 812, record_name: 'Call Fuar Kimya', user: userSummaryExample, at: '2026-11-28T10:06:00' },
  },
);

export const WorkflowRun = named(
  'WorkflowRun',
  z.object({
    id: f.id(),
    workflow_id: f.id(),
    workflow_name: z.string(),
    version: z.int().min(1),
    trigger_kind: z.enum(TRIGGER_KINDS),
    trigger_ref: z.string().meta({ description: 'the event kind, `user:<id>`, `hook:<id>` or the time watch' }),
    event_id: f.id().nullable().meta({ description: 'the journal event that started it' }),
    record_kind: z.enum(RECORD_KINDS),
    record_id: f.id(),
    record_name: z.string().nullable().meta({ description: "the record's name; null when it is gone (or, for a step's record, not visible to the reader)" }),
    started_by: UserSummary.nullable().meta({ description: 'the user who ran a manual workflow; null for other triggers' }),
    depth: z.int().min(1).meta({ description: '1 when a person, a hook or the clock started it; one more for each workflow in the chain' }),
    status: z.enum(RUN_STATUSES),
    steps: z.array(WorkflowRunStep),
    due_at: f.timestamp().nullable().meta({ description: 'when a waiting run resumes' }),
    error: z.string(),
    created_at: f.timestamp(),
    finished_at: f.timestamp().nullable(),
  }),
  { description: 'One run of a workflow.' },
);
export const workflowRunExample = example(WorkflowRun, {
  id: 301, workflow_id: 7, workflow_name: 'New fair lead: task for the owner', version: 2, trigger_kind: 'event', trigger_ref: 'lead_created', event_id: 9120, record_kind: 'lead', record_id: 55, record_name: 'Fuar Kimya', started_by: null, depth: 1, status: 'done',
  steps: [{ path: 'actions[0]', type: 'create_task', outcome: 'done', detail: 'task 812', record_kind: 'task', record_id: 812, record_name: 'Call Fuar Kimya', user: userSummaryExample, at: '2026-11-28T10:06:00' }],
  due_at: null, error: '', created_at: '2026-11-28T10:06:00', finished_at: '2026-11-28T10:06:00',
});
export const WorkflowRunResponse = named('WorkflowRunResponse', z.object({ ok: f.ok(), run: WorkflowRun }), { description: 'One run.', example: { ok: true, run: workflowRunExample } });
export const WorkflowRunList = listOf('WorkflowRunList', WorkflowRun, 'Runs, newest first.');

export const WorkflowSimulation = named(
  'WorkflowSimulation',
  z.object({
    ok: f.ok(),
    since: f.timestamp(),
    events: f.count().meta({ description: 'journal events read' }),
    truncated: z.boolean().meta({ description: 'more events than one simulation reads (the first 1000)' }),
    runs: z.array(
      z.object({
        event_id: f.id().nullable(),
        event: z.string(),
        record_kind: z.enum(RECORD_KINDS),
        record_id: f.id(),
        record_name: z.string().nullable(),
        steps: z.array(WorkflowRunStep),
      }),
    ),
  }),
  {
    description: 'What the workflow would have done on past events, record by record; nothing is written.',
    example: { ok: true, since: '2026-11-20T00:00:00', events: 14, truncated: false, runs: [{ event_id: 9120, event: 'lead_created', record_kind: 'lead', record_id: 55, record_name: 'Fuar Kimya', steps: workflowRunExample.steps }] },
  },
);

export const WorkflowTemplate = named(
  'WorkflowTemplate',
  z.object({
    key: z.string(),
    name: z.string(),
    description: z.string(),
    trigger: WorkflowTrigger,
    conditions: WebhookFilter.nullable(),
    actions: z.array(WorkflowAction),
  }),
  { description: 'A ready-made workflow; installing it creates a disabled rule.' },
);
export const WorkflowTemplateList = named('WorkflowTemplateList', z.object({ ok: f.ok(), items: z.array(WorkflowTemplate) }), {
  description: 'The templates.',
  example: { ok: true, items: [{ key: 'fair_lead_task', name: workflowExample.name, description: 'A task for the owner within a day of a new fair lead.', trigger: workflowExample.trigger, conditions: null, actions: workflowExample.actions }] },
});

/**
 * An event trigger's `event` is a string to the workflows feature (a feature cannot see the CRM's list of kinds);
 * the definition is checked against the event registry at save, and only the CRM registers kinds
 * (src/domain/crm/event-kinds.ts), so it is one of CRM_EVENT_NAMES. Every other field is checked as it is.
 */
type EventNamed<T> = T extends { kind: 'event' } ? Omit<T, 'event'> & { event: CrmEventName } : T;
type CrmEvents<V extends { trigger: Trigger }> = Omit<V, 'trigger'> & { trigger: EventNamed<V['trigger']> };

/** The domain's read model is what these schemas document (src/domain/crm/workflows/workflow.view.ts). */
export type WorkflowViewsFit = [
  Assert<Conforms<CrmEvents<ReturnType<typeof workflowView>>, typeof Workflow>>,
  Assert<Conforms<ReturnType<typeof workflowRunView>, typeof WorkflowRun>>,
  Assert<Conforms<{ ok: true } & ReturnType<typeof workflowRunsView>, typeof WorkflowRunList>>,
  Assert<Conforms<{ ok: true } & ReturnType<typeof workflowSimulationView>, typeof WorkflowSimulation>>,
  Assert<Conforms<CrmEvents<ReturnType<typeof workflowTemplateView>>, typeof WorkflowTemplate>>,
];
