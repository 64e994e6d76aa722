import { formatTimestamp } from '../../../platform/common/time';
import { summaryOf, toUserSummary } from '../../identity/user.view';
import type { Workspace } from '../../workspace/workspace.entity';
import type { Simulation } from './workflow-invoker';
import { recordKey, starterOf, type RunNames } from './workflow-run-names';
import type { RunStep, WorkflowRun } from './workflow-run.entity';
import type { WorkflowTemplate } from './workflow-templates';
import type { RecordKind, Trigger, TriggerKind } from './workflows.rules';
import type { RunsPage, WorkflowView } from './workflows.service';

/**
 * The read model of workflows (docs/decisions/workflows.md): a rule, a run, a simulation and a template as the
 * outside world sees them. REST answers and documents them (`src/interfaces/rest/workflows/workflow.schema.ts`,
 * checked against these shapes by tsc); the tools answer the compact projections (below): the trigger as one
 * string and the action types, a run's steps without names.
 */

/** A workflow rule with its author. */
export function workflowView(v: WorkflowView, ws: Workspace) {
  const r = v.rule;
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    version: r.version,
    enabled: r.enabled,
    disabled_reason: r.disabledReason,
    trigger: r.trigger,
    conditions: r.conditions,
    actions: r.actions,
    template: r.template,
    created_by: v.createdBy ? toUserSummary(v.createdBy, ws.app.locale) : null,
    created_at: formatTimestamp(r.createdAt, ws.timezone),
    updated_at: formatTimestamp(r.updatedAt, ws.timezone),
  };
}

/** A step with the names of what it names (the stored `user_id` becomes `user`). */
export function runStepView(st: RunStep, names: RunNames, ws: Workspace) {
  const { user_id, ...rest } = st;
  return {
    ...rest,
    ...(st.record_kind && st.record_id ? { record_name: names.records.get(recordKey(st.record_kind, st.record_id)) ?? null } : {}),
    ...(user_id ? { user: summaryOf(names.users, user_id, ws.app.locale) } : {}),
  };
}

/** A run of a rule: what started it, the record, its steps. */
export function workflowRunView(r: WorkflowRun, names: RunNames, ws: Workspace) {
  return {
    id: r.id,
    workflow_id: r.workflowId,
    workflow_name: names.rules.get(r.workflowId) ?? '',
    version: r.version,
    // The engine writes only these kinds (workflows.rules.ts); the columns are plain text.
    trigger_kind: r.triggerKind as TriggerKind,
    trigger_ref: r.triggerRef,
    event_id: r.eventId,
    record_kind: r.recordKind as RecordKind,
    record_id: r.recordId,
    record_name: names.records.get(recordKey(r.recordKind, r.recordId)) ?? null,
    started_by: summaryOf(names.users, starterOf(r.triggerRef), ws.app.locale),
    depth: r.depth,
    status: r.status,
    steps: r.steps.map((st) => runStepView(st, names, ws)),
    due_at: formatTimestamp(r.dueAt, ws.timezone),
    error: r.error,
    created_at: formatTimestamp(r.createdAt, ws.timezone),
    finished_at: formatTimestamp(r.finishedAt, ws.timezone),
  };
}

/** A page of runs, newest first. */
export const workflowRunsView = (p: RunsPage, names: RunNames, ws: Workspace) => ({
  items: p.items.map((r) => workflowRunView(r, names, ws)),
  next_cursor: p.nextBefore === null ? null : String(p.nextBefore),
});

/** What a rule would have done on the recent events. */
export const workflowSimulationView = (s: Simulation, names: RunNames, ws: Workspace) => ({
  since: formatTimestamp(s.since, ws.timezone),
  events: s.events,
  truncated: s.truncated,
  runs: s.runs.map((r) => ({
    event_id: r.eventId,
    event: r.event,
    record_kind: r.recordKind,
    record_id: r.recordId,
    record_name: names.records.get(recordKey(r.recordKind, r.recordId)) ?? null,
    steps: r.steps.map((st) => runStepView(st, names, ws)),
  })),
});

/** A template a rule can be installed from. */
export const workflowTemplateView = (t: WorkflowTemplate) => ({ key: t.key, name: t.name, description: t.description, trigger: t.trigger, conditions: t.conditions, actions: t.actions });

/** The trigger in one string: `event:<kind>`, `manual:<record kind>`, `hook:<id>` or `time:<watch>`. */
const triggerText = (t: Trigger) =>
  t.kind === 'event' ? `event:${t.event}` : t.kind === 'manual' ? `manual:${t.record_kind}` : t.kind === 'hook' ? `hook:${t.hook_id}` : `time:${t.watch}`;

/** The compact rule the tools answer: the trigger as a string, the action types in order. */
export const workflowCompact = ({ rule: r }: WorkflowView) => ({
  id: r.id,
  name: r.name,
  version: r.version,
  enabled: r.enabled,
  disabled_reason: r.disabledReason,
  trigger: triggerText(r.trigger),
  actions: r.actions.map((a) => a.type),
});

/** The compact run the tools answer: ids, and each step's path, type, outcome and detail. */
export const workflowRunCompact = (r: WorkflowRun) => ({
  id: r.id,
  workflow_id: r.workflowId,
  version: r.version,
  status: r.status,
  record_kind: r.recordKind,
  record_id: r.recordId,
  steps: r.steps.map(({ path, type, outcome, detail }) => ({ path, type, outcome, detail })),
  error: r.error,
});
