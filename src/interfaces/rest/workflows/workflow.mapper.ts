import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import { recordKey, starterOf } from '../../../domain/crm/workflows';
import type { RunNames, RunsPage, Simulation, WorkflowTemplate, WorkflowView } from '../../../domain/crm/workflows';
import type { RunStep } from '../../../domain/crm/workflows/workflow-run.entity';
import type { WorkflowRun as RunRow } from '../../../domain/crm/workflows/workflow-run.entity';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { Workflow, WorkflowList, WorkflowResponse, WorkflowRun, WorkflowRunList, WorkflowRunResponse, WorkflowRunStep, WorkflowSimulation, WorkflowTemplateList } from './workflow.schema';
import { summaryOf, toUserSummary } from '../../../domain/identity/user.view';

type Out<T extends z.ZodType> = z.output<T>;

export function toWorkflow(v: WorkflowView, ws: Workspace): Out<typeof Workflow> {
  const r = v.rule;
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    version: r.version,
    enabled: r.enabled,
    disabled_reason: r.disabledReason,
    trigger: r.trigger as Out<typeof Workflow>['trigger'],
    conditions: r.conditions,
    actions: r.actions as Out<typeof Workflow>['actions'],
    template: r.template,
    created_by: v.createdBy ? toUserSummary(v.createdBy, ws.app.locale) : null,
    created_at: formatTimestamp(r.createdAt, ws.timezone),
    updated_at: formatTimestamp(r.updatedAt, ws.timezone),
  };
}

export const toWorkflowResponse = (v: WorkflowView, ws: Workspace): Out<typeof WorkflowResponse> => ({ ok: true as const, workflow: toWorkflow(v, ws) });
export const toWorkflowList = (views: WorkflowView[], ws: Workspace): Out<typeof WorkflowList> => ({ ok: true as const, items: views.map((v) => toWorkflow(v, ws)) });

/** A step with the names of what it names (the stored `user_id` becomes `user`). */
function toStep(st: RunStep, names: RunNames, ws: Workspace): Out<typeof WorkflowRunStep> {
  const { user_id, ...rest } = st;
  return {
    ...rest,
    ...(st.record_kind && st.record_id ? { record_name: names.records.get(recordKey(st.record_kind, st.record_id)) ?? null } : {}),
    ...(user_id ? { user: summaryOf(names.users, user_id, ws.app.locale) } : {}),
  };
}

export function toWorkflowRun(r: RunRow, names: RunNames, ws: Workspace): Out<typeof WorkflowRun> {
  return {
    id: r.id,
    workflow_id: r.workflowId,
    workflow_name: names.rules.get(r.workflowId) ?? '',
    version: r.version,
    trigger_kind: r.triggerKind as Out<typeof WorkflowRun>['trigger_kind'],
    trigger_ref: r.triggerRef,
    event_id: r.eventId,
    record_kind: r.recordKind as Out<typeof WorkflowRun>['record_kind'],
    record_id: r.recordId,
    record_name: names.records.get(recordKey(r.recordKind, r.recordId)) ?? null,
    started_by: summaryOf(names.users, starterOf(r.triggerRef), ws.app.locale),
    depth: r.depth,
    status: r.status,
    steps: r.steps.map((st) => toStep(st, names, ws)),
    due_at: formatTimestamp(r.dueAt, ws.timezone),
    error: r.error,
    created_at: formatTimestamp(r.createdAt, ws.timezone),
    finished_at: formatTimestamp(r.finishedAt, ws.timezone),
  };
}

export const toWorkflowRunResponse = (r: RunRow, names: RunNames, ws: Workspace): Out<typeof WorkflowRunResponse> => ({ ok: true as const, run: toWorkflowRun(r, names, ws) });
export const toWorkflowRunList = (p: RunsPage, names: RunNames, ws: Workspace): Out<typeof WorkflowRunList> => ({
  ok: true as const,
  items: p.items.map((r) => toWorkflowRun(r, names, ws)),
  next_cursor: p.nextBefore === null ? null : String(p.nextBefore),
});

export const toWorkflowSimulation = (s: Simulation, names: RunNames, ws: Workspace): Out<typeof WorkflowSimulation> => ({
  ok: true as const,
  since: formatTimestamp(s.since, ws.timezone),
  events: s.events,
  truncated: s.truncated,
  runs: s.runs.map((r) => ({
    event_id: r.eventId,
    event: r.event,
    record_kind: r.recordKind,
    record_id: r.recordId,
    record_name: names.records.get(recordKey(r.recordKind, r.recordId)) ?? null,
    steps: r.steps.map((st) => toStep(st, names, ws)),
  })),
});

export const toWorkflowTemplateList = (list: WorkflowTemplate[]): Out<typeof WorkflowTemplateList> => ({
  ok: true as const,
  items: list.map((t) => ({ key: t.key, name: t.name, description: t.description, trigger: t.trigger as Out<typeof Workflow>['trigger'], conditions: t.conditions, actions: t.actions as Out<typeof Workflow>['actions'] })),
});
